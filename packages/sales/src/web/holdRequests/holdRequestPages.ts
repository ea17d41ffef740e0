import { resourceScreen } from '@propdesk/records/web';
import { placeholderPage } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../model/definitions.js';

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
  setup: resourceScreen('hold-request-setups', SALES_RESOURCES),
};

export type HoldRequestPage = keyof typeof holdRequestPages;
