import { declareResources } from '@propdesk/records/web';
import type { ScreenDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * The installment ledger under Settings › Leads (`/settings/leads/ContractPayments`, unguarded as the
 * spec shows it; the server asks `contractPayment`). Installments are the server's rows, so `/view`
 * and `/edit` open the ledger's record view.
 */
export const contractPaymentPages: readonly ScreenDeclaration[] = [
  resource('installments', { guard: null, aliases: ['/settings/leads/ContractPayments/view', '/settings/leads/ContractPayments/edit'] }),
];
