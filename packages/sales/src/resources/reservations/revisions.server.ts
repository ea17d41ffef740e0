import { getRecord, updateRecord, type Caller, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { dataWord, notFound, unprocessable, type Migration, type Queryable } from '@propdesk/server-kit';
import { pricingText, salesText } from '../../server/i18n/catalog.js';
import { formatMoney } from '@propdesk/records/model';
import { notice } from '../../server/i18n/notice.js';
import { reservations } from './definition.js';
import { assertState, pendingRevision, priceFor, snapshot } from './lifecycle.server.js';
import { priceReservation, type DiscountKind } from './pricing.js';
import { reservationLink, reservationSetupFor } from './setup.server.js';
import { assertClaimable } from '../unit-claims/index.server.js';
import type { ReservationRevision } from './model.js';

/**
 * A reservation's revisions: each modification asked for is a row (`pending`, then `approved` or
 * `rejected`) keeping the reservation as it was (`before`), what was asked (`changes`) and, once
 * applied, the result (`after`). At most one is pending per reservation (a partial unique index).
 */
export const reservationMigrations: Migration[] = [
  {
    id: 'sales/0120_reservation_revisions',
    up: `
      create table reservation_revisions (
        id uuid primary key default gen_random_uuid(),
        reservation_id uuid not null references reservations (id) on delete cascade,
        revision integer not null,
        status text not null check (status in ('pending', 'approved', 'rejected')),
        before jsonb not null,
        changes jsonb not null,
        after jsonb,
        reason text,
        requested_by uuid references users (id),
        requested_at timestamptz not null default now(),
        decided_by uuid references users (id),
        decided_at timestamptz,
        decision_reason text
      );
      create unique index reservation_revisions_pending_key on reservation_revisions (reservation_id) where status = 'pending';
      create index reservation_revisions_reservation_idx on reservation_revisions (reservation_id, requested_at);
    `,
  },
];

export type ModificationInput = {
  unit?: string | undefined;
  paymentPlan?: string | undefined;
  offer?: string | null | undefined;
  discountKind?: DiscountKind | undefined;
  discountValue?: string | null | undefined;
  reason: string;
};

/**
 * Asks to modify a confirmed reservation (`POST /api/reservations/{id}/modify`): the unit, plan, offer
 * or discount, as a new revision waiting for the approvers (told), who apply it with
 * `approveModification` or refuse it with `rejectModification`. The reservation stays as it is until
 * then. A new unit must be free now (409 naming its holder otherwise); it is claimed only on approval.
 */
export async function requestModification(engine: EngineContext, notify: DomainNotify, tx: Queryable, caller: Caller, id: string, input: ModificationInput) {
  const locked = await tx.query<{ id: string }>('select id::text as id from reservations where id = $1 for update', [id]);
  if (!locked.rows[0]) throw notFound(salesText('noReservation'));
  const current = await getRecord(engine, tx, reservations, caller, id);
  if (!current) throw notFound(salesText('noReservation'));
  assertState(current, ['confirmed'], 'modifying');
  if (current.modificationPending || (await pendingRevision(tx, id))) throw unprocessable(salesText('reservationModificationWaiting', { number: dataWord(current.number) }));
  const changes: Record<string, unknown> = {};
  for (const key of ['unit', 'paymentPlan', 'offer', 'discountKind', 'discountValue'] as const) {
    if (input[key] !== undefined && input[key] !== current[key]) changes[key] = input[key];
  }
  if (Object.keys(changes).length === 0) throw unprocessable(salesText('reservationModificationEmpty'));
  const unitId = typeof changes.unit === 'string' ? changes.unit : String(current.unit);
  if (unitId !== current.unit) await assertClaimable(tx, unitId);
  const priced = await priceFor(tx, {
    unitId,
    paymentPlanId: typeof (changes.paymentPlan ?? current.paymentPlan) === 'string' ? String(changes.paymentPlan ?? current.paymentPlan) : null,
    offerId: 'offer' in changes ? ((changes.offer as string | null) ?? null) : typeof current.offer === 'string' ? current.offer : null,
    discountKind: ((changes.discountKind ?? current.discountKind) as DiscountKind | undefined) ?? null,
    discountValue: 'discountValue' in changes ? (changes.discountValue as string | null) : ((current.discountValue as string | null | undefined) ?? null),
  });
  const pricing = unitId === current.unit ? priceReservation(String(current.listPrice), priced.discountKind, priced.discountValue, priced.pricing.planDiscountPct) : priced.pricing;
  if ('problem' in pricing) throw unprocessable(pricingText(pricing));
  const proposed = { ...snapshot(current), ...changes, project: priced.unit.project, paymentPlan: priced.paymentPlan, discountKind: priced.discountKind, discountValue: priced.discountValue, ...pricing, revision: Number(current.revision ?? 1) + 1 };
  await tx.query(
    `insert into reservation_revisions (reservation_id, revision, status, before, changes, after, reason, requested_by) values ($1, $2, 'pending', $3::jsonb, $4::jsonb, $5::jsonb, $6, $7)`,
    [id, proposed.revision, JSON.stringify(snapshot(current)), JSON.stringify(changes), JSON.stringify(proposed), input.reason, caller.auth?.userId ?? null],
  );
  const record = await updateRecord(engine, tx, reservations, caller, id, { modificationPending: true }, { ignoreVersion: true, allowReadOnly: true, action: 'requestModification', reason: input.reason });
  const setup = await reservationSetupFor(tx, typeof current.project === 'string' ? current.project : null);
  if (setup.approverDepartment) {
    await notify(tx, {
      departmentId: setup.approverDepartment,
      title: notice('noticeModificationToApprove', { number: String(current.number) }),
      body: notice('noticeModificationToApproveBody', { reason: input.reason, before: formatMoney(current.netPrice), after: formatMoney(pricing.netPrice) }),
      link: reservationLink(id),
      category: 'sales',
      createdBy: caller.auth?.userId ?? null,
    });
  }
  return record;
}

/** A reservation's revisions, newest first, with the people's names. */
export async function listRevisions(db: Queryable, id: string): Promise<ReservationRevision[]> {
  const rows = await db.query<Omit<ReservationRevision, 'labels'>>(
    `select r.id::text as id, r.revision, r.status, r.before, r.changes, r.after, r.reason,
            coalesce(nullif(q.full_name, ''), q.username) as "requestedBy", to_char(r.requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestedAt",
            coalesce(nullif(d.full_name, ''), d.username) as "decidedBy", to_char(r.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "decidedAt", r.decision_reason as "decisionReason"
       from reservation_revisions r left join users q on q.id = r.requested_by left join users d on d.id = r.decided_by
      where r.reservation_id = $1 order by r.requested_at desc, r.revision desc`,
    [id],
  );
  const ids = new Set<string>();
  for (const row of rows.rows) {
    for (const values of [row.before, row.changes, row.after]) {
      for (const key of ['unit', 'project', 'paymentPlan', 'offer']) if (typeof values?.[key] === 'string') ids.add(values[key] as string);
    }
  }
  const names = await db.query<{ id: string; name: string }>(
    `select id::text as id, code as name from units where id = any($1::uuid[])
     union all select id::text, name from projects where id = any($1::uuid[])
     union all select id::text, name from payment_plans where id = any($1::uuid[])
     union all select id::text, name from unit_offers where id = any($1::uuid[])`,
    [[...ids]],
  );
  const labels = Object.fromEntries(names.rows.map((row) => [row.id, row.name]));
  return rows.rows.map((row) => ({ ...row, labels }));
}
