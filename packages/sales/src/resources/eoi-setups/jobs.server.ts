import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import { engineTransaction, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { eoiSetups } from './definition.js';
import { expireUnpaid } from '../eois/index.server.js';

/** The EOI window job's name in `scheduled_jobs`. */
export const EOI_WINDOW_JOB = 'sales.eoi-window';
const JOB: Caller = { auth: null, source: 'job' };

export type EoiWindowResult = { closed: number; expired: number };

/**
 * Closes the launches whose window has ended and expires their unpaid EOIs, one launch per
 * transaction. Launches are taken with `FOR UPDATE SKIP LOCKED`, so two runs at once share the work;
 * due means `closes_at <= now()`, so a run after downtime catches up.
 */
export async function runEoiWindow(engine: EngineContext): Promise<EoiWindowResult> {
  const result: EoiWindowResult = { closed: 0, expired: 0 };
  for (;;) {
    const done = await engineTransaction(engine, async (tx) => {
      const due = await tx.query<{ id: string }>(`select id::text as id from eoi_setups where status = 'open' and closes_at <= now() order by closes_at, id limit 1 for update skip locked`);
      const setup = due.rows[0];
      if (!setup) return true;
      await updateRecord(engine, tx, eoiSetups, JOB, setup.id, { status: 'closed', closedAt: new Date().toISOString() }, { ignoreVersion: true, allowReadOnly: true, action: 'close', reason: 'The window ended' });
      result.expired += await expireUnpaid(engine, tx, JOB, setup.id);
      result.closed += 1;
      return false;
    });
    if (done) break;
  }
  return result;
}

/** The EOI window job, every minute (the app's runner: once across processes, caught up after downtime). */
export function eoiJobs(engine: EngineContext, everyMs = 60_000): JobDefinition[] {
  return [defineJob({ name: EOI_WINDOW_JOB, everyMs, run: () => runEoiWindow(engine) })];
}
