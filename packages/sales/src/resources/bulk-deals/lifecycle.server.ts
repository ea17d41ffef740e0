import { effectOf, updateMany, type Caller, type DomainNotify, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import { percentOf, subtractMoney } from '@propdesk/finance';
import { conflict, dataWord, notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import { salesText, stateWord } from '../../server/i18n/catalog.js';
import { notice } from '../../server/i18n/notice.js';
import { eois, type EoiState } from '../eois/definition.js';
import { EOI_FACTS, eoiFacts } from '../eois/facts.server.js';
import { setupRow } from '../eoi-setups/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { claimUnits } from '../unit-claims/index.server.js';
import { allocateManyToReservations } from './reserve.server.js';
import { bulkDealLinks } from './links.js';

const userOf = (caller: Caller) => caller.auth?.userId ?? null;
const words = (status: unknown) => String(status ?? '').replace(/_/g, ' ');

/** The EOIs a bulk deal matches to units: those paid (with their tokens) and not yet allocated. */
const PAID_EOI: EoiState = 'paid';

export type Preference = { unitType?: string | null; block?: string | null; floorFrom?: number | null; floorTo?: number | null; budget?: string | number | null };
export type BulkMatch = {
  eoiId: string;
  eoi: string;
  token: number;
  tokenLabel: string | null;
  customerId: string;
  customer: string | null;
  unitId: string;
  unit: string;
  price: string | null;
  /** `hand`, or the preference's rank (1 is the first). */
  by: 'hand' | number;
};
export type ConflictKind = 'no_unit' | 'wanted_by_two' | 'taken' | 'not_paid' | 'no_such_unit';
export type BulkConflict = { eoiId: string | null; eoi: string; token: number | null; kind: ConflictKind; unit: string | null; message: string };
export type BulkRun = {
  setup: { id: string; name: string };
  plan: { id: string; name: string };
  matches: BulkMatch[];
  conflicts: BulkConflict[];
};

type EoiRow = { id: string; number: string; token: number; token_label: string | null; customer_id: string; customer: string | null; preferences: Preference[] | null };
type UnitRow = { id: string; code: string; block: string; floor: number; unit_type: string | null; price: string | null; status: string; claimed: boolean };

const fits = (unit: UnitRow, preference: Preference) => {
  if (preference.unitType && (unit.unit_type ?? '') !== preference.unitType.trim().toLowerCase()) return false;
  if (preference.block && unit.block.toLowerCase() !== preference.block.trim().toLowerCase()) return false;
  if (preference.floorFrom !== null && preference.floorFrom !== undefined && unit.floor < Number(preference.floorFrom)) return false;
  if (preference.floorTo !== null && preference.floorTo !== undefined && unit.floor > Number(preference.floorTo)) return false;
  // Prices compare as numbers of cents: exact for amounts below 2^53 cents.
  if (preference.budget !== null && preference.budget !== undefined && preference.budget !== '' && (unit.price === null || cents(unit.price) > cents(preference.budget))) return false;
  return true;
};
const cents = (value: string | number) => Math.round(Number(value) * 100);

/**
 * The dry run of a bulk deal: the launch's paid EOIs in token order, matched to its project's units.
 * Units chosen by hand come first (a unit two picks name goes to the lower token, the other is a
 * conflict; a unit no longer available is a conflict); then every other EOI takes, preference by
 * preference, the first available unit (block, floor, code) no earlier EOI took. A budget is
 * compared with the price the buyer pays on the launch's plan (the list price less the plan's own
 * discount), which is the match's `price`. Reads only.
 */
export async function planRun(tx: Queryable, deal: RecordRow): Promise<BulkRun> {
  const setup = await setupRow(tx, String(deal.setup));
  if (!setup) throw notFound(salesText('noEoiSetup'));
  if (!setup.payment_plan_id) throw unprocessable(salesText('bulkNeedsPlan', { setup: dataWord(setup.name) }));
  const plan = await tx.query<{ name: string; discount_pct: string | null }>('select name, discount_pct::text as discount_pct from payment_plans where id = $1', [setup.payment_plan_id]);
  const planPct = plan.rows[0]?.discount_pct ?? '0';
  const paid = await tx.query<EoiRow>(
    `select e.id::text as id, e.number, e.token, e.token_label, e.customer_id::text as customer_id, c.full_name as customer, e.preferences
       from ${EOI_FACTS} e left join ${CUSTOMER_FACTS} c on c.id = e.customer_id
      where e.setup_id = $1 and e.status = $2 order by e.token`,
    [setup.id, PAID_EOI],
  );
  const units = await tx.query<UnitRow>(
    `select u.id::text as id, u.code, u.block, u.floor, lower(t.name) as unit_type, u.base_price::text as price, u.status,
            exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null) as claimed
       from units u left join unit_types t on t.id = u.unit_type_id
      where u.project_id = $1 and u.active order by u.block, u.floor, u.code`,
    [setup.project_id],
  );
  // The price a buyer pays on the launch's plan (its own discount off the list price), as the reservation will price it.
  for (const unit of units.rows) if (unit.price !== null) unit.price = subtractMoney(unit.price, percentOf(unit.price, planPct));
  const byCode = new Map(units.rows.map((unit) => [unit.code.toLowerCase(), unit]));
  const free = units.rows.filter((unit) => unit.status === 'available' && !unit.claimed);
  const used = new Map<string, EoiRow>();
  const matches: BulkMatch[] = [];
  const conflicts: BulkConflict[] = [];
  const match = (eoi: EoiRow, unit: UnitRow, by: BulkMatch['by']) => {
    used.set(unit.id, eoi);
    matches.push({ eoiId: eoi.id, eoi: eoi.number, token: eoi.token, tokenLabel: eoi.token_label, customerId: eoi.customer_id, customer: eoi.customer, unitId: unit.id, unit: unit.code, price: unit.price, by });
  };
  const clash = (eoi: EoiRow | null, number: string, kind: ConflictKind, unit: string | null, message: string) =>
    conflicts.push({ eoiId: eoi?.id ?? null, eoi: eoi?.number ?? number, token: eoi?.token ?? null, kind, unit, message });

  const byNumber = new Map(paid.rows.map((eoi) => [eoi.number.toLowerCase(), eoi]));
  const picks = new Map<string, string>();
  for (const pick of Array.isArray(deal.picks) ? (deal.picks as { eoi?: string; unit?: string }[]) : []) {
    const number = String(pick.eoi ?? '').trim();
    const eoi = byNumber.get(number.toLowerCase());
    if (!eoi) clash(null, number, 'not_paid', String(pick.unit ?? ''), `${number} is not a paid EOI of ${setup.name}.`);
    else picks.set(eoi.id, String(pick.unit ?? '').trim());
  }
  const handled = new Set<string>();
  for (const eoi of paid.rows) {
    const code = picks.get(eoi.id);
    if (code === undefined) continue;
    handled.add(eoi.id);
    const unit = byCode.get(code.toLowerCase());
    if (!unit) clash(eoi, eoi.number, 'no_such_unit', code, `${code} is not a unit of ${setup.name}’s project.`);
    else if (used.has(unit.id)) {
      const first = used.get(unit.id)!;
      clash(eoi, eoi.number, 'wanted_by_two', unit.code, `Unit ${unit.code} is wanted by ${first.number} (token ${first.token}) and ${eoi.number} (token ${eoi.token}); it goes to the lower token.`);
    } else if (unit.status !== 'available' || unit.claimed) clash(eoi, eoi.number, 'taken', unit.code, `Unit ${unit.code} is ${unit.claimed && unit.status === 'available' ? 'claimed' : words(unit.status)}, not available.`);
    else match(eoi, unit, 'hand');
  }
  for (const eoi of paid.rows) {
    if (handled.has(eoi.id)) continue;
    const preferences = eoi.preferences ?? [];
    let found: { unit: UnitRow; rank: number } | null = null;
    for (const [index, preference] of preferences.entries()) {
      const unit = free.find((candidate) => !used.has(candidate.id) && fits(candidate, preference));
      if (unit) {
        found = { unit, rank: index + 1 };
        break;
      }
    }
    if (found) match(eoi, found.unit, found.rank);
    else clash(eoi, eoi.number, 'no_unit', null, preferences.length === 0 ? `${eoi.number} has no preferences; choose its unit by hand.` : `No available unit fits the preferences of ${eoi.number}.`);
  }
  return { setup: { id: setup.id, name: setup.name }, plan: { id: setup.payment_plan_id, name: plan.rows[0]?.name ?? '' }, matches, conflicts };
}

/**
 * Bulk deals on the engine: the dry run stores its run; changing the picks sends a previewed run back
 * to draft; publishing turns the stored run into reservations in the action's one transaction,
 * set-based (issue 17: the engine's `createMany`/`updateMany`, a few statements per publish rather
 * than per match). The matches' EOIs are locked at once (each still paid, else a 409 naming the
 * first that is not), their units claimed as allocations at once (a unit claimed by someone since the
 * dry run is a 409 naming it: the whole publish is refused and nothing stays), the claims handed to
 * new reservations, and the EOIs marked allocated; the EOIs left without a unit go to the refund queue.
 */
export function bulkDealHooks(engine: EngineContext, notify: DomainNotify): ResourceHooks {
  return {
    beforeCreate: async (tx, _extra, _caller, values) => {
      const setup = await setupRow(tx, String(values.setup));
      if (!setup) throw notFound(salesText('noEoiSetup'));
      return { status: 'draft', title: typeof values.title === 'string' && values.title.trim() ? values.title : `${setup.name} bulk deal`.slice(0, 160) };
    },
    beforeUpdate: async (_tx, _id, values, before) => {
      if (values.setup !== undefined && values.setup !== before.setup) throw unprocessable(salesText('bulkLaunchFixed', { number: dataWord(before.number) }));
      if (values.picks !== undefined && before.status === 'previewed') return { status: 'draft', result: null, matched: null, conflicts: null, eoiCount: null, previewedAt: null };
      return {};
    },
    actions: {
      dryRun: {
        before: async (tx, _id, current) => {
          const run = await planRun(tx, current);
          return { values: { result: run, eoiCount: run.matches.length + run.conflicts.filter((item) => item.eoiId).length, matched: run.matches.length, conflicts: run.conflicts.length, previewedAt: new Date().toISOString() } };
        },
      },
      publish: {
        before: async (tx, id, current, caller) => {
          const run = current.result as BulkRun | null;
          if (!run || !Array.isArray(run.matches)) throw unprocessable(salesText('bulkNoDryRun', { number: dataWord(current.number) }));
          const setup = (await setupRow(tx, run.setup.id, 'for share'))!;
          const effect = effectOf(caller);
          const deal = String(current.number);
          const matches = run.matches;
          // Each EOI's agent (who took it): the reservation made from it is their sale, not the publisher's.
          const agentOf = new Map<string, string | null>();
          if (matches.length > 0) {
            const locked = await eoiFacts(tx, matches.map((item) => item.eoiId), { forUpdate: true });
            for (const row of locked.values()) agentOf.set(row.id, row.agent_id);
            for (const item of matches) {
              const status = locked.get(item.eoiId)?.status;
              if (status !== PAID_EOI) throw conflict(salesText('bulkEoiChanged', { eoi: dataWord(item.eoi), status: stateWord('eois', status ?? 'gone') }));
            }
          }
          await claimUnits(
            engine,
            tx,
            effect,
            matches.map((item) => ({
              unitId: item.unitId,
              kind: 'allocation' as const,
              document: { resource: eois.name, id: item.eoiId },
              holderId: agentOf.get(item.eoiId) ?? userOf(caller),
              expiresAt: null,
              action: 'allocate',
              reason: `${deal}: ${item.eoi} (token ${item.token})`,
            })),
          );
          const reservationIds = await allocateManyToReservations(
            engine,
            tx,
            effect,
            matches.map((item) => ({ eoiId: item.eoiId, unitId: item.unitId, customerId: item.customerId, paymentPlanId: setup.payment_plan_id!, agentId: agentOf.get(item.eoiId) ?? userOf(caller), dealNumber: deal })),
            notify,
          );
          await updateMany(
            engine,
            tx,
            eois,
            effect,
            matches.map((item, index) => ({ id: item.eoiId, values: { status: 'allocated', unit: item.unitId, reservation: reservationIds[index] }, reason: `${deal}: unit ${item.unit}` })),
            { allowReadOnly: true, action: 'allocate' },
          );
          // EOIs left without a unit wait for their refund.
          const left = [...new Set(run.conflicts.map((item) => item.eoiId).filter((eoiId): eoiId is string => eoiId !== null))];
          if (left.length > 0) {
            const still = [...(await eoiFacts(tx, left, { forUpdate: true })).values()]
              .filter((row) => row.status === PAID_EOI && row.refund_due !== true)
              .sort((a, b) => (a.token ?? 0) - (b.token ?? 0));
            await updateMany(engine, tx, eois, effect, still.map((row) => ({ id: row.id, values: { refundDue: true } })), { allowReadOnly: true, action: 'refundQueue', reason: `${deal}: no unit` });
          }
          if (setup.approver_department_id && left.length > 0) {
            await notify(tx, {
              departmentId: setup.approver_department_id,
              title: notice('noticeRefundsWaiting', { deal: String(setup.name), number: String(current.number) }),
              body: notice('noticeRefundsWaitingBody', { count: left.length, shown: String(left.length) }),
              link: bulkDealLinks.link(id),
              category: 'sales',
              createdBy: userOf(caller),
            });
          }
          return { values: { publishedAt: new Date().toISOString() } };
        },
      },
    },
  };
}
