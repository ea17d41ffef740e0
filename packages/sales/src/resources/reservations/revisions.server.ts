import { createMany, effectOf, getRecord, updateRecord, type Caller, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { dataWord, notFound, unprocessable, type Migration, type Queryable } from '@propdesk/server-kit';
import { pricingText, salesText } from '../../server/i18n/catalog.js';
import { formatMoney } from '@propdesk/records/model';
import { notice } from '../../server/i18n/notice.js';
import { reservationRevisions, reservations } from './definition.js';
import { assertState, pendingRevision, priceFor, snapshot } from './lifecycle.server.js';
import { priceReservation, type DiscountKind } from './pricing.js';
import { reservationLink, reservationSetupFor } from './setup.server.js';
import { assertClaimable } from '../unit-claims/index.server.js';
import type { ReservationRevision } from './model.js';

/**
 * A reservation's revisions are the engine's internal child `reservation-revisions` (definition.ts):
 * its table is the engine's, made from the definition. Installations made before kept them in a side
 * table (`sales/0120_reservation_revisions` as it was: `requested_by`/`requested_at`, `decided_by`, no
 * version); `sales/0121` brings that table to the engine's shape before the engine's DDL reads it, each
 * row kept with its values: who asked and when become the row's `created_by`/`created_on`, its last
 * write (the decision, else the request) its `modified_by`/`modified_on`. The values are carried by
 * `alter column … type … using`, the table's own rewrite, so no statement writes the rows beside the engine.
 */
export const reservationEarlyMigrations: Migration[] = [
  {
    id: 'sales/0121_reservation_revisions_engine',
    up: `
      do $$ begin
        if to_regclass('reservation_revisions') is not null and not exists (
          select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'reservation_revisions' and column_name = 'version'
        ) then
          alter table reservation_revisions rename column requested_at to created_on;
          alter table reservation_revisions rename column requested_by to created_by;
          alter table reservation_revisions rename column decided_by to decided_by_id;
          alter table reservation_revisions drop constraint if exists reservation_revisions_requested_by_fkey;
          alter table reservation_revisions
            add column version integer not null default 1,
            add column modified_on timestamptz,
            add column modified_by uuid;
          alter table reservation_revisions
            alter column modified_on type timestamptz using coalesce(decided_at, created_on),
            alter column modified_by type uuid using case when decided_at is null then created_by else decided_by_id end;
          alter table reservation_revisions
            alter column modified_on set default now(),
            alter column modified_on set not null;
        end if;
      end $$;
    `,
  },
];

/**
 * The one pending revision per reservation, kept by the database (a partial unique index), and the
 * revisions list's index. Installations made before ran this id as the side table's creation (see above).
 */
export const reservationMigrations: Migration[] = [
  {
    id: 'sales/0120_reservation_revisions',
    up: `
      create unique index if not exists reservation_revisions_pending_key on reservation_revisions (reservation_id) where status = 'pending';
      create index if not exists reservation_revisions_reservation_idx on reservation_revisions (reservation_id, created_on);
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
  // The revision, the reservation's internal child: its asker and time are the row's creator and creation.
  await createMany(engine, tx, reservationRevisions, effectOf(caller), [{ values: { reservation: id, revision: proposed.revision, status: 'pending', before: snapshot(current), changes, after: proposed, reason: input.reason } }], {
    workflow: true,
    action: 'requestModification',
    reason: input.reason,
  });
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
            coalesce(nullif(q.full_name, ''), q.username) as "requestedBy", to_char(r.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestedAt",
            coalesce(nullif(d.full_name, ''), d.username) as "decidedBy", to_char(r.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "decidedAt", r.decision_reason as "decisionReason"
       from reservation_revisions r left join users q on q.id = r.created_by left join users d on d.id = r.decided_by_id
      where r.reservation_id = $1 order by r.created_on desc, r.revision desc`,
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
