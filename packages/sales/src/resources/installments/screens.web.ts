import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { contractPaymentLinks, installmentLinks } from './links.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * The installment ledger, in the Contracts group (`/sales/contracts/payments`, sidebar targets with no
 * route in the spec) and under Settings › Leads (`/settings/leads/ContractPayments`), unguarded as the
 * spec shows them; the server asks `contractPayment`. Installments are the server's rows, so their
 * create, edit and view paths open the ledger's list and record view.
 */
export const installmentScreens: SalesScreens = [
  {
    section: 'contracts',
    items: [
      resource('installments', {
        guard: null,
        path: contractPaymentLinks.route,
        title: 'Contract Payments',
        aliases: ['create', 'edit', 'view'].map((mode) => `${contractPaymentLinks.route}/${mode}`),
      }),
    ],
  },
  {
    section: 'settingsLeads',
    pages: [resource('installments', { guard: null, aliases: [`${installmentLinks.route}/view`, `${installmentLinks.route}/edit`] })],
  },
];
