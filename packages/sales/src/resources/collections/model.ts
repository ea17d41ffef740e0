import { compareMoney, subtractMoney } from '@propdesk/finance';

/** The collections dashboard (issue 18): money still owed on the current installment ledgers. */
export type CollectionsDashboard = {
  asOf: string;
  /** Cairo's today and the bounds of its week (Monday to Sunday) and month. */
  today: string;
  week: { from: string; to: string };
  month: { from: string; to: string };
  /**
   * Per currency: still owed (neither paid nor covered by a cheque in hand) on rows due this week /
   * this month, what cheques in hand cover of them, and what is past due (the uncovered rest of rows
   * past their due date, and what a cheque covers once its date has passed without it clearing).
   */
  due: { currency: string; weekRows: number; week: string; weekCovered: string; monthRows: number; month: string; monthCovered: string; overdueRows: number; overdue: string }[];
  /** Past due as in `due`, by days late (0–30, 31–60, 61–90, over 90), per project and agent. */
  aging: { projectId: string; project: string; currency: string; agentId: string | null; agent: string | null; d0_30: string; d31_60: string; d61_90: string; d90: string; total: string }[];
  /** Not yet paid (cleared) by month of due date, from this month on (12 months), per currency; `covered`: of it, cheques in hand. */
  expected: { currency: string; month: string; rows: number; amount: string; covered: string }[];
  /** Cheques received and due by the end of this week, not yet deposited, per bank (`late`: due before today); null without the cheque register or cheque read. */
  cheques: { bankId: string; bank: string; rows: number; amount: string; lateRows: number; late: string }[] | null;
};

/** The dashboard's age bands of what is past due (days late: 1–30, 31–60, 61–90, over 90). */
export const AGE_BANDS = ['d0_30', 'd31_60', 'd61_90', 'd90'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/**
 * Reminding an age band's customers at once (issue 28): how many customers the band holds (in the
 * caller's ledger scope, one project or all), how many a reminder reaches on the channel, how many
 * opted out of it, have no address for it, or were reminded of the same installment today already.
 */
export type BandReminders = {
  band: AgeBand;
  channel: 'email' | 'sms';
  project: string | null;
  customers: number;
  willReceive: number;
  optedOut: number;
  noAddress: number;
  alreadyReminded: number;
};

export type StatementLine = {
  date: string;
  /**
   * `charge`: an installment due; `receipt`: money paid (cleared: a receipt by any method but cheque,
   * or a cheque's on the day it cleared); `cheque`: a cheque in hand on that day (received, not yet
   * cleared): listed with what it covers, it moves no balance.
   */
  kind: 'charge' | 'receipt' | 'cheque';
  /** A charge: the contract and installment; a receipt or cheque: the receipt's number. */
  reference: string;
  description: string;
  /** A document number the description names (a contract, a cheque), kept apart so prints write it left to right. */
  code: string | null;
  charge: string | null;
  credit: string | null;
  /** A cheque in hand: the amount it covers (not paid until it clears). */
  covering: string | null;
  balance: string;
};

export type CustomerStatement = {
  customer: { id: string; name: string };
  asOf: string;
  lines: StatementLine[];
  charges: string;
  /** Paid: cleared money only (cheques in hand are not). */
  receipts: string;
  /** Charges less what is paid: owed now, or (negative) paid ahead of the schedule. */
  balance: string;
  /** Cheques in hand on `asOf`: they cover installments and reduce nothing until they clear. */
  covered: string;
  /** The rest of the current schedules, due after `asOf` (not in the lines). */
  notYetDue: string;
  /** Still to pay on the current schedules, due or not (charges and not yet due, less what is paid); negative only if more was paid than they ask. */
  remaining: string;
};

/**
 * A statement's closing line, in words that are true: what is owed now; else what was paid ahead of
 * the schedule (it counts towards what falls due later: no credit while anything is still to pay);
 * a balance in the customer's favour only when more was paid than the schedules ask in all.
 */
export function closingOf(statement: Pick<CustomerStatement, 'balance' | 'remaining'>): { kind: 'owed' | 'ahead' | 'credit'; amount: string } {
  if (compareMoney(statement.balance, 0) >= 0) return { kind: 'owed', amount: statement.balance };
  if (compareMoney(statement.remaining, 0) >= 0) return { kind: 'ahead', amount: subtractMoney(0, statement.balance) };
  return { kind: 'credit', amount: subtractMoney(0, statement.remaining) };
}
