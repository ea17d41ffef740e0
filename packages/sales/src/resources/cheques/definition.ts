import { f, type ResourceDef } from '@propdesk/records/model';
import { LEDGER_LABEL_DISPLAY } from '../../model/ledgerLabels.js';

export const CHEQUE_STATES = ['received', 'deposited', 'cleared', 'bounced', 'replaced', 'returned'] as const;
export type ChequeState = (typeof CHEQUE_STATES)[number];
/** Whether a cheque in each state is still money expected; every state says (a new one must). */
const CHEQUE_LIVE: Readonly<Record<ChequeState, boolean>> = { received: true, deposited: true, cleared: true, bounced: false, replaced: false, returned: false };
/** The states of a cheque whose money is still expected: its receipt is undone only through the cheque. */
export const LIVE_CHEQUE_STATES: readonly ChequeState[] = CHEQUE_STATES.filter((state) => CHEQUE_LIVE[state]);
/** A cheque whose money has come (its receipt's money counts as cleared). */
export const CLEARED_CHEQUE_STATE = 'cleared' satisfies ChequeState;
/** A cheque in hand, not yet deposited: the collections dashboard and the deposit calendar count it. */
export const RECEIVED_CHEQUE_STATE = 'received' satisfies ChequeState;
/** A cheque that bounced: a message tells its customer; a preview picks one first. */
export const BOUNCED_CHEQUE_STATE = 'bounced' satisfies ChequeState;

/**
 * The cheque register (api.md `/api/cheques`, entity cheque): post-dated cheques a customer hands
 * over. Receiving one issues its receipt at once (method cheque, dated the day it was received: today
 * or an earlier `receivedOn`), allocated like any receipt, so no one allocates the same installment
 * twice while it waits; but a cheque in hand only *covers* its installments: their money is *paid*
 * when the cheque clears. It is deposited from its date on (earlier only with a reason, kept in the
 * history: the bank refuses it otherwise). `bounce` takes exactly that receipt's allocations back (as
 * void does) in the same transaction, adds the project's bounce charge (its collection settings) and
 * tells finance and the agent. A bounced cheque is then re-deposited (a new receipt), returned, or
 * replaced by a new cheque that names it in `replaces`. Its view also reads `depositNote`,
 * `depositEarly` and `bounceChargeNote` (computed when it is read), which the action dialogs show.
 */
export const cheques: ResourceDef = {
  name: 'cheques',
  table: 'cheques',
  label: 'Cheques',
  singular: 'Cheque',
  entity: 'cheque',
  // Money was allocated by it: never deleted, only archived.
  deactivateOnly: true,
  labelField: 'title',
  optionDetail: ['number', 'dueDate', 'status'],
  route: '/settings/leads/Cheques',
  fields: {
    title: f.text('Title', { searchable: true, maxLength: 160, help: 'Empty: the bank, number and amount.' }),
    number: f.text('Cheque number', { required: true, searchable: true, maxLength: 30, key: true }),
    bank: f.ref('Bank', 'banks', { required: true, indexed: true }),
    dueDate: f.date('Due date', { required: true, indexed: true, help: 'The date written on it: the bank takes it from that day.' }),
    amount: f.money('Amount', { required: true, min: 0.01 }),
    drawer: f.text('Drawer', { required: true, searchable: true, maxLength: 160 }),
    receivedOn: f.date('Received on', { help: 'The day the customer handed it over: its receipt’s date. Empty: today.' }),
    customer: f.ref('Customer', 'customers', { required: true, indexed: true }),
    contract: f.ref('Contract', 'contracts', { indexed: true, pickMatch: { field: 'customer', target: 'customer' }, help: 'Its open installments are paid oldest due first.' }),
    replaces: f.ref('Replaces', 'cheques', { pickMatch: { field: 'customer', target: 'customer' }, help: 'A bounced cheque this one replaces.' }),
    receipt: f.ref('Receipt', 'receipts', { readOnly: true }),
    status: f.enum('Status', CHEQUE_STATES, { default: 'received', readOnly: true, indexed: true }),
    depositedOn: f.date('Deposited on', { readOnly: true }),
    clearedOn: f.date('Cleared on', { readOnly: true }),
    bounceReason: f.ref('Bounced reason', 'bounced-reasons', { readOnly: true }),
    bouncedOn: f.date('Bounced on', { readOnly: true }),
    bounceFee: f.ref('Bounce charge', 'installments', { readOnly: true, shownAs: LEDGER_LABEL_DISPLAY }),
    replacement: f.ref('Replaced by', 'cheques', { readOnly: true }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['dueDate'],
  listColumns: ['number', 'bank', 'dueDate', 'amount', 'drawer', 'customer', 'contract', 'status', 'depositedOn', 'clearedOn', 'bounceReason', 'replacement'],
  formLayout: [['customer', 'contract'], ['number', 'bank'], ['dueDate', 'amount'], ['drawer', 'receivedOn'], ['replaces', 'title'], ['depositedOn', 'clearedOn'], ['notes']],
  statusField: 'status',
  editableStates: ['received', 'deposited'],
  actions: {
    deposit: {
      label: 'Deposit',
      from: ['received'],
      to: 'deposited',
      reason: 'optional',
      reasonLabel: 'Reason to deposit before its date',
      confirm: 'Deposit cheque {number}? {depositNote}',
    },
    clear: { label: 'Cleared', from: ['deposited'], to: 'cleared', privilege: 'approve', confirm: 'Cheque {number} cleared? What it covers is paid.' },
    bounce: {
      label: 'Bounced',
      from: ['deposited'],
      to: 'bounced',
      privilege: 'approve',
      reason: 'required',
      confirm: 'Cheque {number} bounced? What it covers is reopened on its installments. {bounceChargeNote} The reason names a bounced reason.',
    },
    redeposit: { label: 'Re-deposit', from: ['bounced'], to: 'deposited', privilege: 'approve', confirm: 'Re-deposit cheque {number}? It covers the oldest open installments again, and pays them when it clears.' },
    return: { label: 'Return to drawer', from: ['bounced'], to: 'returned', privilege: 'approve', reason: 'optional', confirm: 'Return cheque {number} to its drawer?' },
  },
};
