import { f, type ResourceDef } from '@propdesk/records/model';

export const RECEIPT_STATES = ['issued', 'void'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];
/** A receipt whose money counts (not void). */
export const ISSUED_RECEIPT_STATE = 'issued' satisfies ReceiptState;
export const RECEIPT_METHODS = ['cash', 'bank_transfer', 'card', 'cheque'] as const;

/**
 * A receipt (domain.md Sales: Receipt): RCT-numbered money taken from a customer, allocated by its
 * items to installments (oldest due first unless the body names them), and issued at once. Issued
 * receipts are not edited (only their notes); `void` (reason) reopens exactly what it paid.
 */
export const receipts: ResourceDef = {
  name: 'receipts',
  table: 'receipts',
  label: 'Receipts',
  singular: 'Receipt',
  entity: 'receipt',
  // Never deleted: "delete" archives (deactivates) it and its money still counts; void is the undo.
  deactivateOnly: true,
  labelField: 'title',
  codeField: 'number',
  route: '/settings/leads/Receipt',
  numbering: { prefix: 'RCT', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    title: f.text('Title', { searchable: true, maxLength: 160, help: 'Empty: the customer and the amount.' }),
    customer: f.ref('Customer', 'customers', { required: true, indexed: true }),
    contract: f.ref('Contract', 'contracts', { indexed: true, pickMatch: { field: 'customer', target: 'customer' }, help: 'The amount pays this contract’s open installments, the oldest due first; what is left stays on account.' }),
    receiptDate: f.date('Date', { required: true, indexed: true }),
    method: f.enum('Method', RECEIPT_METHODS, { required: true, default: 'cash' }),
    reference: f.text('Reference', { maxLength: 80, searchable: true, help: 'Transfer or card reference.' }),
    amount: f.money('Amount', { required: true, min: 0.01 }),
    allocated: f.money('Allocated', { readOnly: true, default: 0 }),
    status: f.enum('Status', RECEIPT_STATES, { default: 'issued', readOnly: true, indexed: true }),
    voidReason: f.text('Void reason', { readOnly: true, maxLength: 300 }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'customer', 'contract', 'receiptDate', 'method', 'amount', 'allocated', 'status'],
  formLayout: [['customer', 'contract'], ['title'], ['receiptDate', 'method'], ['amount', 'reference'], ['notes']],
  statusField: 'status',
  editableStates: ['issued'],
  // Ended by Void, not archived while it is issued.
  deletableStates: ['void'],
  actions: {
    void: { label: 'Void', from: ['issued'], to: 'void', privilege: 'approve', reason: 'required', confirm: 'Void {number}? What it paid is reopened on its installments.' },
  },
};
