import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import { engineTransaction, updateRecord, type Caller, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { holdRequests } from './definition.js';
import { holdLink } from './links.js';
import { notice, noticeWhen } from '../../server/i18n/notice.js';
import { releaseClaim } from '../unit-claims/index.server.js';

/** The hold expiry job's name in `scheduled_jobs`. */
export const HOLD_EXPIRY_JOB = 'sales.hold-expiry';
/** How long before expiry the holder is reminded (once per expiry time). */
export const HOLD_REMINDER_MS = 2 * 3_600_000;
const BATCH = 100;
const JOB: Caller = { auth: null, source: 'job' };

export type HoldExpiryResult = { expired: number; reminded: number };

/**
 * Expires the approved holds that are due and reminds holders of those expiring within two hours.
 * Each batch takes its holds with `FOR UPDATE SKIP LOCKED`, so two runs at once (two processes, a
 * run by hand beside the scheduled one) share the work instead of doubling it; each hold is expired
 * through the engine (history, source `job`), its claim released (idempotent) and its holder told,
 * in one transaction. A run after downtime finds what fell due meanwhile: due means `expires_at <= now()`.
 */
export async function runHoldExpiry(engine: EngineContext, notify: DomainNotify): Promise<HoldExpiryResult> {
  const result: HoldExpiryResult = { expired: 0, reminded: 0 };
  for (;;) {
    const done = await engineTransaction(engine, async (tx) => {
      const due = await tx.query<{ id: string }>(
        `select id::text as id from hold_requests where status = 'approved' and expires_at <= now() order by expires_at, id limit ${BATCH} for update skip locked`,
      );
      for (const { id } of due.rows) {
        const record = await updateRecord(engine, tx, holdRequests, JOB, id, { status: 'expired', extensionHours: null }, { ignoreVersion: true, allowReadOnly: true, action: 'expire', reason: 'The hold’s time ran out' });
        await releaseClaim(engine, tx, JOB, { resource: holdRequests.name, id }, { action: 'expire', reason: `${String(record.number)} expired` });
        if (typeof record.requestedBy === 'string') {
          await notify(tx, { userId: record.requestedBy, title: notice('noticeHoldExpired', { number: String(record.number) }), body: notice('noticeUnitAvailableAgain'), link: holdLink(id), category: 'sales' });
        }
      }
      result.expired += due.rows.length;
      return due.rows.length < BATCH;
    });
    if (done) break;
  }
  await engineTransaction(engine, async (tx) => {
    const soon = await tx.query<{ id: string }>(
      `select id::text as id from hold_requests
        where status = 'approved' and expires_at > now() and expires_at <= now() + make_interval(secs => $1) and reminder_sent_at is null
        order by expires_at, id limit 1000 for update skip locked`,
      [HOLD_REMINDER_MS / 1000],
    );
    for (const { id } of soon.rows) {
      const record = await updateRecord(engine, tx, holdRequests, JOB, id, { reminderSentAt: new Date().toISOString() }, { ignoreVersion: true, allowReadOnly: true, action: 'remind' });
      if (typeof record.requestedBy === 'string') {
        await notify(tx, {
          userId: record.requestedBy,
          title: notice('noticeHoldExpiring', { number: String(record.number) }),
          body: notice('noticeHoldExpiringBody', { until: noticeWhen(String(record.expiresAt)) }),
          link: holdLink(id),
          category: 'sales',
        });
      }
    }
    result.reminded += soon.rows.length;
  });
  return result;
}

/** The hold expiry job, every minute (the app's runner: once across processes, caught up after downtime). */
export function holdJobs(engine: EngineContext, notify: DomainNotify, everyMs = 60_000): JobDefinition[] {
  return [defineJob({ name: HOLD_EXPIRY_JOB, everyMs, run: () => runHoldExpiry(engine, notify) })];
}
