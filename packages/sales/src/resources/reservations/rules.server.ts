import type { Caller } from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import { decimal } from '@propdesk/finance';
import { badRequest, dataWord, fieldError, unprocessable, type LocalText } from '@propdesk/server-kit';
import { pricingText, salesText } from '../../server/i18n/catalog.js';
import { notice, noticeDay } from '../../server/i18n/notice.js';
import { reservations } from './definition.js';
import { priceReservation, type DiscountKind, type ReservationPricing } from './pricing.js';
import { addDays, reservationLink, type ReservationSetup } from './setup.server.js';
import type { ClaimKind } from '../unit-claims/index.server.js';

/**
 * A reservation's rules worked out from facts already read, written once for the one-by-one path
 * (the reservation hooks, which read the facts of one reservation) and the batch path (a bulk
 * publish, which reads the facts of all its reservations in a few statements): the prices, the
 * columns of a new reservation, the values and notices of a confirmation. No reads, no writes.
 */

export const reservationDoc = (id: string) => ({ resource: reservations.name, id });
const userOf = (caller: Caller) => caller.auth?.userId ?? null;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The claim a reservation holds on its unit follows its state: a draft or a reservation waiting for
 * approval keeps the unit `on_hold` (kind `hold`), a confirmed one `reserved` (kind `reservation`).
 */
export const claimKindOf = (status: string): ClaimKind => (status === 'confirmed' ? 'reservation' : 'hold');

export type UnitFacts = { id: string; code: string; project: string | null; unit_type: string | null; base_price: string | null };
export type OfferFacts = { project: string; unit_type: string | null; discount_pct: string | null; discount_amount: string | null; valid_from: string; valid_to: string; name: string; payment_plan: string | null };
/** A payment plan as pricing reads it: its project (null: every project's) and its own discount in percent. */
export type PlanFacts = { project: string | null; name: string; discount_pct: string | null };

/** The discount an offer gives on a list price, as a percentage (four places). */
export function offerPct(offer: OfferFacts, listPrice: string): string {
  if (offer.discount_pct !== null) return decimal(offer.discount_pct).toFixed(4);
  if (offer.discount_amount !== null && !decimal(listPrice).isZero()) return decimal(offer.discount_amount).times(100).dividedBy(listPrice).toFixed(4);
  return '0.0000';
}

export type PriceInput = { unitId: string; paymentPlanId: string | null; offerId: string | null; discountKind: DiscountKind | null; discountValue: string | number | null };

/** What pricing needs, read beforehand: the unit, the offers and plans that exist (by id; one missing is refused), and today in Cairo. */
export type PriceFacts = { unit: UnitFacts; offers: ReadonlyMap<string, OfferFacts>; plans: ReadonlyMap<string, PlanFacts>; today: string };

export type Priced = { unit: UnitFacts; pricing: ReservationPricing; discountKind: DiscountKind; discountValue: string; offerPct: string | null; paymentPlan: string | null };

/**
 * Prices a reservation of a unit: its list price, the offer (same project, valid today, of the unit's
 * type) and its discount where none is given, the payment plan (this project's or every project's;
 * another project's is refused) and its own discount, and the exact net price. Refuses (422; a
 * discount that cannot apply 400) what cannot apply, naming it.
 */
export function priceFromFacts(input: PriceInput, facts: PriceFacts): Priced {
  const { unit, today } = facts;
  if (unit.base_price === null) throw unprocessable(salesText('unitNoListPrice', { code: dataWord(unit.code) }));
  let kind: DiscountKind = input.discountKind ?? 'percent';
  let value = input.discountValue;
  let offer: OfferFacts | null = null;
  if (input.offerId) {
    offer = facts.offers.get(input.offerId) ?? null;
    if (!offer) throw unprocessable(salesText('noOffer'));
    if (offer.project !== unit.project) throw unprocessable(salesText('offerOtherProject', { offer: dataWord(offer.name), code: dataWord(unit.code) }));
    if (offer.unit_type && offer.unit_type !== unit.unit_type) throw unprocessable(salesText('offerOtherUnitType', { offer: dataWord(offer.name), code: dataWord(unit.code) }));
    if (today < offer.valid_from || today > offer.valid_to) throw unprocessable(salesText('offerNotToday', { offer: dataWord(offer.name), from: dataWord(offer.valid_from), to: dataWord(offer.valid_to) }));
    if (value === null || value === undefined || value === '') {
      if (offer.discount_pct !== null) {
        kind = 'percent';
        value = offer.discount_pct;
      } else if (offer.discount_amount !== null) {
        kind = 'amount';
        value = offer.discount_amount;
      }
    }
  }
  const planId = input.paymentPlanId ?? offer?.payment_plan ?? null;
  let plan: PlanFacts | null = null;
  if (planId) {
    plan = facts.plans.get(planId) ?? null;
    if (!plan) throw unprocessable(salesText('noPaymentPlan'));
    if (plan.project !== null && plan.project !== unit.project) throw unprocessable(salesText('planOtherProject', { plan: dataWord(plan.name), code: dataWord(unit.code) }));
  }
  const pricing = priceReservation(unit.base_price, kind, value, plan?.discount_pct ?? null);
  if ('problem' in pricing) throw badRequest('Validation failed', [fieldError('discountValue', pricingText(pricing))]);
  return { unit, pricing, discountKind: kind, discountValue: value === null || value === undefined || value === '' ? '0' : String(value), offerPct: offer ? offerPct(offer, unit.base_price) : null, paymentPlan: planId };
}

/** A reservation's prices as its fields. */
export const pricingValues = (pricing: ReservationPricing) => ({
  listPrice: pricing.listPrice,
  discountAmount: pricing.discountAmount,
  discountPct: pricing.discountPct,
  planDiscountPct: pricing.planDiscountPct,
  netPrice: pricing.netPrice,
});

/** Where a new reservation comes from, as its columns. */
export type SourceColumns = { source: 'unit' } | { source: 'hold'; hold_id: string } | { source: 'eoi'; eoi_id: string };

export type NewReservationFacts = {
  /** The create body's fields (title, agent, sign-by date and fee may be empty). */
  values: Readonly<Record<string, unknown>>;
  source: SourceColumns;
  priced: Priced;
  /** The unit's project's reservation rules. */
  setup: ReservationSetup;
  today: string;
  /** The primary buyer's name, when known. */
  buyerName: string | null;
  /** Whose sale it is when the body names no agent: an EOI's agent (who took the EOI); else the caller. */
  owner?: string | null;
  caller: Caller;
};

/**
 * The columns a new reservation is written with (the create hook's, and a batch's): its title (the
 * buyer and the unit, unless given), its source, agent (unless given: the EOI's agent for one made
 * from an EOI, else the caller), plan, prices,
 * sign-by date (today + the project's days unless given, never before today), fee (the project's
 * default unless given), and a draft's state.
 */
export function newReservationColumns(facts: NewReservationFacts): Record<string, unknown> {
  const { values, priced, setup, today } = facts;
  const signBy = typeof values.signBy === 'string' && values.signBy !== '' ? values.signBy : addDays(today, setup.signByDays);
  if (signBy < today) throw badRequest('Validation failed', [fieldError('signBy', salesText('signByTodayOrLater', { today: dataWord(today) }))]);
  const fee = values.fee === null || values.fee === undefined || values.fee === '' ? (setup.defaultFee ?? '0') : String(values.fee);
  const title = typeof values.title === 'string' && values.title.trim() !== '' ? values.title : `${facts.buyerName ?? 'Buyer'} – ${priced.unit.code}`.slice(0, 160);
  return {
    title,
    ...facts.source,
    project_id: priced.unit.project,
    agent_id: typeof values.agent === 'string' ? values.agent : (facts.owner ?? userOf(facts.caller)),
    payment_plan_id: priced.paymentPlan,
    discount_kind: priced.discountKind,
    discount_value: priced.discountValue,
    list_price: priced.pricing.listPrice,
    discount_amount: priced.pricing.discountAmount,
    discount_pct: priced.pricing.discountPct,
    plan_discount_pct: priced.pricing.planDiscountPct,
    net_price: priced.pricing.netPrice,
    sign_by: signBy,
    fee,
    fee_paid: '0',
    status: 'draft',
    revision: 1,
    modification_pending: false,
  };
}

/** A reservation confirmed (submitted within authority, or approved): who confirmed it and when. */
export const confirmedValues = (caller: Caller) => ({ needsApprovalReason: null, approvedAt: new Date().toISOString(), approvedBy: userOf(caller) });

/** The words of a submit's confirmation notice. */
export const confirmedNotice = (record: Readonly<Record<string, unknown>>) => ({
  title: notice('noticeReservationConfirmed', { number: text(record.number) }),
  body: notice('noticeReservationReservedUntil', { until: noticeDay(record.signBy) }),
});

export type PersonNotice = { userId: string; title: LocalText | string; body: LocalText | string; link: string; category: string; createdBy: string | null };

/** The notices telling a reservation's people: its agent, and whoever wrote it if someone else; never the caller themself. */
export function peopleNotices(record: RecordRow, caller: Caller, title: LocalText | string, body: LocalText | string): PersonNotice[] {
  const me = userOf(caller);
  const people = [record.agent, ...(record.createdBy !== record.agent ? [record.createdBy] : [])];
  return people
    .filter((userId): userId is string => typeof userId === 'string' && userId !== me)
    .map((userId) => ({ userId, title, body, link: reservationLink(record.id), category: 'sales', createdBy: me }));
}

/** What pricing takes from a reservation's fields. */
export const priceInputOf = (values: Readonly<Record<string, unknown>>): PriceInput => ({
  unitId: String(values.unit),
  paymentPlanId: typeof values.paymentPlan === 'string' ? values.paymentPlan : null,
  offerId: typeof values.offer === 'string' ? values.offer : null,
  discountKind: (values.discountKind as DiscountKind | undefined) ?? null,
  discountValue: (values.discountValue as string | number | null | undefined) ?? null,
});
