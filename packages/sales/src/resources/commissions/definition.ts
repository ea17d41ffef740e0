import { f, type ResourceDef } from '@propdesk/records/model';

export const COMMISSION_STATES = ['accrued', 'payable', 'approved', 'paid', 'reversed', 'clawed_back', 'recovered'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
export const COMMISSION_TRIGGERS = ['contract_signed', 'down_payment_collected', 'share_collected', 'fully_paid'] as const;
export type CommissionTrigger = (typeof COMMISSION_TRIGGERS)[number];

/**
 * A broker's commission on one sale (api.md `/api/commissions`, entity commission): COM-numbered,
 * accrued by the server when a contract is made from a reservation that names a broker with an
 * active broker contract for the project covering the contract date (one line per contract and
 * broker contract). It turns `payable` when the template's trigger is met, is approved and paid by
 * finance (privilege approve); a cancelled contract, or a bounce or void that undoes the trigger,
 * reverses a line not yet paid and records on a paid one what must come back (`clawed_back`, the
 * amount in `recoverable`). Finance records the broker's repayment (`recover`, privilege approve,
 * with its reference): `recoverable` moves to `recovered` and the line is `recovered`, never
 * evaluated again. Written by the server only; a person edits its notes.
 */
export const commissions: ResourceDef = {
  name: 'commissions',
  table: 'commissions',
  label: 'Commissions',
  singular: 'Commission',
  entity: 'commission',
  // Money owed or paid to a broker: never deleted, only archived.
  deactivateOnly: true,
  // Archived only once nothing is owed either way: a line still to pay or to recover stays in sight.
  deletableStates: ['reversed', 'paid', 'recovered'],
  labelField: 'title',
  codeField: 'number',
  route: '/sales/contracts/commissions',
  numbering: { prefix: 'COM', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    title: f.text('Title', { readOnly: true, searchable: true, maxLength: 160 }),
    broker: f.ref('Broker', 'brokers', { readOnly: true, indexed: true }),
    brokerContract: f.ref('Broker contract', 'broker-contracts', { readOnly: true, indexed: true }),
    contract: f.ref('Contract', 'contracts', { readOnly: true, indexed: true }),
    project: f.ref('Project', 'projects', { readOnly: true, indexed: true }),
    reservation: f.ref('Reservation', 'reservations', { readOnly: true }),
    customer: f.ref('Customer', 'customers', { readOnly: true }),
    basis: f.money('Basis (net price)', { readOnly: true }),
    rate: f.text('Rate', { readOnly: true, maxLength: 160 }),
    saleNo: f.integer('Broker’s sale no. in the project', { readOnly: true }),
    amount: f.money('Commission', { readOnly: true }),
    trigger: f.enum('Payable on', COMMISSION_TRIGGERS, { readOnly: true }),
    status: f.enum('Status', COMMISSION_STATES, { default: 'accrued', readOnly: true, indexed: true }),
    accruedOn: f.date('Accrued on', { readOnly: true, indexed: true }),
    earnedOn: f.date('Earned on', { readOnly: true }),
    approvedBy: f.ref('Approved by', 'users', { readOnly: true }),
    approvedOn: f.date('Approved on', { readOnly: true }),
    paidOn: f.date('Paid on', { readOnly: true }),
    paymentReference: f.text('Payment reference', { readOnly: true, maxLength: 120 }),
    reversedOn: f.date('Reversed on', { readOnly: true }),
    recoverable: f.money('To recover', { readOnly: true, default: 0, help: 'Paid commission the broker must still return (a clawback).' }),
    clawbackReason: f.text('Reversal reason', { readOnly: true, maxLength: 300 }),
    recovered: f.money('Recovered', { readOnly: true, default: 0, help: 'What the broker has returned of a clawback.' }),
    recoveredOn: f.date('Recovered on', { readOnly: true }),
    recoveryReference: f.text('Recovery reference', { readOnly: true, maxLength: 120 }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'broker', 'contract', 'project', 'basis', 'rate', 'amount', 'trigger', 'status', 'earnedOn', 'paidOn', 'recoverable', 'recovered'],
  formLayout: [
    ['broker', 'brokerContract'],
    ['contract', 'project'],
    ['reservation', 'customer'],
    ['basis', 'rate'],
    ['amount', 'saleNo'],
    ['trigger', 'accruedOn'],
    ['earnedOn', 'approvedOn'],
    ['approvedBy', 'paidOn'],
    ['paymentReference', 'reversedOn'],
    ['recoverable', 'clawbackReason'],
    ['recovered', 'recoveredOn'],
    ['recoveryReference'],
    ['notes'],
  ],
  statusField: 'status',
  actions: {
    approve: { label: 'Approve', from: ['payable'], to: 'approved', privilege: 'approve', confirm: 'Approve commission {number} for payment?' },
    pay: {
      label: 'Mark paid',
      from: ['approved'],
      to: 'paid',
      privilege: 'approve',
      reason: 'required',
      reasonLabel: 'Payment reference',
      confirm: 'Commission {number} paid? Give the payment reference (transfer or cheque number).',
    },
    recover: {
      label: 'Record recovery',
      from: ['clawed_back'],
      to: 'recovered',
      privilege: 'approve',
      reason: 'required',
      reasonLabel: 'Recovery reference',
      confirm: 'Has the broker returned the {recoverable} still to recover on commission {number}? Give the reference (transfer, cheque or offset).',
    },
  },
};
