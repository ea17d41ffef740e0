import { f, num, type FieldDef, type FieldError, type ResourceDef } from '@propdesk/records/model';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

export const RESERVATION_STATES = ['draft', 'pending_approval', 'confirmed', 'contracted', 'cancelled', 'expired'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];
/**
 * What each state means to other documents; every state says (a new one must): `holdsUnit`, its claim
 * keeps the unit; `waiting`, it waits for an approval; `sold`, the unit is sold by it (confirmed or on).
 */
const RESERVATION_STATE_FACTS: Readonly<Record<ReservationState, { holdsUnit: boolean; waiting: boolean; sold: boolean }>> = {
  draft: { holdsUnit: true, waiting: false, sold: false },
  pending_approval: { holdsUnit: true, waiting: true, sold: false },
  confirmed: { holdsUnit: true, waiting: false, sold: true },
  contracted: { holdsUnit: false, waiting: false, sold: true },
  cancelled: { holdsUnit: false, waiting: false, sold: false },
  expired: { holdsUnit: false, waiting: false, sold: false },
};
const reservationStatesWhere = (fact: 'holdsUnit' | 'waiting' | 'sold'): readonly ReservationState[] => RESERVATION_STATES.filter((state) => RESERVATION_STATE_FACTS[state][fact]);
/** States in which a reservation holds its unit. */
export const OPEN_RESERVATION_STATES = reservationStatesWhere('holdsUnit');
/** States in which a reservation waits for an approval. */
export const WAITING_RESERVATION_STATES = reservationStatesWhere('waiting');
/** States in which a reservation has sold its unit (confirmed, and contracted after it). */
export const SOLD_RESERVATION_STATES = reservationStatesWhere('sold');
/** The one state a contract is made from. */
export const CONTRACTABLE_RESERVATION_STATE = 'confirmed' satisfies ReservationState;
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
/** Where a reservation came from: a free unit, an approved hold (its claim handed over) or an allocated EOI. */
export const RESERVATION_SOURCES = ['unit', 'hold', 'eoi'] as const;
export const FEE_ON_CANCEL = ['refund', 'forfeit'] as const;
/** How many days a reservation has to be signed when its project says nothing else. */
export const DEFAULT_SIGN_BY_DAYS = 14;

/**
 * A reservation (domain.md Sales: Reservation): RSV-numbered, one live claim on its unit from the
 * moment it is written (so two agents can never reserve one unit), priced from the unit's list price
 * less its payment plan's discount and a discount given, the given part within the caller's discount
 * authority or else waiting for finance's approval.
 * draft → pending_approval → confirmed (unit reserved) → contracted | cancelled | expired. Prices,
 * the project, the source and the state are the server's; a modification is a new revision through
 * approval (`reservation_revisions`), the old one kept.
 */
export const reservations: ResourceDef = {
  name: 'reservations',
  table: 'reservations',
  label: 'Reservations',
  singular: 'Reservation',
  entity: 'reservation',
  hasActive: false,
  labelField: 'title',
  codeField: 'number',
  optionDetail: ['number', 'status'],
  route: '/Reservations',
  numbering: { prefix: 'RSV', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    title: f.text('Title', { searchable: true, maxLength: 160, help: 'Empty: the buyer and the unit.' }),
    unit: f.ref('Unit', 'units', { required: true, indexed: true, pickMatch: { field: 'project', target: 'project' } }),
    project: f.ref('Project', 'projects', { indexed: true, help: 'Narrows the units to one project; the unit’s project is kept.' }),
    customer: f.ref('Customer', 'customers', { required: true, indexed: true, help: 'The primary buyer; co-buyers and shares are listed under Buyers.' }),
    agent: f.ref('Agent', 'users', { indexed: true }),
    broker: f.ref('Broker', 'brokers'),
    paymentPlan: f.ref('Payment plan', 'payment-plans', { required: true, pickMatch: { field: 'unit', through: 'project', target: 'project', orEmpty: true } }),
    offer: f.ref('Offer', 'unit-offers', { pickMatch: { field: 'unit', through: 'project', target: 'project' } }),
    listPrice: f.money('List price', { readOnly: true, help: 'The unit’s price when reserved.' }),
    discountKind: f.enum('Discount as', DISCOUNT_KINDS, { required: true, default: 'percent' }),
    discountValue: f.decimal('Discount', { min: 0, scale: 2, help: 'A percentage of the list price, or an amount; empty takes the offer’s discount, if any.' }),
    discountAmount: f.money('Discount amount', { readOnly: true, help: 'The whole discount: the payment plan’s and the one given.' }),
    discountPct: f.percent('Discount %', { readOnly: true }),
    planDiscountPct: f.percent('Plan discount %', { readOnly: true, help: 'The payment plan’s own discount, part of the discount above; approved with the plan, so no authority is needed for it.' }),
    netPrice: f.money('Net price', { readOnly: true }),
    fee: f.money('Reservation fee', { min: 0 }),
    feePaid: f.money('Fee paid', { readOnly: true, default: 0 }),
    signBy: f.date('Sign by', { indexed: true, help: 'Default: 14 days from today (the project’s reservation setup may say otherwise).' }),
    status: f.enum('Status', RESERVATION_STATES, { default: 'draft', readOnly: true, indexed: true }),
    source: f.enum('Reserved from', RESERVATION_SOURCES, { readOnly: true, default: 'unit' }),
    hold: f.ref('From hold', 'hold-requests', { readOnly: true }),
    eoi: f.ref('From EOI', 'eois', { readOnly: true }),
    needsApprovalReason: f.text('Waiting because', { readOnly: true, maxLength: 300 }),
    approvedBy: f.ref('Approved by', 'users', { readOnly: true }),
    approvedAt: datetime('Approved at', { readOnly: true }),
    cancelReason: f.text('Cancel reason', { readOnly: true, maxLength: 300 }),
    feeOutcome: f.enum('Fee on cancel', FEE_ON_CANCEL, { readOnly: true }),
    contract: f.text('Contract', { readOnly: true, hidden: true, maxLength: 40 }),
    revision: f.integer('Revision', { readOnly: true, default: 1, help: 'Each approved modification is a new revision; the earlier ones are kept.' }),
    modificationPending: f.boolean('Modification waiting', { readOnly: true }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'unit', 'project', 'customer', 'agent', 'netPrice', 'fee', 'feePaid', 'signBy', 'status'],
  formLayout: [['project', 'unit'], ['title'], ['customer', 'agent'], ['broker', 'offer'], ['paymentPlan'], ['discountKind', 'discountValue'], ['fee', 'signBy'], ['notes']],
  statusField: 'status',
  editableStates: ['draft'],
  actions: {
    submit: { label: 'Submit', from: ['draft'], to: 'confirmed', confirm: 'Submit {number}? Within your discount authority it is confirmed at once; above it, finance is asked to approve.' },
    approve: { label: 'Approve', from: ['pending_approval'], to: 'confirmed', privilege: 'approve', reason: 'optional', confirm: 'Approve {number}? The unit {unit} is reserved at {netPrice}.' },
    reject: { label: 'Reject', from: ['pending_approval'], to: 'draft', privilege: 'approve', reason: 'required', confirm: 'Send {number} back to its agent? Your reason goes with it.' },
    cancel: { label: 'Cancel', from: ['draft', 'pending_approval', 'confirmed'], to: 'cancelled', reason: 'required', confirm: 'Cancel {number}? The unit {unit} becomes available and the fee is refunded or forfeited by the project’s rule.' },
    approveModification: {
      label: 'Approve modification',
      from: ['confirmed'],
      to: 'confirmed',
      privilege: 'approve',
      reason: 'optional',
      confirm: 'Apply the modification of {number} as a new revision?',
      when: { field: 'modificationPending', in: [true], otherwise: 'no modification is waiting for a decision' },
    },
    rejectModification: { label: 'Reject modification', from: ['confirmed'], to: 'confirmed', privilege: 'approve', reason: 'required', when: { field: 'modificationPending', in: [true], otherwise: 'no modification is waiting for a decision' } },
  },
  rule: (values) => {
    const problems: FieldError[] = [];
    const value = num(values.discountValue);
    if (values.discountKind === 'percent' && value !== null && value > 100) problems.push({ field: 'discountValue', message: 'A discount is at most 100%' });
    return problems;
  },
};

/**
 * A reservation's buyers with their shares (percent, adding up to 100); none means the customer alone.
 * Written with the reservation (its `buyers` body key) and changed only while it is a draft.
 */
export const reservationBuyers: ResourceDef = {
  name: 'reservation-buyers',
  table: 'reservation_buyers',
  label: 'Reservation Buyers',
  singular: 'Reservation buyer',
  entity: 'reservation',
  hasActive: false,
  labelField: 'share',
  fields: {
    reservation: f.ref('Reservation', 'reservations', { required: true, indexed: true }),
    customer: f.ref('Customer', 'customers', { required: true, indexed: true }),
    share: f.percent('Share', { required: true, min: 0, max: 100 }),
  },
  defaultSort: ['createdOn'],
  listColumns: ['reservation', 'customer', 'share'],
  formLayout: [['customer', 'share']],
};

/** A project's reservation rules: days to sign, the default fee, what a cancellation does with the fee, who approves. */
export const reservationSetups: ResourceDef = {
  name: 'reservation-setups',
  table: 'reservation_setups',
  label: 'Reservation Setup',
  singular: 'Reservation setup',
  entity: 'reservationSetup',
  labelField: 'name',
  route: '/settings/leads/reservationSetup',
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { required: true, unique: true }),
    signByDays: f.integer('Days to sign', { required: true, min: 1, max: 180, default: DEFAULT_SIGN_BY_DAYS }),
    defaultFee: f.money('Default reservation fee', { min: 0 }),
    feeOnCancel: f.enum('Fee on cancel', FEE_ON_CANCEL, { required: true, default: 'refund' }),
    approverDepartment: f.ref('Approver department', 'departments', { help: 'Asked to approve discounts beyond the agent’s authority and modifications.' }),
    // The project's late-payment rule (issue 18): applied by the daily overdue job to its contracts' ledgers.
    lateGraceDays: f.integer('Grace days', { min: 0, max: 90, default: 0, help: 'Days after its due date before an unpaid installment counts as overdue.' }),
    lateFeePct: f.percent('Late payment charge', { min: 0, max: 25, help: 'Of what is unpaid, added once as a fee row when an installment becomes overdue. Empty: no charge.' }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'signByDays', 'defaultFee', 'feeOnCancel', 'approverDepartment', 'lateGraceDays', 'lateFeePct'],
  formLayout: [['name', 'project'], ['signByDays', 'defaultFee'], ['feeOnCancel', 'approverDepartment'], ['lateGraceDays', 'lateFeePct']],
};

/** The largest discount each role may give without approval (the highest of a person's roles counts). */
export const discountAuthorities: ResourceDef = {
  name: 'discount-authorities',
  table: 'discount_authorities',
  label: 'Discount Authority',
  singular: 'Discount authority',
  entity: 'reservationSetup',
  labelField: 'maxPct',
  route: '/settings/leads/discountAuthority',
  fields: {
    role: f.ref('Role', 'roles', { required: true, unique: true }),
    maxPct: f.percent('Largest discount without approval', { required: true, min: 0, max: 100 }),
  },
  defaultSort: ['maxPct'],
  listColumns: ['role', 'maxPct'],
  formLayout: [['role', 'maxPct']],
};

export const RESERVATION_RESOURCES: readonly ResourceDef[] = [reservationSetups, discountAuthorities, reservations, reservationBuyers];

export const REVISION_STATES = ['pending', 'approved', 'rejected'] as const;

/**
 * A reservation's revisions (`reservation_revisions`): each modification asked for is a row (`pending`,
 * then `approved` or `rejected`) keeping the reservation as it was (`before`), what was asked (`changes`)
 * and, once applied, the result (`after`). Who asked and when are the row's `createdBy`/`createdOn`. The
 * reservation's internal child: written only by the reservation's code, through the engine in the
 * reservation's own transaction (each write with its history); no API, screen or entity of its own (the
 * reservation's revisions list is its face). At most one is pending per reservation (a partial unique
 * index the database keeps, `sales/0120_reservation_revisions`).
 */
export const reservationRevisions: ResourceDef = {
  name: 'reservation-revisions',
  table: 'reservation_revisions',
  hasActive: false,
  internal: { parentField: 'reservation' },
  label: 'Reservation revisions',
  singular: 'Reservation revision',
  entity: 'reservation',
  labelField: 'revision',
  fields: {
    reservation: f.ref('Reservation', 'reservations', { required: true }),
    revision: f.integer('Revision', { required: true, min: 1 }),
    status: f.enum('Status', REVISION_STATES, { required: true }),
    before: f.json('Before', { required: true }),
    changes: f.json('Changes', { required: true }),
    after: f.json('After'),
    reason: f.longtext('Reason', { maxLength: 2000 }),
    decidedBy: f.ref('Decided by', 'users'),
    decidedAt: datetime('Decided'),
    decisionReason: f.longtext('Decision reason', { maxLength: 2000 }),
  },
  defaultSort: ['-createdOn'],
  listColumns: ['revision', 'status', 'reason', 'createdOn', 'decidedAt'],
};

/** The reservations folder's internal children: in the app's registry and written by the engine, never served or shown. */
export const RESERVATION_INTERNAL_RESOURCES: readonly ResourceDef[] = [reservationRevisions];
