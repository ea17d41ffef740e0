import { f, num, type FieldDef, type FieldError, type ResourceDef } from '@propdesk/records/model';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

export const EOI_PAYMENT_STATES = ['recorded', 'requested', 'approved', 'completed', 'rejected'] as const;
export type EoiPaymentState = (typeof EOI_PAYMENT_STATES)[number];
export const EOI_PAYMENT_KINDS = ['payment', 'refund'] as const;
export type EoiPaymentKind = (typeof EOI_PAYMENT_KINDS)[number];
/** The kinds by name, for SQL that takes them as parameters. */
export const EOI_PAYMENT_KIND = { payment: 'payment', refund: 'refund' } as const satisfies Record<EoiPaymentKind, EoiPaymentKind>;
/** A payment in that counts towards the EOI's amount (it is recorded at once). */
export const COUNTED_EOI_PAYMENT_STATE = 'recorded' satisfies EoiPaymentState;
/** A refund that went back to the customer. */
export const COMPLETED_REFUND_STATE = 'completed' satisfies EoiPaymentState;
/** The payments in a reservation made from the EOI carries over as its fee. */
export const CARRIED_EOI_PAYMENT_STATES = ['recorded', 'approved', 'completed'] as const satisfies readonly EoiPaymentState[];

/**
 * Money on an EOI (domain.md Sales: eoiPayment): a payment in (`kind: payment`, `recorded` at once;
 * the method's own rules on reference and bank apply), or a refund out (`kind: refund`): asked
 * (`requested`, never more than paid less what is already refunded or asked), approved by the
 * launch's refund approvers, and `completed` with the bank transfer reference (the action's reason).
 */
export const eoiPayments: ResourceDef = {
  name: 'eoi-payments',
  table: 'eoi_payments',
  label: 'EOI Payments',
  singular: 'EOI payment',
  entity: 'eoiPayment',
  hasActive: false,
  labelField: 'reference',
  codeField: 'number',
  route: '/settings/leads/EoiPayments',
  landing: 24,
  numbering: { prefix: 'EOP', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    eoi: f.ref('EOI', 'eois', { required: true, indexed: true }),
    kind: f.enum('Kind', EOI_PAYMENT_KINDS, { required: true, default: 'payment' }),
    amount: f.money('Amount', { required: true, min: 0.01 }),
    method: f.ref('Method', 'payment-methods'),
    bank: f.ref('Bank', 'banks'),
    reference: f.text('Reference', { maxLength: 60, searchable: true }),
    chequeNumber: f.text('Cheque number', { maxLength: 30, searchable: true }),
    chequeDate: f.date('Cheque date'),
    paidOn: f.date('Date', { required: true }),
    reason: f.text('Refund reason', { maxLength: 300, showWhen: { field: 'kind', in: ['refund'] } }),
    status: f.enum('Status', EOI_PAYMENT_STATES, { readOnly: true, indexed: true }),
    transferReference: f.text('Bank transfer reference', { readOnly: true, maxLength: 60 }),
    decidedBy: f.ref('Decided by', 'users', { readOnly: true }),
    decidedAt: datetime('Decided at', { readOnly: true }),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'eoi', 'kind', 'amount', 'method', 'bank', 'reference', 'chequeNumber', 'paidOn', 'status'],
  formLayout: [['eoi', 'kind'], ['amount', 'paidOn'], ['method', 'bank'], ['reference'], ['chequeNumber', 'chequeDate'], ['reason']],
  statusField: 'status',
  editableStates: ['recorded', 'requested'],
  actions: {
    approve: { label: 'Approve refund', from: ['requested'], to: 'approved', privilege: 'approve', reason: 'optional', confirm: 'Approve the refund {number} of {amount}?' },
    reject: { label: 'Reject refund', from: ['requested'], to: 'rejected', privilege: 'approve', reason: 'required', confirm: 'Reject the refund {number}? Your reason is sent to the requester.' },
    complete: {
      label: 'Record bank transfer',
      from: ['approved'],
      to: 'completed',
      privilege: 'approve',
      reason: 'required',
      confirm: 'Record the transfer of {amount} for {number}? Give the bank transfer reference as the reason.',
    },
  },
  rule: (values) => {
    const problems: FieldError[] = [];
    if ((num(values.amount) ?? 1) <= 0) problems.push({ field: 'amount', message: 'More than zero' });
    if (values.kind === 'refund' && !values.reason) problems.push({ field: 'reason', message: 'Say why the money goes back' });
    if (values.chequeNumber && !values.chequeDate) problems.push({ field: 'chequeDate', message: 'A cheque has a date' });
    return problems;
  },
};
