import { f, num, type FieldDef, type FieldError, type ResourceDef } from '@propdesk/records/model';
import { LEDGER_LABEL_DISPLAY } from '../../model/ledgerLabels.js';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

export const RESERVATION_PAYMENT_STATES = ['recorded', 'approved', 'rejected'] as const;
export const RESERVATION_PAYMENT_KINDS = ['fee', 'down_payment'] as const;

/**
 * Money paid on a reservation (its fee, or a down payment taken with it): recorded by sales,
 * approved by finance (`approve` on `reservationPayment`); the reservation's `feePaid` is the sum of
 * its approved fee payments. An EOI's payments carry over as approved payments naming the EOI payment.
 * When the reservation is contracted, its approved payments carry over to the contract as receipts
 * (`receipt`): the money counts towards the price.
 */
export const reservationPayments: ResourceDef = {
  name: 'reservation-payments',
  table: 'reservation_payments',
  label: 'Reservation Payments',
  singular: 'Reservation payment',
  entity: 'reservationPayment',
  hasActive: false,
  labelField: 'description',
  codeField: 'number',
  route: '/settings/leads/ReservationPayments',
  numbering: { prefix: 'RSP', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    reservation: f.ref('Reservation', 'reservations', { required: true, indexed: true, pickWhere: { status: ['draft', 'pending_approval', 'confirmed'] }, pickMessage: 'Payments are taken on open reservations only' }),
    kind: f.enum('For', RESERVATION_PAYMENT_KINDS, { required: true, default: 'fee' }),
    description: f.text('Description', { searchable: true, maxLength: 160, help: 'Empty: what it is for and the reservation’s number.', shownAs: LEDGER_LABEL_DISPLAY }),
    amount: f.money('Amount', { required: true, min: 0.01 }),
    method: f.ref('Method', 'payment-methods'),
    bank: f.ref('Bank', 'banks'),
    reference: f.text('Reference', { maxLength: 60, searchable: true }),
    chequeNumber: f.text('Cheque number', { maxLength: 30, searchable: true }),
    chequeDate: f.date('Cheque date'),
    paidOn: f.date('Date', { required: true }),
    status: f.enum('Status', RESERVATION_PAYMENT_STATES, { default: 'recorded', readOnly: true, indexed: true }),
    carriedFrom: f.text('Carried over from', { readOnly: true, maxLength: 60, help: 'The EOI payment this one came from.' }),
    receipt: f.ref('Carried to receipt', 'receipts', { readOnly: true, help: 'Once the reservation is contracted: the receipt that counts this money towards the contract’s price.' }),
    decidedBy: f.ref('Decided by', 'users', { readOnly: true }),
    decidedAt: datetime('Decided at', { readOnly: true }),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'reservation', 'kind', 'amount', 'method', 'bank', 'reference', 'chequeNumber', 'paidOn', 'status'],
  formLayout: [['reservation', 'kind'], ['description'], ['amount', 'paidOn'], ['method', 'bank'], ['reference'], ['chequeNumber', 'chequeDate']],
  statusField: 'status',
  editableStates: ['recorded'],
  actions: {
    approve: { label: 'Approve', from: ['recorded'], to: 'approved', privilege: 'approve', reason: 'optional', confirm: 'Approve {number} of {amount}? It counts towards the reservation’s fee.' },
    reject: { label: 'Reject', from: ['recorded'], to: 'rejected', privilege: 'approve', reason: 'required', confirm: 'Reject {number}? Your reason is sent to whoever recorded it.' },
  },
  rule: (values) => {
    const problems: FieldError[] = [];
    if ((num(values.amount) ?? 1) <= 0) problems.push({ field: 'amount', message: 'More than zero' });
    if (values.chequeNumber && !values.bank) problems.push({ field: 'bank', message: 'Choose the cheque’s bank' });
    return problems;
  },
};
