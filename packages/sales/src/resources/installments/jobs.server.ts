import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import { engineTransaction, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { installments } from './definition.js';

export const INSTALLMENT_OVERDUE_JOB = 'sales.installments-overdue';
const JOB: Caller = { auth: null, source: 'job' };
const BATCH = 200;

/**
 * Flags the installments whose due date has passed unpaid (`overdue`), through the engine (history,
 * source `job`). Batches are taken `FOR UPDATE SKIP LOCKED`, so runs at once share the work, and a
 * run after downtime finds everything that fell due meanwhile. `today` is the calendar day to judge
 * by (tests pass one; the job uses the database's).
 */
export async function runInstallmentOverdue(engine: EngineContext, today?: string): Promise<{ flagged: number }> {
  let flagged = 0;
  for (;;) {
    const done = await engineTransaction(engine, async (tx) => {
      const due = await tx.query<{ id: string }>(
        `select id::text as id from installments
          where status in ('open', 'partly_paid') and not coalesce(overdue, false) and due_date < coalesce($1::date, current_date)
          order by due_date, id limit ${BATCH} for update skip locked`,
        [today ?? null],
      );
      for (const { id } of due.rows) {
        await updateRecord(engine, tx, installments, JOB, id, { overdue: true }, { ignoreVersion: true, allowReadOnly: true, action: 'overdue', reason: 'Due date passed unpaid' });
      }
      flagged += due.rows.length;
      return due.rows.length < BATCH;
    });
    if (done) return { flagged };
  }
}

/** Daily; the runner's catch-up runs it at start when a day was missed. */
export function installmentJobs(engine: EngineContext, everyMs = 24 * 3_600_000): JobDefinition[] {
  return [defineJob({ name: INSTALLMENT_OVERDUE_JOB, everyMs, run: () => runInstallmentOverdue(engine) })];
}
