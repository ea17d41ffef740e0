import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import { navLink } from '@propdesk/shell-ui';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { EOI_PAYMENT_VIEW_ROUTE, eoiPaymentLinks } from './links.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * EOI payments and refunds, engine screens at the spec's /settings/leads/EoiPayments (list, create,
 * edit, view), unguarded as the spec shows them; the server still asks `eoiPayment`.
 */
export const eoiPaymentScreens: SalesScreens = [
  {
    section: 'eoi',
    // EOI payments have one screen, under /settings/leads; following this link switches to the Settings sidebar.
    items: [navLink('EOI Payments', eoiPaymentLinks.route, sidebarRules.eoiPayments)],
  },
  {
    section: 'settingsLeads',
    pages: [
      // `/view` is the spec's view of one payment: the list's `?record=` view.
      resource('eoi-payments', { guard: null, aliases: [EOI_PAYMENT_VIEW_ROUTE] }),
      resource('eoi-payments', { guard: null, mode: 'create', title: 'Create EOI Payment' }),
      resource('eoi-payments', { guard: null, mode: 'edit', title: 'Edit EOI Payment' }),
    ],
  },
];
