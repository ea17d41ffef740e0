import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import { engineTransaction, updateRecord, type Caller, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { notice, noticeDay } from '../../server/i18n/notice.js';
import { reservations } from './definition.js';
import { decidePendingRevision, reservationDoc } from './lifecycle.server.js';
import { reservationLink } from './setup.server.js';
import { DISPLAY_TIME_ZONE, releaseClaim } from '../unit-claims/index.server.js';

/** The reservation expiry job's name in `scheduled_jobs`. */
export const RESERVATION_EXPIRY_JOB = 'sales.reservation-expiry';
const BATCH = 100;
const JOB: Caller = { auth: null, source: 'job' };

export type ReservationExpiryResult = { expired: number };

/**
 * Expires the open reservations (draft, waiting for approval or confirmed) whose sign-by date has
 * passed in Cairo: each through the engine (history, source `job`), its unit released (idempotent)
 * and its agent told, in one transaction per batch. Batches take their rows with `FOR UPDATE SKIP
 * LOCKED`, so two runs at once share the work; a run after downtime finds everything that fell due.
 */
export async function runReservationExpiry(engine: EngineContext, notify: DomainNotify): Promise<ReservationExpiryResult> {
  const result: ReservationExpiryResult = { expired: 0 };
  for (;;) {
    const done = await engineTransaction(engine, async (tx) => {
      const due = await tx.query<{ id: string }>(
        `select id::text as id from reservations
          where status in ('draft', 'pending_approval', 'confirmed') and sign_by < (now() at time zone '${DISPLAY_TIME_ZONE}')::date
          order by sign_by, id limit ${BATCH} for update skip locked`,
      );
      for (const { id } of due.rows) {
        const record = await updateRecord(engine, tx, reservations, JOB, id, { status: 'expired', modificationPending: false }, { ignoreVersion: true, allowReadOnly: true, action: 'expire', reason: 'The sign-by date passed' });
        await decidePendingRevision(engine, tx, JOB, id, { status: 'rejected', at: record.modifiedOn, action: 'expire', reason: 'The reservation expired' });
        await releaseClaim(engine, tx, JOB, reservationDoc(id), { action: 'expire', reason: `${String(record.number)} expired` });
        if (typeof record.agent === 'string') {
          await notify(tx, { userId: record.agent, title: notice('noticeReservationExpired', { number: String(record.number) }), body: notice('noticeReservationExpiredBody', { date: noticeDay(record.signBy) }), link: reservationLink(id), category: 'sales' });
        }
      }
      result.expired += due.rows.length;
      return due.rows.length < BATCH;
    });
    if (done) break;
  }
  return result;
}

/** The reservation expiry job, every 5 minutes (the app's runner: once across processes, caught up after downtime). */
export function reservationJobs(engine: EngineContext, notify: DomainNotify, everyMs = 5 * 60_000): JobDefinition[] {
  return [defineJob({ name: RESERVATION_EXPIRY_JOB, everyMs, run: () => runReservationExpiry(engine, notify) })];
}
