import { addMoney, allocateOldestFirst, compareMoney, generateSchedule, subtractMoney, sumMoney, type Frequency, type PlanTerms } from '@propdesk/finance';
import { columnOf, type ResourceDef } from '@propdesk/records/model';
import { createMany, effectOf, updateMany, updateRecord, type Caller, type EngineContext, type NewRow } from '@propdesk/records/server';
import { dataWord, unprocessable, type Migration, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { installments } from './definition.js';
import { receiptItems } from '../receipt-items/definition.js';
import { assertClaimable, lockUnit } from '../unit-claims/index.server.js';
import { CHEQUE_FACTS } from '../cheques/facts.server.js';
import { RECEIPT_ITEM_FACTS } from '../receipts/facts.server.js';
import { CONTRACT_FACTS, lockedContract } from '../contracts/facts.server.js';
import { RESERVATION_SETUP_FACTS } from '../reservations/facts.server.js';

/** Tables and indexes beside the engine's: one row per (contract, version, seq). */
export const ledgerMigrations: Migration[] = [
  {
    id: 'sales/0301_installments_unique',
    up: `
      create unique index installments_contract_version_seq on installments (contract_id, schedule_version, seq);
      create index installments_open_due on installments (due_date) where status in ('open', 'partly_paid');
    `,
  },
  {
    // The overdue job also reads rows covered by cheques (late when a cheque's date passed uncleared).
    id: 'sales/0302_installments_unsettled_due',
    up: `
      drop index if exists installments_open_due;
      create index installments_unsettled_due on installments (due_date) where status in ('open', 'partly_paid', 'covered');
    `,
  },
];

type PlanRow = { down_payment_pct: string; years: number; frequency: Frequency; delivery_pct: string; delivery_after_months: number; maintenance_pct: string };

/** A plan's terms for a price that is already net: the reservation priced the discount in. */
export async function planTerms(tx: Queryable, planId: string): Promise<PlanTerms> {
  const rows = await tx.query<PlanRow>(
    'select down_payment_pct::text as down_payment_pct, years, frequency, delivery_pct::text as delivery_pct, delivery_after_months, maintenance_pct::text as maintenance_pct from payment_plans where id = $1',
    [planId],
  );
  const plan = rows.rows[0];
  if (!plan) throw unprocessable(salesText('planGone'));
  return {
    downPaymentPct: plan.down_payment_pct,
    years: plan.years,
    frequency: plan.frequency,
    deliveryPct: plan.delivery_pct,
    deliveryAfterMonths: plan.delivery_after_months,
    maintenancePct: plan.maintenance_pct,
    discountPct: 0,
  };
}

const KIND_WORDS: Record<string, string> = { down_payment: 'Down payment', installment: 'Installment', delivery: 'Delivery', maintenance: 'Maintenance', fee: 'Fee' };

/**
 * A server-written row of a read-only resource for `createMany`: its field values given as the
 * columns a workflow sets (a read-only resource's create body takes no fields; the values are the
 * server's own, as `createRecord`'s were).
 */
const serverRow = (def: ResourceDef, values: Record<string, unknown>): NewRow => ({
  values: {},
  columns: Object.fromEntries(Object.entries(values).map(([name, value]) => [columnOf(name, def.fields[name]), value])),
});

/**
 * Writes version `version` of a contract's schedule: finance's `generateSchedule` of the net price
 * under the plan from `startDate` (rows add up to the net price exactly, the last taking the
 * remainder, month ends clamped), one `installments` row each, through the engine's set-based
 * `createMany` (one INSERT, one read back, one history INSERT whatever the number of rows; each row
 * its version and `create` history entry as one by one). Answers the ids in schedule order.
 */
export async function writeSchedule(
  engine: EngineContext,
  tx: Queryable,
  caller: Caller,
  input: { contractId: string; contractNumber: string; customerId: string | null; version: number; netPrice: string; planId: string; startDate: string },
): Promise<string[]> {
  const terms = await planTerms(tx, input.planId);
  let schedule;
  try {
    schedule = generateSchedule({ price: input.netPrice, terms, startDate: input.startDate });
  } catch (error) {
    throw unprocessable(salesText('planCannotSchedule', { why: dataWord((error as Error).message) }));
  }
  const rows = schedule.lines.map((line) =>
    serverRow(installments, {
      label: `${input.contractNumber} #${line.seq}${input.version > 1 ? ` v${input.version}` : ''} ${KIND_WORDS[line.kind] ?? line.kind}`.slice(0, 60),
      contract: input.contractId,
      scheduleVersion: input.version,
      seq: line.seq,
      kind: line.kind,
      dueDate: line.dueDate,
      amount: line.amount,
      paid: '0.00',
      covered: '0.00',
      status: 'open',
      overdue: false,
      customer: input.customerId,
    }),
  );
  const made = await createMany(engine, tx, installments, effectOf(caller), rows, { workflow: true });
  return made.map((row) => row.id);
}

/** What issued receipt items allocate to an installment: cleared money (paid) and cheques in hand (covered). */
type Allocated = { paid: string; covered: string; chequeDate: string | null; coverLate: boolean };

/**
 * What counts on each installment (one query for all; none: nothing): its items of receipts still
 * issued, cleared (paid) or of a cheque in hand (covered), the earliest date of those cheques, and
 * whether the cover is late: that date (or the installment's due date, if later) plus the project's
 * grace days has passed without the cheque clearing.
 */
async function allocatedOn(tx: Queryable, installmentIds: readonly string[]): Promise<Map<string, Allocated>> {
  const rows = await tx.query<{ id: string; paid: string; covered: string; cheque_date: string | null; cover_late: boolean | null }>(
    `select a.id, a.paid, a.covered, to_char(a.cheque_date, 'YYYY-MM-DD') as cheque_date,
            greatest(a.cheque_date, n.due_date) + coalesce(s.late_grace_days, 0) < current_date as cover_late
       from (select i.installment_id as iid, i.installment_id::text as id,
                    coalesce(sum(i.amount) filter (where i.cleared is not false), 0)::text as paid,
                    coalesce(sum(i.amount) filter (where i.cleared is false), 0)::text as covered,
                    min((select q.due_date from ${CHEQUE_FACTS} q where q.receipt_id = i.receipt_id order by q.due_date limit 1)) filter (where i.cleared is false) as cheque_date
               from ${RECEIPT_ITEM_FACTS} i where i.installment_id = any($1::uuid[]) and i.counts group by i.installment_id) a
       join installments n on n.id = a.iid join ${CONTRACT_FACTS} c on c.id = n.contract_id
       left join ${RESERVATION_SETUP_FACTS} s on s.project_id = c.project_id and s.active`,
    [[...installmentIds]],
  );
  return new Map(rows.rows.map((row) => [row.id, { paid: row.paid, covered: row.covered, chequeDate: row.cheque_date, coverLate: row.cover_late === true }]));
}

export type LockedInstallment = { id: string; contract_id: string; amount: string; status: string; due_date: string; seq: number; schedule_version: number; paid: string; covered: string; cheque_date: string | null; overdue: boolean };

const NOTHING: Allocated = { paid: '0.00', covered: '0.00', chequeDate: null, coverLate: false };

/**
 * Locks installments in one fixed order (by id), so two receipts paying the same rows queue
 * instead of deadlocking, and answers them with what is allocated to each and what is still open
 * (neither paid nor covered by a cheque in hand).
 */
export async function lockInstallments(tx: Queryable, ids: readonly string[]): Promise<(LockedInstallment & { open: string; allocated: Allocated })[]> {
  if (ids.length === 0) return [];
  const rows = await tx.query<LockedInstallment>(
    `select id::text as id, contract_id::text as contract_id, amount::text as amount, status, to_char(due_date, 'YYYY-MM-DD') as due_date, seq, schedule_version,
            coalesce(paid, 0)::text as paid, coalesce(covered, 0)::text as covered, to_char(cheque_date, 'YYYY-MM-DD') as cheque_date, coalesce(overdue, false) as overdue
       from installments where id = any($1::uuid[]) order by id for update`,
    [[...new Set(ids)]],
  );
  const counted = await allocatedOn(tx, rows.rows.map((row) => row.id));
  return rows.rows.map((row) => {
    const allocated = counted.get(row.id) ?? NOTHING;
    return { ...row, allocated, open: subtractMoney(row.amount, addMoney(allocated.paid, allocated.covered)) };
  });
}

/**
 * An installment's state from what is allocated to it: `paid` when cleared money pays all of it,
 * `covered` when cheques in hand cover the rest, `partly_paid` when some money is paid and a rest is
 * still open, `open` otherwise (a cheque for part of it shows as covered money on an open row).
 */
export function installmentState(amount: string, paid: string, covered: string): 'open' | 'partly_paid' | 'covered' | 'paid' {
  if (compareMoney(paid, amount) >= 0) return 'paid';
  if (compareMoney(addMoney(paid, covered), amount) >= 0) return 'covered';
  return compareMoney(paid, 0) > 0 ? 'partly_paid' : 'open';
}

/**
 * Recomputes `paid`, `covered`, the cheque date and `status` of installments from their counting
 * receipt items (callers hold the rows' locks), the rows that change in one `updateMany` (action
 * `settle`), then the contracts' totals: a contract whose current schedule is fully paid (cleared)
 * turns `fully_paid` and its unit `sold`; a void or bounce that reopens it turns it back. A paid row
 * is not overdue, nor a covered one whose cheques are not late (the daily job flags late ones).
 */
export async function settleInstallments(engine: EngineContext, tx: Queryable, caller: Caller, ids: readonly string[]) {
  const contracts = new Set<string>();
  const changes: { id: string; values: { paid: string; covered: string; chequeDate: string | null; status: string; overdue: boolean } }[] = [];
  for (const row of await lockInstallments(tx, ids)) {
    contracts.add(row.contract_id);
    if (row.status === 'superseded' || row.status === 'cancelled') continue;
    const { paid, covered, chequeDate, coverLate } = row.allocated;
    const status = installmentState(row.amount, paid, covered);
    const overdue = status === 'paid' ? false : status === 'covered' ? row.overdue && coverLate : row.overdue;
    const same = compareMoney(row.paid, paid) === 0 && compareMoney(row.covered, covered) === 0 && row.cheque_date === chequeDate && row.status === status && row.overdue === overdue;
    if (!same) changes.push({ id: row.id, values: { paid, covered, chequeDate, status, overdue } });
  }
  await updateMany(engine, tx, installments, effectOf(caller), changes, { allowReadOnly: true, action: 'settle' });
  for (const contractId of contracts) await settleContract(engine, tx, caller, contractId);
}

export async function settleContract(engine: EngineContext, tx: Queryable, caller: Caller, contractId: string) {
  const contractsDef = engine.registry.get('contracts');
  const contract = await lockedContract(tx, contractId);
  if (!contract) return;
  // What was paid (cleared) and covered (cheques in hand) towards the price: a bounce charge (a `fee`
  // row) is owed and paid besides it, never towards it.
  const sum = await tx.query<{ paid: string; covered: string }>(
    "select coalesce(sum(paid), 0)::text as paid, coalesce(sum(covered), 0)::text as covered from installments where contract_id = $1 and schedule_version = $2 and status <> 'superseded' and kind <> 'fee'",
    [contractId, contract.schedule_version],
  );
  const { paid, covered } = sum.rows[0]!;
  const patch: Record<string, unknown> = {};
  if (compareMoney(paid, contract.paid) !== 0) patch.paid = paid;
  if (compareMoney(covered, contract.covered) !== 0) patch.covered = covered;
  const full = compareMoney(paid, contract.net_price) >= 0;
  if (contract.status === 'active' && full) patch.status = 'fully_paid';
  if (contract.status === 'fully_paid' && !full) patch.status = 'active';
  if (Object.keys(patch).length === 0) return;
  await updateRecord(engine, tx, contractsDef, effectOf(caller), contractId, patch, { ignoreVersion: true, allowReadOnly: true, action: patch.status ? (full ? 'fullyPaid' : 'reopened') : 'settle' });
  if (patch.status && contract.unit_id) {
    await updateRecord(engine, tx, engine.registry.get('units'), effectOf(caller), contract.unit_id, { status: full ? 'sold' : 'contracted' }, {
      ignoreVersion: true,
      allowReadOnly: true,
      action: full ? 'sold' : 'reopened',
      reason: `${contract.number} ${full ? 'fully paid' : 'reopened by a void receipt or a bounced cheque'}`,
    });
  }
}

/**
 * A new version of a contract's schedule (a change of unit, plan, price or date): the current rows
 * turn `superseded` (kept, with what they showed), the new ones are generated, and every counting
 * receipt item on the old rows is carried over oldest first onto the new rows (new items of the
 * same receipts; the old ones stop counting), so paid stays equal to the allocations and voiding a
 * receipt later still reopens exactly what it paid. Money beyond the new schedule stays on the
 * receipt as unallocated.
 */
export async function reviseSchedule(
  engine: EngineContext,
  tx: Queryable,
  caller: Caller,
  contractId: string,
  change: { netPrice: string; planId: string; startDate: string; reason: string },
) {
  const contractsDef = engine.registry.get('contracts');
  const contract = await lockedContract(tx, contractId);
  if (!contract) throw unprocessable(salesText('noContract'));
  if (contract.status === 'cancelled') throw unprocessable(salesText('scheduleWhileCancelled', { number: dataWord(contract.number) }));
  const oldRows = await tx.query<{ id: string }>("select id::text as id from installments where contract_id = $1 and schedule_version = $2 and status <> 'superseded' order by id", [contractId, contract.schedule_version]);
  await lockInstallments(tx, oldRows.rows.map((row) => row.id));
  // The schedule's own rows are generated anew; a fee row (a bounce charge) is owed besides the price
  // and is carried over as it is, with what was paid on it.
  const items = await tx.query<{ id: string; receipt_id: string; amount: string; label: string; cleared: boolean }>(
    `select i.id::text as id, i.receipt_id::text as receipt_id, i.amount::text as amount, i.label, i.cleared is not false as cleared from ${RECEIPT_ITEM_FACTS} i join installments n on n.id = i.installment_id
      where n.contract_id = $1 and n.schedule_version = $2 and n.kind <> 'fee' and i.counts order by n.due_date, n.seq, i.created_on, i.id`,
    [contractId, contract.schedule_version],
  );
  const fees = await tx.query<{ id: string; label: string; amount: string; due_date: string; status: string; overdue: boolean }>(
    `select id::text as id, label, amount::text as amount, to_char(due_date, 'YYYY-MM-DD') as due_date, status, overdue from installments
      where contract_id = $1 and schedule_version = $2 and kind = 'fee' and status not in ('superseded', 'cancelled') order by seq, id`,
    [contractId, contract.schedule_version],
  );
  await updateMany(engine, tx, installments, effectOf(caller), oldRows.rows.map((row) => ({ id: row.id, values: { status: 'superseded', overdue: false } })), {
    allowReadOnly: true,
    action: 'supersede',
    reason: change.reason,
  });
  const version = contract.schedule_version + 1;
  await updateRecord(engine, tx, contractsDef, effectOf(caller), contractId, { scheduleVersion: version, netPrice: change.netPrice, paymentPlan: change.planId }, {
    ignoreVersion: true,
    allowReadOnly: true,
    action: 'reschedule',
    reason: change.reason,
  });
  const newIds = await writeSchedule(engine, tx, caller, { contractId, contractNumber: contract.number, customerId: contract.customer_id, version, netPrice: change.netPrice, planId: change.planId, startDate: change.startDate });
  const fresh = await lockInstallments(tx, newIds);
  fresh.sort((a, b) => (a.due_date === b.due_date ? a.seq - b.seq : a.due_date < b.due_date ? -1 : 1));
  const open = fresh.map((row) => row.open);
  // The old items stop counting and their new ones are written, each set in one batch (oldest first, as before).
  const carried: NewRow[] = [];
  for (const item of items.rows) {
    const { allocations, rest } = allocateOldestFirst(item.amount, open);
    for (const [index, amount] of allocations.entries()) {
      if (compareMoney(amount, 0) === 0) continue;
      open[index] = subtractMoney(open[index]!, amount);
      const target = fresh[index]!;
      carried.push(serverRow(receiptItems, { label: `v${version} #${target.seq} (carried)`, receipt: item.receipt_id, kind: 'installment', installment: target.id, amount, counts: true, cleared: item.cleared }));
    }
    if (compareMoney(rest, 0) > 0) carried.push(serverRow(receiptItems, { label: 'Unallocated (schedule changed)', receipt: item.receipt_id, kind: 'unallocated', amount: rest, counts: true, cleared: item.cleared }));
  }
  await updateMany(engine, tx, receiptItems, effectOf(caller), items.rows.map((item) => ({ id: item.id, values: { counts: false } })), { allowReadOnly: true, action: 'carryOver', reason: change.reason });
  await createMany(engine, tx, receiptItems, effectOf(caller), carried, { workflow: true });
  const feeIds = await carryFees(engine, tx, caller, { contractId, customerId: contract.customer_id, version, after: Math.max(0, ...fresh.map((row) => row.seq)), reason: change.reason }, fees.rows);
  await settleInstallments(engine, tx, caller, [...newIds, ...feeIds]);
  return { version, total: sumMoney(fresh.map((row) => row.amount)) };
}

/**
 * The fee rows of a superseded version, written again at the end of the new one (same amount, due
 * date and overdue flag; the old rows are already `superseded`): each counting receipt item on an
 * old fee row moves to its new row (a new item of the same receipt, the old one stops counting), so
 * the fee keeps exactly what was paid on it and never mixes with the price. A cheque whose bounce
 * charge it was names the new row.
 */
async function carryFees(
  engine: EngineContext,
  tx: Queryable,
  caller: Caller,
  input: { contractId: string; customerId: string | null; version: number; after: number; reason: string },
  fees: { id: string; label: string; amount: string; due_date: string; overdue: boolean }[],
): Promise<string[]> {
  if (fees.length === 0) return [];
  const made = await createMany(
    engine,
    tx,
    installments,
    effectOf(caller),
    fees.map((fee, index) =>
      serverRow(installments, {
        label: fee.label,
        contract: input.contractId,
        scheduleVersion: input.version,
        seq: input.after + index + 1,
        kind: 'fee',
        dueDate: fee.due_date,
        amount: fee.amount,
        paid: '0.00',
        covered: '0.00',
        status: 'open',
        overdue: fee.overdue,
        customer: input.customerId,
      }),
    ),
    { workflow: true },
  );
  const oldIds = fees.map((fee) => fee.id);
  const newOf = new Map(fees.map((fee, index) => [fee.id, { id: made[index]!.id, seq: input.after + index + 1 }]));
  const items = await tx.query<{ id: string; receipt_id: string; amount: string; installment_id: string; cleared: boolean }>(
    `select i.id::text as id, i.receipt_id::text as receipt_id, i.amount::text as amount, i.installment_id::text as installment_id, i.cleared is not false as cleared from ${RECEIPT_ITEM_FACTS} i
      where i.installment_id = any($1::uuid[]) and i.counts order by array_position($1::uuid[], i.installment_id), i.created_on, i.id`,
    [oldIds],
  );
  await updateMany(engine, tx, receiptItems, effectOf(caller), items.rows.map((item) => ({ id: item.id, values: { counts: false } })), { allowReadOnly: true, action: 'carryOver', reason: input.reason });
  await createMany(
    engine,
    tx,
    receiptItems,
    effectOf(caller),
    items.rows.map((item) => {
      const target = newOf.get(item.installment_id)!;
      return serverRow(receiptItems, { label: `v${input.version} #${target.seq} (carried)`, receipt: item.receipt_id, kind: 'installment', installment: target.id, amount: item.amount, counts: true, cleared: item.cleared });
    }),
    { workflow: true },
  );
  const charged = await tx.query<{ id: string; fee_id: string }>(`select q.id::text as id, q.bounce_fee_id::text as fee_id from ${CHEQUE_FACTS} q where q.bounce_fee_id = any($1::uuid[]) order by q.id`, [oldIds]);
  await updateMany(engine, tx, engine.registry.get('cheques'), effectOf(caller), charged.rows.map((cheque) => ({ id: cheque.id, values: { bounceFee: newOf.get(cheque.fee_id)!.id } })), {
    allowReadOnly: true,
    action: 'reschedule',
    reason: input.reason,
  });
  return made.map((row) => row.id);
}

/**
 * A contract moves to another unit (same project, available and unclaimed, locked; a 409 names who
 * holds it otherwise): the old unit becomes available, the new one contracted, both through the
 * engine with the contract named; the caller then writes the new schedule version.
 */
export async function changeUnit(engine: EngineContext, tx: Queryable, caller: Caller, contractId: string, unitId: string, reason: string): Promise<{ basePrice: string | null }> {
  const contract = await lockedContract(tx, contractId);
  if (!contract) throw unprocessable(salesText('noContract'));
  if (contract.unit_id === unitId) throw unprocessable(salesText('contractAlreadyOnUnit', { number: dataWord(contract.number) }));
  const unit = await assertClaimable(tx, unitId);
  if (unit.project !== contract.project_id) throw unprocessable(salesText('contractUnitOtherProject', { code: dataWord(unit.code) }));
  const units = engine.registry.get('units');
  const document = { statusDocument: { resource: 'contracts', id: contractId } };
  if (contract.unit_id) {
    await lockUnit(tx, contract.unit_id);
    await updateRecord(engine, tx, units, effectOf(caller), contract.unit_id, { status: 'available' }, { ignoreVersion: true, allowReadOnly: true, action: 'changeUnit', reason: `${contract.number}: ${reason}`.slice(0, 300), extra: document });
  }
  await updateRecord(engine, tx, units, effectOf(caller), unitId, { status: 'contracted' }, { ignoreVersion: true, allowReadOnly: true, action: 'changeUnit', reason: `${contract.number}: ${reason}`.slice(0, 300), extra: document });
  await updateRecord(engine, tx, engine.registry.get('contracts'), effectOf(caller), contractId, { unit: unitId }, { ignoreVersion: true, allowReadOnly: true, action: 'changeUnit', reason });
  const price = await tx.query<{ base_price: string | null }>('select base_price::text as base_price from units where id = $1', [unitId]);
  return { basePrice: price.rows[0]?.base_price ?? null };
}
