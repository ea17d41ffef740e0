/** The collections dashboard (issue 18): money still owed on the current installment ledgers. */
export type CollectionsDashboard = {
  asOf: string;
  /** Cairo's today and the bounds of its week (Monday to Sunday) and month. */
  today: string;
  week: { from: string; to: string };
  month: { from: string; to: string };
  /** Still owed on rows due this week / this month, per currency. */
  due: { currency: string; weekRows: number; week: string; monthRows: number; month: string; overdueRows: number; overdue: string }[];
  /** Owed on rows past due, by days late (0–30, 31–60, 61–90, over 90), per project and agent. */
  aging: { projectId: string; project: string; currency: string; agentId: string | null; agent: string | null; d0_30: string; d31_60: string; d61_90: string; d90: string; total: string }[];
  /** Still owed by month of due date, from this month on (12 months), per currency. */
  expected: { currency: string; month: string; rows: number; amount: string }[];
  /** Cheques received and due by the end of this week, not yet deposited, per bank (`late`: due before today); null without the cheque register or cheque read. */
  cheques: { bankId: string; bank: string; rows: number; amount: string; lateRows: number; late: string }[] | null;
};

export type StatementLine = {
  date: string;
  kind: 'charge' | 'receipt';
  /** A charge: the contract and installment; a receipt: its number. */
  reference: string;
  description: string;
  charge: string | null;
  credit: string | null;
  balance: string;
};

export type CustomerStatement = {
  customer: { id: string; name: string };
  asOf: string;
  lines: StatementLine[];
  charges: string;
  receipts: string;
  balance: string;
  /** The rest of the current schedules, due after `asOf` (not in the lines). */
  notYetDue: string;
};
