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
import { HttpError, notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import { reservations, type DISCOUNT_KINDS } from './definition.js';
import { assertState, reservationDoc, withinAuthority } from './lifecycle.server.js';
import { priceReservation } from './pricing.js';
import { addDays, reservationLink, reservationSetupFor, todayInCairo } from './setup.server.js';
import { releaseClaim, transferClaims, unavailableError } from '../unit-claims/claims.server.js';

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

/** One reservation of a batch made from EOIs (a bulk publish): the EOI's allocation claim is handed over, its payments carried. */
export type EoiReservationInput = { eoiId: string; unitId: string; customerId: string; paymentPlanId: string; agentId: string | null; notes?: string | null };

/**
 * `createReservation` from EOIs for a whole batch, in the caller's transaction, through the engine's
 * set-based writes: what the reservation hooks do per record (source check, pricing, claim handed
 * over, payments carried, submit, the fee roll-up) done for all at once in a number of statements
 * that does not grow with the batch. Every unit is checked before anything is written: a unit no
 * longer free (and not claimed by its EOI) is a 409 naming it and its holder. Reservations within the
 * caller's discount authority are confirmed in one batch; any other is submitted one by one (so it
 * waits for approval, its approvers told). Answers the reservations' ids in input order.
 */
export async function createReservationsFromEois(engine: EngineContext, tx: Queryable, inputs: readonly EoiReservationInput[], caller: Caller, notify?: DomainNotify): Promise<string[]> {
  if (inputs.length === 0) return [];
  const unitIds = inputs.map((input) => input.unitId);
  const eoiIds = inputs.map((input) => input.eoiId);
  // The source (checkSource, for a batch): the EOIs exist; each unit is free or claimed by its own EOI.
  const known = await tx.query<{ id: string }>('select id::text as id from eois where id = any($1::uuid[])', [eoiIds]);
  if (known.rows.length !== new Set(eoiIds).size) throw unprocessable('No such EOI');
  const units = await tx.query<{ id: string; code: string; status: string; project: string | null; base_price: string | null }>(
    'select id::text as id, code, status, project_id::text as project, base_price::text as base_price from units where id = any($1::uuid[]) order by id for update',
    [unitIds],
  );
  const unitOf = new Map(units.rows.map((unit) => [unit.id, unit]));
  const claims = await tx.query<{ unit_id: string; document_resource: string; document_id: string }>(
    'select unit_id::text as unit_id, document_resource, document_id::text as document_id from unit_claims where unit_id = any($1::uuid[]) and released_at is null',
    [unitIds],
  );
  const claimOf = new Map(claims.rows.map((claim) => [claim.unit_id, claim]));
  for (const input of inputs) {
    const unit = unitOf.get(input.unitId);
    if (!unit) throw notFound('No such unit');
    const claim = claimOf.get(unit.id);
    const own = claim && claim.document_resource === 'eois' && claim.document_id === input.eoiId;
    if (!own && (claim || unit.status !== 'available')) throw await unavailableError(tx, { id: unit.id, code: unit.code, status: unit.status, project: unit.project });
    // The batch hands over allocations; a free unit is reserved one by one (createReservation).
    if (!own) throw unprocessable(`Unit ${unit.code} is not allocated to its EOI; reserve it on its own.`);
  }
  // Pricing (priceFor, for a batch): the list price less no discount; the plan of this project or every project.
  const plans = await tx.query<{ id: string; project: string | null; name: string }>('select id::text as id, project_id::text as project, name from payment_plans where id = any($1::uuid[])', [[...new Set(inputs.map((input) => input.paymentPlanId))]]);
  const planOf = new Map(plans.rows.map((plan) => [plan.id, plan]));
  const buyers = await tx.query<{ id: string; name: string }>('select id::text as id, full_name as name from customers where id = any($1::uuid[])', [[...new Set(inputs.map((input) => input.customerId))]]);
  const nameOf = new Map(buyers.rows.map((buyer) => [buyer.id, buyer.name]));
  const today = todayInCairo();
  const rows = [];
  for (const input of inputs) {
    const unit = unitOf.get(input.unitId)!;
    if (unit.base_price === null) throw unprocessable(`Unit ${unit.code} has no list price yet; price it before reserving.`);
    const plan = planOf.get(input.paymentPlanId);
    if (!plan) throw unprocessable('No such payment plan');
    if (plan.project !== null && plan.project !== unit.project) throw unprocessable(`The payment plan ${plan.name} is for another project than unit ${unit.code}.`);
    const pricing = priceReservation(unit.base_price, 'percent', null);
    if ('problem' in pricing) throw new HttpError(400, 'Validation failed', { errors: [{ field: 'discountValue', message: pricing.problem }] });
    const setup = await reservationSetupFor(tx, unit.project);
    const agent = input.agentId ?? caller.auth?.userId ?? null;
    rows.push({
      values: { unit: unit.id, customer: input.customerId, agent, broker: null, paymentPlan: input.paymentPlanId, offer: null, discountKind: 'percent', discountValue: null, fee: null, signBy: null, notes: input.notes ?? null },
      columns: {
        title: `${nameOf.get(input.customerId) ?? 'Buyer'} – ${unit.code}`.slice(0, 160),
        source: 'eoi',
        eoi_id: input.eoiId,
        project_id: unit.project,
        agent_id: agent,
        payment_plan_id: input.paymentPlanId,
        discount_kind: 'percent',
        discount_value: '0',
        list_price: pricing.listPrice,
        discount_amount: pricing.discountAmount,
        discount_pct: pricing.discountPct,
        net_price: pricing.netPrice,
        sign_by: addDays(today, setup.signByDays),
        fee: setup.defaultFee ?? '0',
        fee_paid: '0',
        status: 'draft',
        revision: 1,
        modification_pending: false,
      },
    });
  }
  // The reservation hooks' work is done here for the batch (hooks: 'caller').
  const made = await createMany(engine, tx, reservations, caller, rows, { hooks: 'caller', workflow: true });
  // The allocations handed over as the reservations' claims (submitted at once: the unit stays reserved).
  await transferClaims(
    engine,
    tx,
    effectOf(caller),
    made.map((record, index) => ({ from: { resource: 'eois', id: inputs[index]!.eoiId }, to: { ...reservationDoc(record.id), kind: 'reservation' as const, holderId: (record.agent as string | null) ?? null, expiresAt: null } })),
  );
  // The EOIs' payments carried over as approved fee payments naming the EOI payment.
  const paid = await tx.query<{ eoi_id: string; number: string; amount: string; method: string | null; bank: string | null; reference: string | null; cheque_number: string | null; cheque_date: string | null; paid_on: string }>(
    `select eoi_id::text as eoi_id, number, amount::text as amount, method_id::text as method, bank_id::text as bank, reference, cheque_number, cheque_date::text as cheque_date, paid_on::text as paid_on
       from eoi_payments where eoi_id = any($1::uuid[]) and kind = 'payment' and status in ('recorded', 'approved', 'completed') order by eoi_id, number`,
    [eoiIds],
  );
  const reservationOf = new Map(made.map((record, index) => [inputs[index]!.eoiId, record]));
  const decidedAt = new Date().toISOString();
  await createMany(
    engine,
    tx,
    engine.registry.get('reservation-payments'),
    effectOf(caller),
    paid.rows.map((payment) => {
      const reservation = reservationOf.get(payment.eoi_id)!;
      return {
        values: { reservation: reservation.id, kind: 'fee', amount: payment.amount, method: payment.method, bank: payment.bank, reference: payment.reference, chequeNumber: payment.cheque_number, chequeDate: payment.cheque_date, paidOn: payment.paid_on },
        // The payment hooks' columns (its description), approved as carried over: no approver to tell.
        columns: { status: 'approved', carried_from: payment.number, decided_at: decidedAt, description: `Reservation fee for ${String(reservation.number)}` },
      };
    }),
    { hooks: 'caller', workflow: true },
  );
  // Submitted: confirmed at once within the caller's authority (no discount, so always, unless the rules change).
  const within: RecordRow[] = [];
  const beyond: RecordRow[] = [];
  for (const record of made) ((await withinAuthority(tx, caller, record)).ok ? within : beyond).push(record);
  const approvedAt = new Date().toISOString();
  const confirmed = await updateMany(
    engine,
    tx,
    reservations,
    caller,
    within.map((record) => ({ id: record.id, values: { status: 'confirmed', needsApprovalReason: null, approvedAt, approvedBy: caller.auth?.userId ?? null } })),
    { action: 'submit', allowReadOnly: true },
  );
  for (const record of beyond) await runAction(engine, tx, reservations, caller, record.id, 'submit', reservations.actions!.submit!, {});
  // The submit's notices: the agent, and whoever wrote it if someone else (not the caller themself).
  if (notify) {
    const me = caller.auth?.userId ?? null;
    for (const record of confirmed) {
      const title = `Reservation confirmed: ${String(record.number)}`;
      const body = `The unit is reserved until ${String(record.signBy)} for the contract to be signed.`;
      for (const userId of new Set([record.agent, record.createdBy])) {
        if (typeof userId === 'string' && userId !== me) await notify(tx, { userId, title, body, link: reservationLink(record.id), category: 'sales', createdBy: me });
      }
    }
  }
  // The fee paid of each, from the payments carried (folded into its creation, as one by one).
  await settleRollups(engine, tx);
  return made.map((record) => record.id);
}
