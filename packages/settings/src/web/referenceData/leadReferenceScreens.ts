import type { LazyPage } from '@propdesk/shell-ui';
import type { LeadReferencePage } from './leadReferencePages.js';
import { readOn, screen, type Screen } from '@propdesk/shell-ui';

const page = (name: LeadReferencePage): LazyPage => () =>
  import('./leadReferencePages.js').then((m) => ({ Component: m.leadReferencePages[name] }));
const crumb = (title: string) => ({ title, trail: ['Settings', 'Leads', title] });

/** Settings › Leads reference data (spec section 2), each guarded by read on its entity as the spec spells it. */
export const leadReferenceScreens: readonly Screen[] = [
  screen('/settings/leads/sources', crumb('Sources'), page('sources'), readOn('source')),
  screen('/settings/leads/sourceTypes', crumb('Source Types'), page('sourceTypes'), readOn('sourcetype')),
  screen('/settings/leads/channels', crumb('Channels'), page('channels'), readOn('channel')),
  // Sidebar target with no route in the spec: guarded like its sidebar item (read on channel).
  screen('/settings/leads/channels/manage', crumb('Manage Channels'), page('manageChannels'), readOn('channel')),
  screen('/settings/leads/channelTypes', crumb('Channel Types'), page('channelTypes'), readOn('channeltype')),
  screen('/settings/leads/walkinLocations', crumb('Walk-in Locations'), page('walkinLocations'), readOn('walkinlocation')),
  screen('/settings/leads/leadStatuses', crumb('Lead Statuses'), page('leadStatuses'), readOn('lead')),
  screen('/settings/leads/projects', crumb('Projects'), page('projects'), readOn('project')),
  screen('/settings/leads/units', crumb('Units'), page('units'), readOn('unit')),
  screen('/settings/leads/unitTypes', crumb('Unit Types'), page('unitTypes'), readOn('unittype')),
  screen('/settings/leads/unitStatus', crumb('Unit Status'), page('unitStatus')),
  screen('/settings/leads/BlockTypes', crumb('Block Types'), page('blockTypes'), readOn('blocktype')),
  // Landing entry 27 spells this page /settings/leads/blocktype: the same Block Types screen.
  screen('/settings/leads/blocktype', crumb('Block Types'), page('blockTypes'), readOn('blocktype')),
  screen('/settings/leads/paymentPlan', crumb('Payment Plans'), page('paymentPlans'), readOn('paymentplansetup')),
  // The spec guards the create page by read on user, not paymentplansetup; kept as written.
  screen('/settings/leads/paymentPlan/create', crumb('Create Payment Plan'), page('paymentPlanCreate'), readOn('user')),
  screen('/settings/leads/unitOffer', crumb('Unit Offers'), page('unitOffers'), readOn('Lead')),
  screen('/settings/leads/salesTeams', crumb('Sales Teams'), page('salesTeams'), readOn('salesteam')),
  screen('/settings/leads/areas', crumb('Areas'), page('areas'), readOn('area')),
  screen('/settings/leads/paymentTypes', crumb('Payment Types'), page('paymentTypes'), readOn('paymenttype')),
  screen('/settings/leads/banks', crumb('Banks'), page('banks'), readOn('bank')),
  // Sidebar target with no route in the spec: guarded like its sidebar item (read on PaymentStatus).
  screen('/settings/leads/paymentStatuses', crumb('Payment Statuses'), page('paymentStatuses'), readOn('PaymentStatus')),
  screen('/settings/leads/BouncedReasons', crumb('Bounced Reasons'), page('bouncedReasons')),
];
