import { createRecord, deleteRecord, documentNumber, effectOf, memoized, numberInText, runAction, updateMany, type Caller, type DomainNotify, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { formatMoney, type RecordRow } from '@propdesk/records/model';
import { compareMoney, decimal } from '@propdesk/finance';
import { dataWord, notFound, unprocessable, type LocalText, type Queryable } from '@propdesk/server-kit';
import { holdState, pricingText, salesText, stateWord } from '../../server/i18n/catalog.js';
import { z } from 'zod';
import { reservationRevisions, reservations } from './definition.js';
import { givenDiscountPct, needsDiscountApproval, priceReservation, type DiscountKind } from './pricing.js';
import { carryEoiPayments, checkEoiSources, handOverEoiClaims } from './from-eois.server.js';
import {
  claimKindOf,
  confirmedNotice,
  confirmedValues,
  newReservationColumns,
  offerPct,
  peopleNotices,
  priceFromFacts,
  priceInputOf,
  pricingValues,
  reservationDoc,
  type OfferFacts,
  type PlanFacts,
  type PriceInput,
  type Priced,
  type SourceColumns,
  type UnitFacts,
} from './rules.server.js';
import { discountAuthorityOf, reservationLink, reservationSetupFor, todayInCairo } from './setup.server.js';
import { notice, noticeDay } from '../../server/i18n/notice.js';
import { convertHold } from '../hold-requests/index.server.js';
import { ACTIVE_HOLD_STATE } from '../hold-requests/definition.js';
import { lockedHold } from '../hold-requests/facts.server.js';
import { eoiFact } from '../eois/facts.server.js';
import { customerFact } from '../leads/facts.server.js';
import { assertClaimable, claimUnit, liveClaim, lockUnit, releaseClaim, transferClaim, unavailableError, type ClaimInput, type LockedUnit } from '../unit-claims/index.server.js';

export { reservationDoc, type PriceInput };
const CATEGORY = 'sales';
const userOf = (caller: Caller) => caller.auth?.userId ?? null;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Hands the reservation's live claim to itself with the kind its state needs (the unit's status
 * follows: `claimKindOf`). The claim is the reservation's from the moment it is written, so two
 * reservations of one unit can never both exist.
 */
export async function setClaimKind(engine: EngineContext, tx: Queryable, caller: Caller, id: string, status: string, holderId: string | null) {
  const me = reservationDoc(id);
  await transferClaim(engine, tx, effectOf(caller), me, { ...me, kind: claimKindOf(status), holderId, expiresAt: null });
}

export async function unitFacts(tx: Queryable, unitId: string): Promise<UnitFacts> {
  const rows = await tx.query<UnitFacts>(
    'select id::text as id, code, project_id::text as project, unit_type_id::text as unit_type, base_price::text as base_price from units where id = $1',
    [unitId],
  );
  const unit = rows.rows[0];
  if (!unit) throw notFound(salesText('noUnit'));
  return unit;
}

async function readOffer(tx: Queryable, offerId: string): Promise<OfferFacts | null> {
  const rows = await tx.query<OfferFacts>(
    `select project_id::text as project, unit_type_id::text as unit_type, discount_pct::text as discount_pct, discount_amount::text as discount_amount,
            valid_from::text as valid_from, valid_to::text as valid_to, name, payment_plan_id::text as payment_plan
       from unit_offers where id = $1`,
    [offerId],
  );
  return rows.rows[0] ?? null;
}

async function offerFacts(tx: Queryable, offerId: string): Promise<OfferFacts> {
  const offer = await readOffer(tx, offerId);
  if (!offer) throw unprocessable(salesText('noOffer'));
  return offer;
}

/**
 * Prices a reservation of a unit (`priceFromFacts`, the rule a bulk publish shares) from the unit,
 * the offer and the payment plan read here. Refuses (422) what cannot apply, naming it.
 */
export async function priceFor(tx: Queryable, input: PriceInput, known?: UnitFacts): Promise<Priced> {
  // `known`: the unit as this transaction has just read it (its row lock's read), not read again.
  const unit = known?.id === input.unitId ? known : await unitFacts(tx, input.unitId);
  const offers = new Map<string, OfferFacts>();
  const offer = input.offerId ? await readOffer(tx, input.offerId) : null;
  if (input.offerId && offer) offers.set(input.offerId, offer);
  const planId = input.paymentPlanId ?? offer?.payment_plan ?? null;
  const plans = new Map<string, PlanFacts>();
  if (planId) {
    const row = await memoized(tx, `payment-plan:${planId}`, ['payment-plans'], async () => (await tx.query<PlanFacts>('select project_id::text as project, name, discount_pct::text as discount_pct from payment_plans where id = $1', [planId])).rows[0]);
    if (row) plans.set(planId, row);
  }
  return priceFromFacts(input, { unit, offers, plans, today: todayInCairo() });
}

/**
 * Whether the caller may give this reservation's discount without approval: the discount given on
 * top of the payment plan's own (the plan's is the company's price for paying that way, approved
 * with the plan), within the caller's authority or the offer's own discount (approved with the offer).
 */
export async function withinAuthority(tx: Queryable, caller: Caller, record: Readonly<Record<string, unknown>>): Promise<{ ok: boolean; authority: string | null; givenPct: string }> {
  const authority = await discountAuthorityOf(tx, caller);
  const pct = givenDiscountPct(text(record.discountPct) || '0', text(record.planDiscountPct) || '0');
  let allowed = authority;
  if (allowed !== null && typeof record.offer === 'string' && typeof record.listPrice === 'string') {
    const covered = offerPct(await offerFacts(tx, record.offer), record.listPrice);
    if (compareMoney(covered, allowed) > 0) allowed = covered;
  }
  return { ok: !needsDiscountApproval(pct, allowed), authority, givenPct: pct };
}

/** A submit's outcome: confirmed within the caller's authority (who confirmed it and when), else waiting for approval (why). */
export type SubmitOutcome = { to: 'confirmed'; values: ReturnType<typeof confirmedValues> } | { to: 'pending_approval'; values: { needsApprovalReason: string } };

/** The submit's outcome for a reservation's prices and offer (`record`: its fields, as stored or as about to be inserted). */
async function submitOutcome(tx: Queryable, caller: Caller, record: Readonly<Record<string, unknown>>): Promise<SubmitOutcome> {
  const { ok, authority, givenPct } = await withinAuthority(tx, caller, record);
  if (ok) return { to: 'confirmed', values: confirmedValues(caller) };
  const plan = decimal(text(record.planDiscountPct) || '0');
  const besides = plan.isZero() ? '' : ` (besides the payment plan’s ${plan.toString()}%)`;
  return { to: 'pending_approval', values: { needsApprovalReason: `A discount of ${decimal(givenPct).toString()}%${besides} is above your authority of ${decimal(authority ?? '0').toString()}%.` } };
}

/**
 * Whether a create submits in its own INSERT (issue 26): asked to submit at once, from a free unit or
 * an approved hold, with no buyers to check (their shares are checked against the stored rows, which
 * exist only after the INSERT). Its outcome is known before the row is written, so the reservation is
 * inserted confirmed (or waiting for approval) instead of inserted as a draft and updated: one write,
 * one read, one history entry. An EOI's reservation, or one with buyers, is submitted by the action.
 */
const submitsInInsert = (extra: ReservationExtra) => extra.submit === true && !extra.fromEoi && (extra.buyers ?? []).length === 0;

/** A submit's outcome as the columns of the INSERT that folds it (what the action's UPDATE would set). */
function outcomeColumns(outcome: SubmitOutcome): Record<string, unknown> {
  if (outcome.to === 'pending_approval') return { status: 'pending_approval', needs_approval_reason: outcome.values.needsApprovalReason };
  const { needsApprovalReason, approvedAt, approvedBy } = outcome.values;
  return { status: 'confirmed', needs_approval_reason: needsApprovalReason, approved_at: approvedAt, approved_by_id: approvedBy };
}

/** What a create body may carry beside the fields: where the reservation comes from, and whether to submit it at once. */
const buyersSchema = z
  .array(z.strictObject({ customer: z.uuid(), share: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'A share such as 50 or 33.3333') }))
  .max(10, 'At most 10 buyers');
export type BuyerInput = { customer: string; share: string };

export const reservationExtra = {
  fromHold: z.uuid().optional(),
  fromEoi: z.uuid().optional(),
  submit: z.boolean().optional(),
  buyers: buyersSchema.optional(),
};
export type ReservationExtra = { fromHold?: string | undefined; fromEoi?: string | undefined; submit?: boolean | undefined; buyers?: readonly BuyerInput[] | undefined };

/** Replaces a reservation's buyers (through the engine: each row's history), in the caller's transaction. */
async function writeBuyers(engine: EngineContext, tx: Queryable, caller: Caller, id: string, buyers: readonly BuyerInput[]) {
  const def = engine.registry.get('reservation-buyers');
  const existing = await tx.query<{ id: string }>('select id::text as id from reservation_buyers where reservation_id = $1 order by created_on, id', [id]);
  for (const row of existing.rows) await deleteRecord(engine, tx, def, effectOf(caller), row.id, { workflow: true });
  for (const buyer of buyers) await createRecord(engine, tx, def, effectOf(caller), { reservation: id, customer: buyer.customer, share: buyer.share }, {}, { workflow: true });
}

/**
 * Refuses the sources a reservation cannot come from and takes the unit's lock; answers the reservation's
 * source columns and the unit as the lock read it (none from an EOI). A free unit so read is kept for its claim (`checkedUnits`).
 */
async function checkSource(engine: EngineContext, tx: Queryable, unitId: string, extra: ReservationExtra): Promise<{ source: SourceColumns; unit?: LockedUnit }> {
  if (extra.fromHold && extra.fromEoi) throw unprocessable(salesText('reservationHoldOrEoi'));
  if (extra.fromHold) {
    // The engine's read of the hold takes the lock, kept for its conversion (`convertHold`).
    const row = await lockedHold(tx, extra.fromHold, engine);
    if (!row) throw unprocessable(salesText('holdNotFound'));
    if (row.status !== ACTIVE_HOLD_STATE) throw unprocessable(salesText('reservationHoldNotApproved', { number: dataWord(row.number), status: holdState(row.status) }));
    if (row.unit_id !== unitId) throw unprocessable(salesText('reservationHoldOtherUnit', { number: dataWord(row.number) }));
    // The engine's read of the unit takes the lock, kept for the unit's status change when the hold's claim is handed over.
    const unit = await lockUnit(tx, unitId, engine);
    const claim = await liveClaim(tx, unitId);
    if (!claim || claim.document_resource !== 'hold-requests' || claim.document_id !== extra.fromHold) throw await unavailableError(tx, unit);
    return { source: { source: 'hold', hold_id: extra.fromHold }, unit };
  }
  if (extra.fromEoi) {
    // The EOI's allocation may hold the unit already (it is handed over), else the unit must be free.
    await checkEoiSources(tx, [{ unitId, eoiId: extra.fromEoi }]);
    return { source: { source: 'eoi', eoi_id: extra.fromEoi } };
  }
  // The engine's read of the unit takes the lock, kept for the unit's status change when it is claimed.
  const unit = await assertClaimable(tx, unitId, undefined, engine);
  const checked = checkedUnits.get(tx) ?? new Map<string, LockedUnit>();
  checked.set(unitId, unit);
  checkedUnits.set(tx, checked);
  return { source: { source: 'unit' }, unit };
}

/** Free units this transaction has read with their row lock and no live claim (`checkSource`), for their claim (`claimUnit`'s `checked`). */
const checkedUnits = new WeakMap<Queryable, Map<string, LockedUnit>>();

/** The unit's claim for a new reservation: a hold's or an EOI's is handed over, a free unit claimed. */
async function takeClaim(engine: EngineContext, tx: Queryable, caller: Caller, id: string, record: RecordRow, extra: ReservationExtra) {
  const agent = typeof record.agent === 'string' ? record.agent : userOf(caller);
  const me = reservationDoc(id);
  if (extra.fromHold) {
    await convertHold(engine, tx, effectOf(caller), extra.fromHold, { ...me, holderId: agent, expiresAt: null });
    if (!extra.submit) await setClaimKind(engine, tx, caller, id, 'draft', agent);
    // Handed over as a confirmed reservation's claim (convertHold's kind): a submit that confirms need not hand it again.
    else handedAsConfirmed(tx, id, agent);
    return;
  }
  if (extra.fromEoi) {
    const claim = await liveClaim(tx, String(record.unit));
    if (claim && claim.document_resource === 'eois' && claim.document_id === extra.fromEoi) {
      // Handed over as a bulk publish hands its allocations (a set of one): submitted at once, the unit stays
      // reserved, never flickering to on hold and back; a submit that needs approval turns it into a hold.
      await handOverEoiClaims(engine, tx, caller, [{ reservationId: id, eoiId: extra.fromEoi, holderId: agent, kind: extra.submit ? 'reservation' : 'hold' }]);
      return;
    }
  }
  // Submitted at once: the submit claims the unit with the kind its outcome needs (`claimLeftToSubmit`).
  if (extra.submit) {
    leaveClaimToSubmit(tx, id, { unitId: String(record.unit), document: me, holderId: agent, expiresAt: null });
    return;
  }
  // The claim's reason names the reservation; a number still left to the commit is written there by its statement.
  const number = await numberInText(tx, reservations, id);
  await claimUnit(engine, tx, effectOf(caller), { unitId: String(record.unit), kind: 'hold', document: me, holderId: agent, expiresAt: null, action: 'reserve', reason: `${number} (draft)` });
}

/**
 * A free unit's claim for a reservation created and submitted at once, left by `takeClaim` to the
 * submit in the same transaction (the unit's row lock is held from the create's first statement):
 * claimed once with the kind the submit's outcome needs, so the unit goes from available to reserved
 * (or on hold, awaiting approval) in one status change, one history entry and one board event, instead
 * of on hold first and reserved a few statements later (issue 26: some 12 statements of each
 * launch-day reservation).
 */
type LeftClaim = Omit<ClaimInput, 'kind' | 'action' | 'reason'>;
const claimsLeft = new WeakMap<Queryable, Map<string, LeftClaim>>();
function leaveClaimToSubmit(tx: Queryable, id: string, claim: LeftClaim) {
  const left = claimsLeft.get(tx) ?? new Map<string, LeftClaim>();
  left.set(id, claim);
  claimsLeft.set(tx, left);
}
function takeClaimLeft(tx: Queryable, id: string): LeftClaim | undefined {
  const left = claimsLeft.get(tx);
  const claim = left?.get(id);
  left?.delete(id);
  return claim;
}

/** Reservations created in this transaction with no buyers written (the customer alone): their first submit need not count them. */
const noBuyers = new WeakMap<Queryable, Set<string>>();
function withoutBuyers(tx: Queryable, id: string) {
  const ids = noBuyers.get(tx) ?? new Set<string>();
  ids.add(id);
  noBuyers.set(tx, ids);
}

/** How many buyers a reservation has and their shares' total, for its submit (none to count for one this transaction made without). */
async function buyerShares(tx: Queryable, id: string): Promise<{ n: number; total: string | null }> {
  if (noBuyers.get(tx)?.delete(id)) return { n: 0, total: null };
  return (await tx.query<{ n: number; total: string | null }>('select count(*)::int as n, sum(share)::text as total from reservation_buyers where reservation_id = $1', [id])).rows[0]!;
}

/** After the submit: a claim it should have taken and did not (nothing leaves one so today) is taken as a draft's. */
async function claimIfStillLeft(engine: EngineContext, tx: Queryable, caller: Caller, id: string) {
  const left = takeClaimLeft(tx, id);
  if (left) await claimUnit(engine, tx, effectOf(caller), { ...left, kind: 'hold', action: 'reserve', reason: `${await numberInText(tx, reservations, id)} (draft)` });
}

/**
 * The submit's hand on the unit: a claim left to it (`leaveClaimToSubmit`) is taken now with the kind
 * `status` needs; else the reservation's live claim is handed the kind (`setClaimKind`).
 */
async function claimForSubmit(engine: EngineContext, tx: Queryable, caller: Caller, id: string, status: 'confirmed' | 'pending_approval', holderId: string | null) {
  const handed = confirmedClaims.get(tx);
  const handedTo = handed?.get(id);
  handed?.delete(id);
  if (status === 'confirmed' && handedTo !== undefined && handedTo === holderId) return;
  const left = takeClaimLeft(tx, id);
  if (!left) return setClaimKind(engine, tx, caller, id, status, holderId);
  const number = await numberInText(tx, reservations, id);
  const reason = status === 'confirmed' ? number : `${number} (draft)`;
  const checked = checkedUnits.get(tx)?.get(left.unitId);
  await claimUnit(engine, tx, effectOf(caller), { ...left, holderId, kind: claimKindOf(status), action: 'reserve', reason }, checked);
}

/** Reservations whose claim this transaction handed over with a confirmed reservation's kind, holder and no end (convertHold), by id: the holder. */
const confirmedClaims = new WeakMap<Queryable, Map<string, string | null>>();
function handedAsConfirmed(tx: Queryable, id: string, holderId: string | null) {
  const handed = confirmedClaims.get(tx) ?? new Map<string, string | null>();
  handed.set(id, holderId);
  confirmedClaims.set(tx, handed);
}

/** The pending modification of a reservation, if any (`reservation-revisions`, the reservation's internal child). */
export type RevisionRow = { id: string; revision: number; status: string; before: Record<string, unknown>; changes: Record<string, unknown>; after: Record<string, unknown> | null; requested_by: string | null; reason: string | null };

export async function pendingRevision(tx: Queryable, reservationId: string): Promise<RevisionRow | null> {
  const rows = await tx.query<RevisionRow>(
    `select id::text as id, revision, status, before, changes, after, created_by::text as requested_by, reason
       from reservation_revisions where reservation_id = $1 and status = 'pending' for update`,
    [reservationId],
  );
  return rows.rows[0] ?? null;
}

/** What deciding a pending revision writes besides who and when: approved with its result, or rejected. */
export type RevisionDecision = { status: 'approved'; after: Record<string, unknown> } | { status: 'rejected' };

/**
 * Decides a reservation's pending revision, if any, through the engine in the reservation's transaction
 * (the revision's own history entry, under the reservation's `action`): by the caller (none for the
 * expiry job), at `at` (the reservation's own write, so the time the reservation changed), for `reason`.
 * Answers the revision as it was (its asker), or null when none was pending.
 */
export async function decidePendingRevision(engine: EngineContext, tx: Queryable, caller: Caller, reservationId: string, decision: RevisionDecision & { at: unknown; action: string; reason: string | null }): Promise<RevisionRow | null> {
  const pending = await pendingRevision(tx, reservationId);
  if (!pending) return null;
  const { at, action, reason, ...values } = decision;
  await updateMany(
    engine,
    tx,
    reservationRevisions,
    effectOf(caller),
    [{ id: pending.id, values: { ...values, decidedBy: userOf(caller), decidedAt: String(at), decisionReason: reason } }],
    { allowReadOnly: true, action, reason },
  );
  return pending;
}

/** A cancellation's notice: the reason (else "Cancelled."), and what becomes of a fee paid. */
function cancelledBody(record: RecordRow, reason: string | null | undefined): LocalText | string {
  if (!record.feeOutcome) return reason ?? notice('noticeCancelled');
  const refund = record.feeOutcome === 'refund';
  const fee = formatMoney(record.feePaid);
  if (reason) return notice(refund ? 'noticeReasonFeeRefunded' : 'noticeReasonFeeForfeited', { reason, fee });
  return notice(refund ? 'noticeCancelledFeeRefunded' : 'noticeCancelledFeeForfeited', { fee });
}

/**
 * Reservations on the engine. Create: the unit's lock, then its source (a free unit, an approved hold
 * or an EOI's allocation; else 409 naming who holds it), the prices (list price from the unit, the
 * offer, the exact net price), sign-by date and fee from the project's setup; the claim is taken (or
 * handed over) once the row exists. Submit: within the caller's discount authority it is confirmed
 * (unit reserved), above it it waits for the approvers, who are told. Cancel releases the unit and
 * settles the fee by the project's rule; a modification is applied or refused by the approvers.
 */
export function reservationHooks(engine: EngineContext, notify: DomainNotify): ResourceHooks {
  const notifyUser = async (tx: Queryable, userId: unknown, title: LocalText, body: LocalText | string, id: string, caller: Caller) => {
    if (typeof userId === 'string' && userId !== userOf(caller)) await notify(tx, { userId, title, body, link: reservationLink(id), category: CATEGORY, createdBy: userOf(caller) });
  };
  /** The agent, and whoever wrote the reservation if someone else. */
  const notifyPeople = async (tx: Queryable, record: RecordRow, title: LocalText, body: LocalText | string, caller: Caller) => {
    for (const notice of peopleNotices(record, caller, title, body)) await notify(tx, notice);
  };
  const notifyApprovers = async (tx: Queryable, record: RecordRow, title: LocalText, body: LocalText, caller: Caller) => {
    const setup = await reservationSetupFor(tx, typeof record.project === 'string' ? record.project : null);
    if (setup.approverDepartment) await notify(tx, { departmentId: setup.approverDepartment, title, body, link: reservationLink(record.id), category: CATEGORY, createdBy: userOf(caller) });
  };
  const agentOf = (record: RecordRow, caller: Caller) => (typeof record.agent === 'string' ? record.agent : userOf(caller));
  /** The submit's notices (its action's `after`, or a create that submitted in its INSERT): the approvers asked, or the people told it is confirmed. */
  const submitted = async (tx: Queryable, id: string, record: RecordRow, caller: Caller) => {
    // A reservation just made may still wait for its number (taken at the commit): a notice that names it takes it here.
    const named = async () => (record.number ? record : { ...record, number: await documentNumber(tx, reservations, id) });
    if (record.status === 'pending_approval') {
      const withNumber = await named();
      await notifyApprovers(tx, withNumber, notice('noticeReservationToApprove', { number: text(withNumber.number) }), notice('noticeReservationToApproveBody', { reason: text(withNumber.needsApprovalReason), price: formatMoney(withNumber.netPrice) }), caller);
    } else if (peopleNotices(record, caller, '', '').length > 0) {
      const withNumber = await named();
      const words = confirmedNotice(withNumber);
      await notifyPeople(tx, withNumber, words.title, words.body, caller);
    }
  };

  return {
    onImport: true,
    extraCreate: reservationExtra,
    // Reservations of one unit (and its holds) queue in this process, not on its row lock holding a pooled connection.
    createQueueKey: (values) => (typeof values.unit === 'string' ? `unit:${values.unit}` : null),
    // The number is taken at the commit, or where a text names it first (`documentNumber`).
    numberAtCommit: true,
    extraUpdate: { buyers: buyersSchema.optional() },
    // The buyers and their shares come with every answer.
    extendRecord: async (db, id) => {
      const rows = await db.query<{ customer: string; share: string }>(
        'select customer_id::text as customer, share::text as share from reservation_buyers where reservation_id = $1 order by share desc, created_on, id',
        [id],
      );
      return { buyers: rows.rows };
    },
    beforeCreate: async (tx, extra, caller, values) => {
      const unitId = String(values.unit);
      const { source, unit } = await checkSource(engine, tx, unitId, extra as ReservationExtra);
      const priced = await priceFor(tx, priceInputOf(values), unit);
      const setup = await reservationSetupFor(tx, priced.unit.project);
      const buyer = await customerFact(tx, String(values.customer));
      // A reservation made from an EOI is the sale of the EOI's agent (who took it), whoever reserves it.
      const owner = source.source === 'eoi' ? ((await eoiFact(tx, source.eoi_id))?.agent_id ?? null) : null;
      const columns = newReservationColumns({ values, source, priced, setup, today: todayInCairo(), buyerName: buyer?.full_name ?? null, owner, caller });
      if (!submitsInInsert(extra as ReservationExtra)) return columns;
      // The submit's outcome from the prices about to be inserted (what its action reads back from the row).
      const outcome = await submitOutcome(tx, caller, { discountPct: columns.discount_pct, planDiscountPct: columns.plan_discount_pct, listPrice: columns.list_price, offer: values.offer ?? null });
      return { ...columns, ...outcomeColumns(outcome) };
    },
    afterCreate: async (tx, id, rawExtra, caller, created) => {
      const extra = rawExtra as ReservationExtra;
      await takeClaim(engine, tx, caller, id, created, extra);
      // Submitted in its INSERT (`submitsInInsert`): the submit's hand on the unit and its notices, as its action's handlers give them.
      const state = created.status;
      if (extra.submit && (state === 'confirmed' || state === 'pending_approval')) {
        await claimForSubmit(engine, tx, caller, id, state, agentOf(created, caller));
        await submitted(tx, id, created, caller);
        return;
      }
      if (extra.buyers && extra.buyers.length > 0) await writeBuyers(engine, tx, caller, id, extra.buyers);
      else if (extra.submit) withoutBuyers(tx, id);
      if (extra.fromEoi) await carryEoiPayments(engine, tx, caller, [{ reservation: { id, number: (await documentNumber(tx, reservations, id)) ?? '' }, eoiId: extra.fromEoi }]);
      if (!extra.submit) return;
      await runAction(engine, tx, reservations, caller, id, 'submit', reservations.actions!.submit!, {});
      await claimIfStillLeft(engine, tx, caller, id);
    },
    afterUpdate: async (tx, id, extra, changes, caller) => {
      // A person's edit of a draft (the engine refused any other state before this) may bring its buyers.
      const buyers = (extra as { buyers?: readonly BuyerInput[] }).buyers;
      if (buyers !== undefined && changes.action === undefined) await writeBuyers(engine, tx, caller, id, buyers);
    },
    beforeDelete: async (tx, id, caller) => writeBuyers(engine, tx, caller, id, []),
    // Only a draft can be deleted (its editable state): its unit goes back to available.
    afterDelete: async (tx, id, before, caller) => {
      await releaseClaim(engine, tx, effectOf(caller), reservationDoc(id), { action: 'delete', reason: `${text(before.number)} deleted` });
    },
    beforeUpdate: async (tx, _id, values, before) => {
      // A workflow's write names the state; a person's edit of a draft does not.
      if (values.status !== undefined) return {};
      if (values.unit !== undefined && values.unit !== before.unit) {
        throw unprocessable(salesText('reservationUnitFixed', { number: dataWord(before.number) }));
      }
      const touched = ['paymentPlan', 'offer', 'discountKind', 'discountValue'].some((name) => values[name] !== undefined && values[name] !== before[name]);
      if (!touched) return {};
      const merged = { ...before, ...values };
      const priced = await priceFor(tx, {
        unitId: String(before.unit),
        paymentPlanId: typeof merged.paymentPlan === 'string' ? merged.paymentPlan : null,
        offerId: typeof merged.offer === 'string' ? merged.offer : null,
        discountKind: (merged.discountKind as DiscountKind | undefined) ?? null,
        discountValue: (merged.discountValue as string | number | null | undefined) ?? null,
      });
      return { ...pricingValues(priced.pricing), discountKind: priced.discountKind, discountValue: priced.discountValue, paymentPlan: priced.paymentPlan };
    },
    actions: {
      submit: {
        before: async (tx, id, current, caller) => {
          const buyers = await buyerShares(tx, id);
          if (buyers.n > 0 && compareMoney(buyers.total ?? '0', '100') !== 0) throw unprocessable(salesText('reservationSharesNot100', { number: dataWord(current.number ?? (await documentNumber(tx, reservations, id))), total: decimal(buyers.total ?? '0').toString() }));
          const outcome = await submitOutcome(tx, caller, current);
          await claimForSubmit(engine, tx, caller, id, outcome.to, agentOf(current, caller));
          return outcome.to === 'pending_approval' ? outcome : { values: outcome.values };
        },
        after: async (tx, id, record, caller) => submitted(tx, id, record, caller),
      },
      approve: {
        before: async (tx, id, current, caller) => {
          await setClaimKind(engine, tx, caller, id, 'confirmed', agentOf(current, caller));
          return { values: confirmedValues(caller) };
        },
        after: (tx, _id, record, caller, reason) =>
          notifyPeople(tx, record, notice('noticeReservationApproved', { number: text(record.number) }), reason ?? notice('noticeReservationReservedUntil', { until: noticeDay(record.signBy) }), caller),
      },
      reject: {
        after: (tx, _id, record, caller, reason) => notifyPeople(tx, record, notice('noticeReservationSentBack', { number: text(record.number) }), reason ?? notice('noticeReservationSentBackBody'), caller),
      },
      cancel: {
        before: async (tx, id, current, caller, reason) => {
          const setup = await reservationSetupFor(tx, typeof current.project === 'string' ? current.project : null);
          const paid = text(current.feePaid) || '0';
          return { values: { cancelReason: reason, feeOutcome: compareMoney(paid, '0') > 0 ? setup.feeOnCancel : null, modificationPending: false } };
        },
        after: async (tx, id, record, caller, reason) => {
          await decidePendingRevision(engine, tx, caller, id, { status: 'rejected', at: record.modifiedOn, action: 'cancel', reason: 'The reservation was cancelled' });
          await releaseClaim(engine, tx, effectOf(caller), reservationDoc(id), { action: 'cancel', reason: `${text(record.number)} cancelled: ${reason ?? ''}`.slice(0, 300) });
          await notifyPeople(tx, record, notice('noticeReservationCancelled', { number: text(record.number) }), cancelledBody(record, reason), caller);
        },
      },
      approveModification: {
        before: async (tx, id, current, caller) => applyModification(engine, tx, caller, id, current),
        after: async (tx, id, record, caller, reason) => {
          const decided = await decidePendingRevision(engine, tx, caller, id, { status: 'approved', after: snapshot(record), at: record.modifiedOn, action: 'approveModification', reason: reason ?? null });
          await notifyUser(tx, decided?.requested_by, notice('noticeModificationApproved', { number: text(record.number) }), notice('noticeModificationApprovedBody', { revision: text(record.revision), price: formatMoney(record.netPrice) }), id, caller);
        },
      },
      rejectModification: {
        before: async (tx, id, current) => {
          if (!(await pendingRevision(tx, id))) throw unprocessable(salesText('reservationNoModification', { number: dataWord(current.number) }));
          return { values: { modificationPending: false } };
        },
        after: async (tx, id, record, caller, reason) => {
          const decided = await decidePendingRevision(engine, tx, caller, id, { status: 'rejected', at: record.modifiedOn, action: 'rejectModification', reason: reason ?? null });
          await notifyUser(tx, decided?.requested_by, notice('noticeModificationRejected', { number: text(record.number) }), reason ?? notice('noticeRejected'), id, caller);
        },
      },
    },
  };
}

/** What a revision keeps of a reservation: what a modification may change, and its result. */
export const REVISION_FIELDS = ['unit', 'project', 'paymentPlan', 'offer', 'listPrice', 'discountKind', 'discountValue', 'discountAmount', 'discountPct', 'planDiscountPct', 'netPrice', 'revision'] as const;
export const snapshot = (record: Record<string, unknown>) => Object.fromEntries(REVISION_FIELDS.map((name) => [name, record[name] ?? null]));

/**
 * Applies the pending modification (the approver's `approveModification`): a unit swap locks both
 * units (in id order, so two swaps cannot deadlock), releases the old unit and claims the new one in
 * this one transaction — a new unit someone else took meanwhile is a 409 naming its holder, and
 * nothing changes; the prices are worked out again and the revision number moves on.
 */
async function applyModification(engine: EngineContext, tx: Queryable, caller: Caller, id: string, current: RecordRow) {
  const revision = await pendingRevision(tx, id);
  if (!revision) throw unprocessable(salesText('reservationNoModification', { number: dataWord(current.number) }));
  const changes = revision.changes;
  const oldUnit = String(current.unit);
  const newUnit = typeof changes.unit === 'string' ? changes.unit : oldUnit;
  const priced = await priceFor(tx, {
    unitId: newUnit,
    paymentPlanId: typeof changes.paymentPlan === 'string' ? changes.paymentPlan : typeof current.paymentPlan === 'string' ? current.paymentPlan : null,
    offerId: 'offer' in changes ? (typeof changes.offer === 'string' ? changes.offer : null) : typeof current.offer === 'string' ? current.offer : null,
    discountKind: ((changes.discountKind ?? current.discountKind) as DiscountKind | undefined) ?? null,
    discountValue: 'discountValue' in changes ? (changes.discountValue as string | null) : ((current.discountValue as string | null | undefined) ?? null),
  });
  // The list price stays the one reserved at, unless the unit changes; the plan's discount is the plan's now.
  const pricing = newUnit === oldUnit ? priceReservation(text(current.listPrice), priced.discountKind, priced.discountValue, priced.pricing.planDiscountPct) : priced.pricing;
  if ('problem' in pricing) throw unprocessable(pricingText(pricing));
  let title: string | undefined;
  if (newUnit !== oldUnit) {
    for (const unitId of [oldUnit, newUnit].sort()) await lockUnit(tx, unitId);
    title = await retitled(tx, text(current.title), oldUnit, priced.unit.code);
    const agent = typeof current.agent === 'string' ? current.agent : userOf(caller);
    await releaseClaim(engine, tx, effectOf(caller), reservationDoc(id), { action: 'modify', reason: `${text(current.number)} moved to another unit` });
    await claimUnit(engine, tx, effectOf(caller), { unitId: newUnit, kind: 'reservation', document: reservationDoc(id), holderId: agent, expiresAt: null, action: 'modify', reason: `${text(current.number)} revision ${Number(current.revision ?? 1) + 1}` });
  }
  return {
    values: {
      unit: newUnit,
      ...(title === undefined ? {} : { title }),
      project: priced.unit.project,
      paymentPlan: priced.paymentPlan,
      offer: 'offer' in changes ? (changes.offer ?? null) : (current.offer ?? null),
      discountKind: priced.discountKind,
      discountValue: priced.discountValue,
      ...pricingValues(pricing),
      revision: Number(current.revision ?? 1) + 1,
      modificationPending: false,
    },
  };
}

/**
 * A reservation's title after it moved to another unit: the old unit's code, wherever the title names
 * it (the default title is the buyer and the unit), becomes the new one's; a title that does not name
 * the unit is kept as written. Undefined: no change.
 */
async function retitled(tx: Queryable, title: string, oldUnitId: string, newCode: string): Promise<string | undefined> {
  const old = (await tx.query<{ code: string }>('select code from units where id = $1', [oldUnitId])).rows[0]?.code;
  if (!old) return undefined;
  // The code as a whole word: A-040 is not a part of A-0402.
  const named = new RegExp(`(?<![\\p{L}\\p{N}_-])${old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'gu');
  if (!named.test(title)) return undefined;
  return title.replace(named, newCode).slice(0, 160);
}

/** A 422 when a reservation's state is not one of `states`, naming it (for calls beside the engine's actions: contracting, modifying). */
export function assertState(record: Readonly<Record<string, unknown>>, states: readonly string[], what: 'contracting' | 'modifying') {
  if (!states.includes(String(record.status))) {
    throw unprocessable(salesText(what === 'contracting' ? 'reservationContractingNotNow' : 'reservationModifyingNotNow', { number: dataWord(record.number), status: stateWord('reservations', record.status) }));
  }
}

/**
 * A buyer row written on its own (`/api/reservation-buyers`) by a person: only while its reservation
 * is a draft, as the reservation's own edits; the reservation's workflow writes them whenever it needs to.
 */
export function reservationBuyerHooks(): ResourceHooks {
  const assertDraft = async (tx: Queryable, caller: Caller, reservationId: unknown) => {
    if (caller.source === 'action' || caller.source === 'job' || caller.source === 'system') return;
    const rows = await tx.query<{ status: string; number: string }>('select status, number from reservations where id = $1 for update', [String(reservationId)]);
    const row = rows.rows[0];
    if (row && row.status !== 'draft') throw unprocessable(salesText('reservationBuyersDraftOnly', { number: dataWord(row.number), status: stateWord('reservations', row.status) }));
  };
  return {
    beforeCreate: async (tx, _extra, caller, values) => assertDraft(tx, caller, values.reservation),
    beforeUpdate: async (tx, _id, values, before, caller) => {
      await assertDraft(tx, caller, before.reservation);
      if (values.reservation !== undefined && values.reservation !== before.reservation) await assertDraft(tx, caller, values.reservation);
    },
    beforeDelete: async (tx, id, caller) => {
      const rows = await tx.query<{ reservation: string }>('select reservation_id::text as reservation from reservation_buyers where id = $1', [id]);
      if (rows.rows[0]) await assertDraft(tx, caller, rows.rows[0].reservation);
    },
  };
}
