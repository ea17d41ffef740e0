import {
  createMany,
  createRecord,
  effectOf,
  flushRollups,
  getRecord,
  runAction,
  settleRollups,
  updateMany,
  updateRecord,
  type Caller,
  type DomainNotify,
  type EngineContext,
} from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import { dataWord, notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { reservations, type DISCOUNT_KINDS } from './definition.js';
import { carryEoiPayments, checkEoiSources, handOverEoiClaims } from './from-eois.server.js';
import { assertState, withinAuthority } from './lifecycle.server.js';
import { confirmedNotice, confirmedValues, newReservationColumns, peopleNotices, priceFromFacts, priceInputOf, reservationDoc, type OfferFacts, type PlanFacts } from './rules.server.js';
import { reservationSetupFor, todayInCairo } from './setup.server.js';
import { releaseClaim } from '../unit-claims/index.server.js';
import { customerFacts } from '../leads/facts.server.js';

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
  const values = reservationValues(input);
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

/** A reservation's create body from its input (no agent given: the create hook's, `newReservationColumns`). */
function reservationValues(input: ReservationInput): Record<string, unknown> {
  return {
    unit: input.unitId,
    customer: input.customerId,
    agent: input.agentId ?? null,
    broker: input.brokerId ?? null,
    paymentPlan: input.paymentPlanId,
    offer: input.offerId ?? null,
    discountKind: input.discountKind ?? 'percent',
    discountValue: input.discountValue ?? null,
    fee: input.fee ?? null,
    signBy: input.signBy ?? null,
    notes: input.notes ?? null,
  };
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
  if (!row) throw notFound(salesText('noReservation'));
  if (row.status === 'contracted' && row.contract === contractId) return (await getRecord(engine, tx, reservations, { auth: null, source: 'system' }, reservationId))!;
  assertState(row, ['confirmed'], 'contracting');
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
    throw unprocessable(salesText('reservationNoLongerHolds', { number: dataWord(row.number) }));
  }
  return record;
}

/**
 * One reservation of a batch made from EOIs (a bulk publish): the EOI's allocation claim is handed
 * over, its payments carried. `agentId` is whose sale it is (the EOI's agent): the reservation's agent
 * and its creator, while its history names the caller who published it.
 */
export type EoiReservationInput = { eoiId: string; unitId: string; customerId: string; paymentPlanId: string; agentId: string | null; notes?: string | null };

/**
 * `createReservation` from EOIs, submitted at once, for a whole batch, in the caller's transaction,
 * through the engine's set-based writes: the reservation hooks' rules (the source check, the prices,
 * the new reservation's columns, the claim handed over, the payments carried, the submit's values
 * and notices: the shared functions of rules.server.ts and from-eois.server.ts) applied to all at
 * once, in a number of statements that does not grow with the batch. Every unit is checked before
 * anything is written: a unit no longer free (and not claimed by its EOI) is a 409 naming it and its
 * holder; a free unit (not allocated to its EOI) is reserved one by one instead (422). Reservations
 * within the caller's discount authority are confirmed in one batch; any other is submitted one by
 * one (so it waits for approval, its approvers told). Answers the reservations' ids in input order.
 */
export async function createReservationsFromEois(engine: EngineContext, tx: Queryable, inputs: readonly EoiReservationInput[], caller: Caller, notify: DomainNotify): Promise<string[]> {
  if (inputs.length === 0) return [];
  // beforeCreate's source check (checkSource), for the set.
  const sources = await checkEoiSources(tx, inputs);
  for (const { unit, own } of sources) if (!own) throw unprocessable(salesText('reservationUnitNotAllocated', { code: dataWord(unit.code) }));
  // beforeCreate's facts (priceFor's plan, the buyer's name), read for the set; no offer in a batch.
  const plans = await tx.query<PlanFacts & { id: string }>(
    'select id::text as id, project_id::text as project, name, discount_pct::text as discount_pct from payment_plans where id = any($1::uuid[])',
    [[...new Set(inputs.map((input) => input.paymentPlanId))]],
  );
  const planOf = new Map(plans.rows.map(({ id, ...plan }) => [id, plan]));
  const buyers = await customerFacts(tx, inputs.map((input) => input.customerId));
  const nameOf = new Map([...buyers.values()].map((buyer) => [buyer.id, buyer.full_name]));
  const offers = new Map<string, OfferFacts>();
  const today = todayInCairo();
  const rows = [];
  for (const [index, input] of inputs.entries()) {
    const { unit } = sources[index]!;
    const values = reservationValues({ unitId: input.unitId, customerId: input.customerId, agentId: input.agentId, paymentPlanId: input.paymentPlanId, notes: input.notes ?? null });
    const priced = priceFromFacts(priceInputOf(values), { unit, offers, plans: planOf, today });
    const setup = await reservationSetupFor(tx, unit.project);
    const columns = newReservationColumns({ values, source: { source: 'eoi', eoi_id: input.eoiId }, priced, setup, today, buyerName: nameOf.get(input.customerId) ?? null, caller });
    // The EOI's agent made the sale: the reservation is theirs (its creator too); the history names who published it.
    rows.push({ values, columns: input.agentId ? { ...columns, created_by: input.agentId } : columns });
  }
  // The reservation hooks' work is done here for the batch (hooks: 'caller').
  const made = await createMany(engine, tx, reservations, caller, rows, { hooks: 'caller', workflow: true });
  // afterCreate's, for the set: the allocations handed over (submitted at once: the unit stays reserved), the payments carried.
  const agentOf = (record: RecordRow) => (typeof record.agent === 'string' ? record.agent : (caller.auth?.userId ?? null));
  await handOverEoiClaims(engine, tx, caller, made.map((record, index) => ({ reservationId: record.id, eoiId: inputs[index]!.eoiId, holderId: agentOf(record), kind: 'reservation' as const })));
  await carryEoiPayments(engine, tx, caller, made.map((record, index) => ({ reservation: record, eoiId: inputs[index]!.eoiId })));
  // The submit: confirmed at once within the caller's authority (no discount, so always, unless the rules change).
  const within: RecordRow[] = [];
  const beyond: RecordRow[] = [];
  for (const record of made) ((await withinAuthority(tx, caller, record)).ok ? within : beyond).push(record);
  const approval = confirmedValues(caller);
  const confirmed = await updateMany(engine, tx, reservations, caller, within.map((record) => ({ id: record.id, values: { status: 'confirmed', ...approval } })), { action: 'submit', allowReadOnly: true });
  for (const record of beyond) await runAction(engine, tx, reservations, caller, record.id, 'submit', reservations.actions!.submit!, {});
  // The submit's notices, as its after hook gives them.
  for (const record of confirmed) {
    const notice = confirmedNotice(record);
    for (const person of peopleNotices(record, caller, notice.title, notice.body)) await notify(tx, person);
  }
  // The fee paid of each, from the payments carried (folded into its creation, as one by one).
  await settleRollups(engine, tx);
  return made.map((record) => record.id);
}
