import { declareResources } from '@propdesk/records/web';
import type { ScreenDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * EOI payments and refunds, engine screens at the spec's /settings/leads/EoiPayments (list, create,
 * edit, view), unguarded as the spec shows them; the server still asks `eoiPayment`.
 */
export const eoiPaymentPages: readonly ScreenDeclaration[] = [
  // `/view` is the spec's view of one payment: the list's `?record=` view.
  resource('eoi-payments', { guard: null, aliases: ['/settings/leads/EoiPayments/view'] }),
  resource('eoi-payments', { guard: null, mode: 'create', title: 'Create EOI Payment' }),
  resource('eoi-payments', { guard: null, mode: 'edit', title: 'Edit EOI Payment' }),
];
