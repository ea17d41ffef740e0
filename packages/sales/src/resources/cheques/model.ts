/** The deposit calendar's answer (`GET /api/cheques/deposit-calendar`), shared by server and web. */
export type DepositDay = { id: string; number: string; dueDate: string; amount: string; drawer: string; customer: string; late: boolean };
export type DepositBank = { bank: string | null; bankName: string; count: number; total: string; cheques: DepositDay[] };
export type DepositCalendar = { from: string; to: string; banks: DepositBank[] };
