import { placeholderPage } from '@propdesk/shell-ui';

/** The Settings › Leads reference-data screens; each is a placeholder until its issue is built. */
export const leadReferencePages = {
  sources: placeholderPage('Sources', 'Where leads come from, each under a source type, with a description.'),
  sourceTypes: placeholderPage('Source Types', 'The kinds of lead source that group the sources.'),
  channels: placeholderPage('Channels', 'The channels leads arrive through, each under a channel type.'),
  manageChannels: placeholderPage('Manage Channels', 'Adds, renames and deactivates channels and moves them between channel types.'),
  channelTypes: placeholderPage('Channel Types', 'The kinds of channel that group the channels.'),
  walkinLocations: placeholderPage('Walk-in Locations', 'The places walk-in leads are met, each with its project and address.'),
  leadStatuses: placeholderPage(
    'Lead Statuses',
    'The statuses a lead moves through, with colour, order and category (open, won, lost), exactly one of them the default.',
  ),
  projects: placeholderPage(
    'Projects',
    'The developer’s projects: unique code, area, site, address, launch and delivery dates, status, currency and description.',
  ),
  units: placeholderPage(
    'Units',
    'The unit inventory of each project: code, block, block type, floor, unit type, areas, rooms, view, base price and status from available to sold.',
  ),
  unitTypes: placeholderPage('Unit Types', 'The unit types, each in a category such as apartment, duplex, villa, office or retail.'),
  unitStatus: placeholderPage('Unit Status', 'The read-only list of unit statuses with their labels and colours.'),
  blockTypes: placeholderPage('Block Types', 'The kinds of building block that units belong to.'),
  paymentPlans: placeholderPage(
    'Payment Plans',
    'Payment plans: down payment, years, frequency, delivery and maintenance percentages and discount, adding up to 100 percent.',
  ),
  paymentPlanCreate: placeholderPage(
    'Create Payment Plan',
    'Sets up a payment plan and previews its installment schedule for a sample price.',
  ),
  unitOffers: placeholderPage(
    'Unit Offers',
    'Offers on a project or unit type: a discount percentage or amount, an optional payment plan and the dates they are valid.',
  ),
  salesTeams: placeholderPage('Sales Teams', 'Sales teams with their manager, members and the projects they sell.'),
  areas: placeholderPage('Areas', 'The areas projects sit in, with city and country.'),
  paymentTypes: placeholderPage(
    'Payment Types',
    'The kinds of payment collected: EOI, reservation, down payment, installment, delivery, maintenance and other.',
  ),
  banks: placeholderPage('Banks', 'The banks payments and cheques are drawn on, with code, SWIFT and branch.'),
  paymentStatuses: placeholderPage('Payment Statuses', 'The statuses a payment can have, with colour and whether it counts as paid.'),
  bouncedReasons: placeholderPage('Bounced Reasons', 'The reasons a cheque can bounce, with a description.'),
};

export type LeadReferencePage = keyof typeof leadReferencePages;
