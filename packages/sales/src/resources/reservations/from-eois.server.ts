import { createMany, effectOf, type Caller, type EngineContext } from '@propdesk/records/server';
import { notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { reservationDoc, type UnitFacts } from './rules.server.js';
import { transferClaims, unavailableError, type ClaimKind } from '../unit-claims/index.server.js';
import { eoiFacts } from '../eois/facts.server.js';
import { carriedEoiPayments } from '../eoi-payments/facts.server.js';

/**
 * Reservations made from EOIs, for a set of them: the one-by-one path (the reservation hooks, a set
 * of one) and a bulk publish (thousands) take the same steps, each in a number of statements that
 * does not grow with the set.
 */

const EOIS = 'eois';

export type LockedUnitFacts = UnitFacts & { status: string };

/**
 * The sources of reservations from EOIs: the EOIs exist (else 422), the units' row locks are taken
 * (in id order), and each unit is either claimed by its own EOI (its allocation, to be handed over:
 * `own`) or free and available; a unit claimed by another document or not available is a 409 naming
 * it and its holder (the first such in the order given). Answers each unit's facts, in order.
 */
export async function checkEoiSources(tx: Queryable, items: readonly { unitId: string; eoiId: string }[]): Promise<{ unit: LockedUnitFacts; own: boolean }[]> {
  if (items.length === 0) return [];
  const eoiIds = [...new Set(items.map((item) => item.eoiId))];
  const known = await eoiFacts(tx, eoiIds);
  if (known.size !== eoiIds.length) throw unprocessable(salesText('noEoi'));
  const unitIds = [...new Set(items.map((item) => item.unitId))];
  const units = await tx.query<LockedUnitFacts>(
    `select id::text as id, code, status, project_id::text as project, unit_type_id::text as unit_type, base_price::text as base_price
       from units where id = any($1::uuid[]) order by id for update`,
    [unitIds],
  );
  const unitOf = new Map(units.rows.map((unit) => [unit.id, unit]));
  const claims = await tx.query<{ unit_id: string; document_resource: string; document_id: string }>(
    'select unit_id::text as unit_id, document_resource, document_id::text as document_id from unit_claims where unit_id = any($1::uuid[]) and released_at is null',
    [unitIds],
  );
  const claimOf = new Map(claims.rows.map((claim) => [claim.unit_id, claim]));
  const answers: { unit: LockedUnitFacts; own: boolean }[] = [];
  for (const item of items) {
    const unit = unitOf.get(item.unitId);
    if (!unit) throw notFound(salesText('noUnit'));
    const claim = claimOf.get(unit.id);
    const own = claim !== undefined && claim.document_resource === EOIS && claim.document_id === item.eoiId;
    if (!own && (claim || unit.status !== 'available')) throw await unavailableError(tx, unit);
    answers.push({ unit, own });
  }
  return answers;
}

/**
 * Hands EOIs' allocation claims over to the reservations made from them, in place (the unit is never
 * unclaimed in between): kind `reservation` for one submitted at once (the unit stays reserved, no
 * flicker to on hold and back), `hold` for a draft (the unit goes on hold). One UPDATE per kind; the
 * units whose status changes follow through the engine (history, status events).
 */
export async function handOverEoiClaims(engine: EngineContext, tx: Queryable, caller: Caller, items: readonly { reservationId: string; eoiId: string; holderId: string | null; kind: ClaimKind }[]) {
  for (const kind of ['reservation', 'hold'] as const) {
    const group = items.filter((item) => item.kind === kind);
    if (group.length === 0) continue;
    await transferClaims(
      engine,
      tx,
      effectOf(caller),
      group.map((item) => ({ from: { resource: EOIS, id: item.eoiId }, to: { ...reservationDoc(item.reservationId), kind, holderId: item.holderId, expiresAt: null } })),
    );
  }
}

/**
 * The EOIs' payments carried over to the reservations made from them, as approved fee payments naming
 * the EOI payment (`carried_from`): one read of the payments, one `createMany` of the reservation
 * payments (their roll-up, the fee paid, marked). Their create hooks' work is done here: the
 * reservation is this transaction's new draft (open, locked), the description is the one the hook
 * gives a fee payment, and an approved payment tells no approver.
 */
export async function carryEoiPayments(engine: EngineContext, tx: Queryable, caller: Caller, items: readonly { reservation: { id: string; number?: unknown }; eoiId: string }[]) {
  if (items.length === 0) return;
  const paid = await carriedEoiPayments(tx, items.map((item) => item.eoiId));
  if (paid.length === 0) return;
  const reservationOf = new Map(items.map((item) => [item.eoiId, item.reservation]));
  const decidedAt = new Date().toISOString();
  await createMany(
    engine,
    tx,
    engine.registry.get('reservation-payments'),
    effectOf(caller),
    paid.map((payment) => {
      const reservation = reservationOf.get(payment.eoi_id)!;
      return {
        values: { reservation: reservation.id, kind: 'fee', amount: payment.amount, method: payment.method, bank: payment.bank, reference: payment.reference, chequeNumber: payment.cheque_number, chequeDate: payment.cheque_date, paidOn: payment.paid_on },
        columns: { status: 'approved', carried_from: payment.number, decided_at: decidedAt, description: `Reservation fee for ${String(reservation.number)}` },
      };
    }),
    { hooks: 'caller', workflow: true },
  );
}
