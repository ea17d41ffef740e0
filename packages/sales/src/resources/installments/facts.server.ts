import type { Queryable } from '@propdesk/server-kit';
import { OPEN_INSTALLMENT_STATES, SUPERSEDED_INSTALLMENT_STATE, UNSETTLED_INSTALLMENT_STATES } from './definition.js';

/**
 * What other documents may read of a contract's installments: the schedule a contract's print shows,
 * the rows a receipt allocates to or a cancelled contract closes, and the next row number a fee takes
 * (a cheque's bounce charge). Each is one statement; ids as text, money as text, dates as YYYY-MM-DD.
 */
export type ScheduleLine = { seq: number; kind: string; due_date: string; amount: string };

/** The rows of a schedule version, superseded ones aside, by `seq` (the contract print's table). */
export async function scheduleLines(tx: Queryable, contractId: string, version: number): Promise<ScheduleLine[]> {
  const rows = await tx.query<ScheduleLine>(
    "select seq, kind, to_char(due_date, 'YYYY-MM-DD') as due_date, amount::text as amount from installments where contract_id = $1 and schedule_version = $2 and status <> $3 order by seq",
    [contractId, version, SUPERSEDED_INSTALLMENT_STATE],
  );
  return rows.rows;
}

/** The ids of a contract's rows that still take money (`OPEN_INSTALLMENT_STATES`), by id. */
export async function openInstallmentIds(tx: Queryable, contractId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('select id::text as id from installments where contract_id = $1 and status = any($2::text[]) order by id', [contractId, [...OPEN_INSTALLMENT_STATES]]);
  return rows.rows.map((row) => row.id);
}

/** The ids of a contract's rows not yet settled (open, partly paid or covered), locked for update, by id. */
export async function lockUnsettledInstallments(tx: Queryable, contractId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('select id::text as id from installments where contract_id = $1 and status = any($2::text[]) order by id for update', [contractId, [...UNSETTLED_INSTALLMENT_STATES]]);
  return rows.rows.map((row) => row.id);
}

/** The `seq` a new row at the end of a schedule version takes. */
export async function nextInstallmentSeq(tx: Queryable, contractId: string, version: number): Promise<number> {
  const rows = await tx.query<{ next: number }>('select coalesce(max(seq), 0) + 1 as next from installments where contract_id = $1 and schedule_version = $2', [contractId, version]);
  return rows.rows[0]!.next;
}

/**
 * The rows as a relation, for a statement that joins or sums them (one statement): a commission's
 * trigger sums a schedule's money, a receipt's print names each item's row. Columns keep their types.
 */
export const INSTALLMENT_FACTS = '(select id, contract_id, schedule_version, seq, kind, due_date, amount, status from installments)';

/**
 * Installments with what is paid and covered of each, and whom they are owed by, as a relation to
 * join or sum (one statement): reminders pick the rows still owed, a statement of account charges
 * them, the collections dashboard sums them. Columns keep their types (numeric, date, boolean).
 */
export const INSTALLMENT_BALANCE_FACTS =
  '(select id, contract_id, customer_id, schedule_version, seq, kind, due_date, amount, paid, covered, cheque_date, overdue, status from installments)';
