import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import type { EngineContext } from '@propdesk/records/server';
import { runLeadExpiry } from './expiry.server.js';
import type { Notify } from './rules.server.js';

/** The lead validity job's name in `scheduled_jobs`. */
export const LEAD_EXPIRY_JOB = 'sales.lead-expiry';

/**
 * The leads' timed work, for the app's one job runner (server-kit's `createJobRunner`): the
 * validity job every 5 minutes (`expiryEveryMs`). The runner only schedules it; `runLeadExpiry` still
 * takes its leads with `FOR UPDATE SKIP LOCKED`, so a run by hand (`/api/leads/expiry/run`) at the
 * same time does not double a reminder or an expiry.
 */
export function leadJobs(engine: EngineContext, notify?: Notify, expiryEveryMs?: number): JobDefinition[] {
  return [
    defineJob({
      name: LEAD_EXPIRY_JOB,
      everyMs: expiryEveryMs ?? 5 * 60_000,
      run: () => runLeadExpiry(engine, notify),
    }),
  ];
}
