import { linksOf, screenLinks } from '@propdesk/records/model';
import { installments } from './definition.js';

/** The installment ledger under Settings › Leads (`/settings/leads/ContractPayments`). */
export const installmentLinks = linksOf(installments);
/** The same ledger in the Contracts group (`/sales/contracts/payments`, a sidebar target with no route in the spec). */
export const contractPaymentLinks = screenLinks('/sales/contracts/payments');
