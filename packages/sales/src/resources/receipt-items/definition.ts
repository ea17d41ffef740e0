import { f, type ResourceDef } from '@propdesk/records/model';
import { LEDGER_LABEL_DISPLAY } from '../../model/ledgerLabels.js';

export const RECEIPT_ITEM_KINDS = ['installment', 'reservation_fee', 'eoi', 'unallocated'] as const;

/**
 * A receipt's allocation (api.md `/api/receipt-items`): how much of it pays which installment (or
 * reservation fee, EOI). Written with its receipt by the server, so an installment is never paid
 * beyond its amount; a void receipt's items stop counting. An item of a cheque's receipt is not
 * `cleared` until the cheque clears: until then it covers its installment and does not pay it.
 */
export const receiptItems: ResourceDef = {
  name: 'receipt-items',
  table: 'receipt_items',
  label: 'Receipt Items',
  singular: 'Receipt item',
  entity: 'receipt',
  hasActive: false,
  readOnly: true,
  labelField: 'label',
  route: '/settings/leads/ReceiptItem',
  fields: {
    label: f.text('Item', { readOnly: true, searchable: true, maxLength: 80, shownAs: LEDGER_LABEL_DISPLAY }),
    receipt: f.ref('Receipt', 'receipts', { readOnly: true, indexed: true }),
    kind: f.enum('Pays', RECEIPT_ITEM_KINDS, { readOnly: true }),
    installment: f.ref('Installment', 'installments', { readOnly: true, indexed: true, shownAs: LEDGER_LABEL_DISPLAY }),
    reservation: f.ref('Reservation', 'reservations', { readOnly: true }),
    eoi: f.ref('EOI', 'eois', { readOnly: true }),
    amount: f.money('Amount', { readOnly: true }),
    counts: f.boolean('Counts', { readOnly: true, default: true, help: 'False once its receipt is void.' }),
    cleared: f.boolean('Cleared', { readOnly: true, default: true, help: 'False while its cheque is in hand: it covers the installment, and pays it once the cheque clears.' }),
  },
  defaultSort: ['-createdOn'],
  listColumns: ['label', 'receipt', 'kind', 'installment', 'amount', 'counts', 'cleared'],
  formLayout: [['receipt', 'kind'], ['installment', 'amount']],
};
