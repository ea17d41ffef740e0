import { f, num, type FieldError, type ResourceDef } from '@propdesk/records/model';

export const CONTRACT_STATES = ['active', 'fully_paid', 'cancelled'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
/** Whether a contract in each state is a live sale; every state says (a new one must). */
const CONTRACT_LIVE: Readonly<Record<ContractState, boolean>> = { active: true, fully_paid: true, cancelled: false };
/** The states of a contract that is a live sale (not cancelled): its reservation's payments carry to it. */
export const LIVE_CONTRACT_STATES: readonly ContractState[] = CONTRACT_STATES.filter((state) => CONTRACT_LIVE[state]);
export const PARTY_ROLES = ['buyer', 'co_buyer', 'developer_signatory', 'witness', 'broker'] as const;

/**
 * A sale contract (domain.md Sales: Contract): CNT-numbered, made from a confirmed reservation (the
 * reservation turns `contracted`, the unit `contracted`, `sold` once fully paid). Its unit, customer,
 * prices and plan are the reservation's; its installment schedule is stored as rows (`installments`,
 * versioned). It moves through the configured contract steps by the configured contract actions
 * (`POST /api/contracts/{id}/steps/{action}`), each recorded; cancelling is the engine's action.
 */
export const contracts: ResourceDef = {
  name: 'contracts',
  table: 'contracts',
  label: 'Contracts',
  singular: 'Contract',
  entity: 'contract',
  labelField: 'title',
  optionDetail: ['number', 'status'],
  codeField: 'number',
  route: '/sales/contracts',
  // A signed document is never deleted: "delete" deactivates it (its history and prints stay).
  deactivateOnly: true,
  numbering: { prefix: 'CNT', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    reservation: f.ref('Reservation', 'reservations', { required: true, unique: true, help: 'A confirmed reservation; its unit, buyers, prices and plan come with it.' }),
    title: f.text('Title', { searchable: true, maxLength: 160, help: 'Empty: the unit and the buyer.' }),
    template: f.ref('Template', 'contract-templates', { required: true }),
    contractDate: f.date('Contract date', { required: true, indexed: true, help: 'The schedule starts on this date.' }),
    unit: f.ref('Unit', 'units', { readOnly: true, indexed: true }),
    project: f.ref('Project', 'projects', { readOnly: true, indexed: true }),
    customer: f.ref('Customer', 'customers', { readOnly: true, indexed: true }),
    paymentPlan: f.ref('Payment plan', 'payment-plans', { readOnly: true }),
    listPrice: f.money('List price', { readOnly: true }),
    discountAmount: f.money('Discount', { readOnly: true }),
    netPrice: f.money('Net price', { readOnly: true }),
    paid: f.money('Paid', { readOnly: true, default: 0, help: 'Cleared money towards the price.' }),
    covered: f.money('Covered by cheques', { readOnly: true, default: 0, help: 'Cheques in hand towards the price, paid once they clear.' }),
    scheduleVersion: f.integer('Schedule version', { readOnly: true, default: 1 }),
    step: f.ref('Step', 'contract-steps', { readOnly: true, indexed: true }),
    status: f.enum('Status', CONTRACT_STATES, { default: 'active', readOnly: true, indexed: true }),
    parties: f.rows(
      'Parties',
      {
        role: f.enum('Role', PARTY_ROLES, { required: true, default: 'buyer' }),
        name: f.text('Name', { required: true, maxLength: 160 }),
        idNumber: f.text('ID / passport', { maxLength: 20 }),
        share: f.percent('Share', { min: 0, max: 100 }),
      },
      { maxRows: 20, help: 'Buyers and co-buyers come from the reservation; shares add up to 100.' },
    ),
    cancelReason: f.text('Cancel reason', { readOnly: true, maxLength: 300 }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'reservation', 'unit', 'project', 'customer', 'contractDate', 'netPrice', 'paid', 'covered', 'step', 'status'],
  formLayout: [['reservation'], ['title'], ['template', 'contractDate'], ['parties'], ['notes']],
  statusField: 'status',
  editableStates: ['active'],
  // A signed contract is ended by its Cancel action, not archived while it is live.
  deletableStates: ['cancelled'],
  actions: {
    cancel: {
      label: 'Cancel contract',
      from: ['active'],
      to: 'cancelled',
      privilege: 'approve',
      reason: 'required',
      confirm: 'Cancel {number}? Its open installments are closed and the unit {unit} becomes available again.',
    },
  },
  rule: (values) => {
    const problems: FieldError[] = [];
    const rows = Array.isArray(values.parties) ? (values.parties as Record<string, unknown>[]) : [];
    const buyers = rows.filter((row) => row.role === 'buyer' || row.role === 'co_buyer');
    const shares = buyers.map((row) => num(row.share)).filter((share): share is number => share !== null);
    // Whole hundredths: adding them as integers avoids float drift (33.33 + 33.33 + 33.34).
    if (shares.length > 0 && shares.reduce((sum, share) => sum + Math.round(share * 100), 0) !== 10_000) {
      problems.push({ field: 'parties', message: 'The buyers’ shares add up to 100' });
    }
    return problems;
  },
};

// face (facesm): a contract in force (neither fully paid nor cancelled): its customers are reminded of what they owe.
export const ACTIVE_CONTRACT_STATE = 'active' satisfies ContractState;
