import { createRecord, effectOf, flushRollups, getRecord, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import { notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import { reservations, type DISCOUNT_KINDS } from './definition.js';
import { assertState, reservationDoc } from './lifecycle.server.js';
import { releaseClaim } from '../unit-claims/claims.server.js';

/** Where a reservation comes from: a free unit, an approved hold (its claim handed over) or an EOI (its allocation handed over, its payments carried). */
export type ReservationSource = { kind: 'unit' } | { kind: 'hold'; holdId: string } | { kind: 'eoi'; eoiId: string };

export type ReservationInput = {
  unitId: string;
  /** The primary buyer. */
  customerId: string;
  /** Every buyer with their share in percent (adding up to 100); none: the customer alone. */
  buyers?: readonly { customerId: string; share: string | number }[];
  agentId?: string | null;
  brokerId?: string | null;
  paymentPlanId: string;
  offerId?: string | null;
  discountKind?: (typeof DISCOUNT_KINDS)[number];
  /** Percent or amount as decimal text; empty takes the offer's discount. */
  discountValue?: string | null;
  /** The reservation fee; empty takes the project's default fee. */
  fee?: string | null;
  /** YYYY-MM-DD; empty is today + the project's days to sign (14 by default). */
  signBy?: string | null;
  notes?: string | null;
  source?: ReservationSource;
  /**
   * Submit at once (default true): confirmed within the caller's discount authority (unit reserved),
   * else `pending_approval` with the approvers told. False leaves a draft (the unit on hold for it).
   */
  submit?: boolean;
};

/**
 * Reserves a unit inside the caller's transaction, through the engine (hooks, history, numbering):
 * the unit's row lock, then its claim — an approved hold's or an EOI allocation's claim is handed over
 * in place, a free unit claimed — so a unit someone else holds is a 409 naming the unit and its
 * holder, and the whole transaction (a bulk publish) stops there. Prices are the unit's list price
 * less the discount, exact; a discount above the caller's authority waits for approval instead of
 * being refused. Answers the reservation as stored (`answer: 'id'`: as created, before its fee paid is kept).
 */
export async function createReservation(engine: EngineContext, tx: Queryable, input: ReservationInput, caller: Caller, options: { answer?: 'record' | 'id' } = {}): Promise<RecordRow> {
  const source = input.source ?? { kind: 'unit' };
  const values: Record<string, unknown> = {
    unit: input.unitId,
    customer: input.customerId,
    agent: input.agentId ?? caller.auth?.userId ?? null,
    broker: input.brokerId ?? null,
    paymentPlan: input.paymentPlanId,
    offer: input.offerId ?? null,
    discountKind: input.discountKind ?? 'percent',
    discountValue: input.discountValue ?? null,
    fee: input.fee ?? null,
    signBy: input.signBy ?? null,
    notes: input.notes ?? null,
  };
  const extra = {
    ...(source.kind === 'hold' ? { fromHold: source.holdId } : {}),
    ...(source.kind === 'eoi' ? { fromEoi: source.eoiId } : {}),
    buyers: (input.buyers ?? []).map((buyer) => ({ customer: buyer.customerId, share: String(buyer.share) })),
    // The hook writes the buyers, then submits (which checks their shares).
    submit: input.submit !== false,
  };
  const record = await createRecord(engine, tx, reservations, caller, values, {}, { extra, workflow: true });
  if (source.kind !== 'eoi') return record;
  // The EOI's payments carried over: their fee paid is kept by a roll-up, worked out now rather than at commit.
  await flushRollups(engine, tx);
  // A caller that needs only the id (a bulk publish) is spared reading the record again.
  if (options.answer === 'id') return record;
  return (await getRecord(engine, tx, reservations, { auth: null, source: 'system' }, record.id)) ?? record;
}

/**
 * `markReservationContracted(engine, tx, reservationId, contractId, caller)`, for the contracts code,
 * inside its transaction: a confirmed reservation becomes `contracted` (naming the contract), its unit
 * `contracted` and its claim released (the contract owns the unit from here). Marking it again for the
 * same contract changes nothing; another state is a 422 naming it.
 */
export async function markReservationContracted(engine: EngineContext, tx: Queryable, reservationId: string, contractId: string, caller: Caller): Promise<RecordRow> {
  const locked = await tx.query<{ status: string; number: string; contract: string | null; unit: string }>(
    'select status, number, contract, unit_id::text as unit from reservations where id = $1 for update',
    [reservationId],
  );
  const row = locked.rows[0];
  if (!row) throw notFound('No such reservation');
  if (row.status === 'contracted' && row.contract === contractId) return (await getRecord(engine, tx, reservations, { auth: null, source: 'system' }, reservationId))!;
  assertState(row, ['confirmed'], 'Contracting');
  const record = await updateRecord(engine, tx, reservations, effectOf(caller), reservationId, { status: 'contracted', contract: contractId }, { ignoreVersion: true, allowReadOnly: true, action: 'contract', reason: `Contract ${contractId}` });
  // The unit turns contracted first, so releasing the claim does not make it available.
  await updateRecord(engine, tx, engine.registry.get('units'), effectOf(caller), row.unit, { status: 'contracted' }, {
    ignoreVersion: true,
    allowReadOnly: true,
    action: 'contract',
    reason: `${row.number} contracted`,
    extra: { statusDocument: reservationDoc(reservationId) },
  });
  if (!(await releaseClaim(engine, tx, effectOf(caller), reservationDoc(reservationId), { action: 'contract', reason: `${row.number} contracted` }))) {
    throw unprocessable(`The reservation ${row.number} no longer holds its unit.`);
  }
  return record;
}
