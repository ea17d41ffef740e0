import { placeholderPage } from '@propdesk/shell-ui';

/** The hold-request screens; each is a placeholder until its issue is built. */
export const holdRequestPages = {
  list: placeholderPage(
    'Hold Requests',
    'Requests to hold a unit for a customer or lead, pending approval, approved until they expire, released, converted, expired or rejected.',
  ),
  create: placeholderPage(
    'Create Hold Request',
    'Asks to hold a unit for a customer or lead for a number of hours, with a reason, for an approver’s decision.',
  ),
  view: placeholderPage('View Hold Request', 'One hold request with its unit, requester, decision and expiry.'),
  setup: placeholderPage(
    'Hold Request Setup',
    'Per project: the longest hold in hours, the most active holds per agent, whether holds need approval and which department approves.',
  ),
};

export type HoldRequestPage = keyof typeof holdRequestPages;
