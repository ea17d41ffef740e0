import { createMany, updateRecord, type Caller, type EngineContext, type NewRow } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { claimUnit } from '../unit-claims/index.server.js';
import { allocateToReservation } from '../bulk-deals/index.server.js';

const DAY = 86_400_000;
const FIRST = ['Ahmed', 'Mohamed', 'Omar', 'Youssef', 'Karim', 'Hassan', 'Tarek', 'Nour', 'Mariam', 'Salma', 'Yasmin', 'Farida', 'Hana', 'Laila', 'Dina', 'Aya'];
const LAST = ['Hassan', 'Ibrahim', 'Mansour', 'Fahmy', 'Saleh', 'Khalil', 'Farouk', 'Naguib', 'Zaki', 'Helmy', 'Soliman', 'Gamal'];
const TYPES = ['Apartment 2BR', 'Apartment 3BR', 'Studio', 'Duplex', 'Penthouse'] as const;
/** The launch's amounts: Studio and Penthouse differ from the launch's 50,000. */
const AMOUNTS: Readonly<Record<string, string>> = { Studio: '25000.00', Penthouse: '100000.00' };
const BASE_AMOUNT = '50000.00';
/** How many EOIs of the demo launch end in each state (about 300). */
const PLAN: readonly [state: string, count: number][] = [
  ['draft', 30],
  ['submitted', 45],
  ['paid', 168],
  ['allocated', 12],
  ['refunded', 20],
  ['cancelled', 15],
];
const EXPIRED = 12;

const SEED: Caller = { auth: null, source: 'system' };
const SEEDED = 'Demo data';
const iso = (date: Date) => date.toISOString();

/**
 * The EOI demo: the Palm Heights spring launch (window open, about 300 EOIs in every state, tokens
 * 1..N in the order the EOIs became paid, their payments and refunds) and an earlier Zayed
 * Residences preview launch, closed, whose unpaid EOIs expired. Written through the engine's
 * set-based `createMany` (issue 30), each record with its history (source `system`, reason "Demo
 * data"); the create hooks' work is done here for the batch (`hooks: 'caller'`): amounts due from
 * the launch's amounts, paid and refunded amounts from the payments, the token counter per launch.
 * Numbers come from the engine's document counters. Allocated EOIs hold an allocation claim on a
 * unit each (`unit_claims`) and the unit is reserved. Run once, inside the caller's transaction.
 */
export async function seedEoiDemo(engine: EngineContext, tx: Queryable, options: { agent: string | null; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const project = (await tx.query<{ id: string }>("select id::text as id from projects where name = 'Palm Heights'")).rows[0]?.id;
  const zayed = (await tx.query<{ id: string }>("select id::text as id from projects where name = 'Zayed Residences'")).rows[0]?.id;
  const plan = (await tx.query<{ id: string }>("select id::text as id from payment_plans where name = '10% down, 7 years quarterly'")).rows[0]?.id ?? null;
  // Refunds are approved by the sales manager's department (finance's demo role does not reach EOIs).
  const approvers = (await tx.query<{ id: string }>("select id::text as id from departments where name = 'Sales'")).rows[0]?.id ?? null;
  const methods = (await tx.query<{ id: string; kind: string }>("select id::text as id, kind from payment_methods where kind in ('cash', 'cheque', 'bank_transfer') order by name")).rows;
  const bank = (await tx.query<{ id: string }>("select id::text as id from banks order by name limit 1")).rows[0]?.id ?? null;
  if (!project || !zayed || methods.length === 0) return 0;
  const method = (kind: string) => methods.find((row) => row.kind === kind)?.id ?? methods[0]!.id;
  const by = { created_by: options.agent };
  const [launch, preview] = await seedLaunches(engine, tx, { project, zayed, plan, approvers, now, by });

  const total = PLAN.reduce((sum, [, count]) => sum + count, 0) + EXPIRED;
  // Customers: one per EOI, except every tenth customer who holds two in the spring launch.
  const customerCount = total - Math.floor((total - EXPIRED) / 10);
  const customerRows: NewRow[] = [];
  for (let i = 0; i < customerCount; i += 1) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const created = iso(new Date(now.getTime() - 25 * DAY));
    customerRows.push({
      values: { kind: 'individual', fullName: `${first} ${last}`, nationalId: `2900301${String(1_000_000 + i).slice(-7)}`, phone: `+2012${String(30_000_000 + i * 37).slice(-8)}` },
      columns: { created_on: created, modified_on: created, ...by },
    });
  }
  const customers = await createMany(engine, tx, engine.registry.get('customers'), SEED, customerRows, { hooks: 'caller', reason: SEEDED });
  const customerIds = customers.map((row) => row.id);
  const nameOf = new Map(customers.map((row) => [row.id, String(row.fullName)]));

  // The EOIs in creation order; those that became paid get their tokens in the order of `paid_at`.
  const eoiRows: NewRow[] = [];
  const payments: { eoi: number; kind: 'payment' | 'refund'; amount: string; at: Date; status: string }[] = [];
  const allocated: { eoi: number; customer: string }[] = [];
  let token = 0;
  let customer = 0;
  let seq = 0;
  const states = PLAN.flatMap(([state, count]) => Array<string>(count).fill(state));
  // Interleave the paid-like states so tokens run through them in payment order.
  const ordered = [...states].sort((a, b) => order(a) - order(b));
  for (const state of ordered) {
    seq += 1;
    const index = eoiRows.length;
    const type = TYPES[seq % TYPES.length]!;
    const due = AMOUNTS[type] ?? BASE_AMOUNT;
    const created = new Date(now.getTime() - 19 * DAY + seq * 3_600_000);
    const paidLike = state === 'paid' || state === 'allocated' || state === 'refunded';
    const paidAt = paidLike ? new Date(created.getTime() + 2 * 3_600_000) : null;
    const mine = paidLike ? (token += 1) : null;
    const who = customerIds[customer]!;
    if (state === 'allocated') allocated.push({ eoi: index, customer: who });
    // Every tenth customer comes back for a second EOI.
    if (seq % 10 !== 0) customer += 1;
    const preferences = [{ unitType: type, floorFrom: seq % 3 === 0 ? 5 : null, floorTo: null, block: null, budget: null }, { unitType: TYPES[(seq + 1) % TYPES.length] }];
    const paid = paidLike ? due : state === 'submitted' && seq % 2 === 0 ? String(Number(due) / 2) + '.00' : '0.00';
    if (paidLike) payments.push({ eoi: index, kind: 'payment', amount: due, at: paidAt!, status: 'recorded' });
    else if (Number(paid) > 0) payments.push({ eoi: index, kind: 'payment', amount: paid, at: new Date(created.getTime() + 3_600_000), status: 'recorded' });
    if (state === 'refunded') payments.push({ eoi: index, kind: 'refund', amount: due, at: new Date(paidAt!.getTime() + 3 * DAY), status: 'completed' });
    const values: Record<string, unknown> = { setup: launch.id, customer: who, preferences, title: `${nameOf.get(who)} — ${String(launch.name)}` };
    if (state === 'cancelled') values.notes = 'Changed their mind';
    eoiRows.push({
      values,
      columns: {
        project_id: project, amount_due: due, paid_amount: paid, refunded_amount: state === 'refunded' ? due : '0.00', token: mine,
        token_label: mine === null ? null : `PH-${String(mine).padStart(4, '0')}`, paid_at: paidAt ? iso(paidAt) : null, status: state, refund_due: false,
        created_on: iso(created), modified_on: iso(created), ...by,
      },
    });
  }
  for (let i = 0; i < EXPIRED; i += 1) {
    const index = eoiRows.length;
    const created = new Date(now.getTime() - 55 * DAY + i * 3_600_000);
    const part = i % 3 === 0;
    if (part) payments.push({ eoi: index, kind: 'payment', amount: '20000.00', at: new Date(created.getTime() + 3_600_000), status: 'recorded' });
    const who = customerIds[customer]!;
    eoiRows.push({
      values: { setup: preview.id, customer: who, preferences: [{ unitType: 'Apartment 3BR' }], title: `${nameOf.get(who)} — ${String(preview.name)}` },
      columns: {
        project_id: zayed, amount_due: '40000.00', paid_amount: part ? '20000.00' : '0.00', refunded_amount: '0.00', token: null, token_label: null, paid_at: null,
        status: 'expired', refund_due: part, created_on: iso(created), modified_on: iso(created), ...by,
      },
    });
    customer += 1;
  }
  const eois = await createMany(engine, tx, engine.registry.get('eois'), SEED, eoiRows, { hooks: 'caller', reason: SEEDED });
  await tx.query('insert into eoi_token_counters (setup_id, last) values ($1, $2)', [launch.id, token]);

  // Payments and refunds, numbered after the existing ones.
  const paymentRows = payments.map((item, index): NewRow => {
    const kind = item.kind === 'refund' ? 'bank_transfer' : index % 3 === 0 ? 'cheque' : index % 3 === 1 ? 'bank_transfer' : 'cash';
    const day = iso(item.at).slice(0, 10);
    const cheque = kind === 'cheque' && item.kind === 'payment';
    const values: Record<string, unknown> = { eoi: eois[item.eoi]!.id, kind: item.kind, amount: item.amount, paidOn: day };
    if (item.kind !== 'refund') values.method = method(kind);
    if (kind !== 'cash') Object.assign(values, { bank, reference: `REF-${100_000 + index}` });
    if (cheque) Object.assign(values, { chequeNumber: String(500_000 + index), chequeDate: day });
    if (item.kind === 'refund') values.reason = 'Customer withdrew';
    // The transfer reference ends as the payment's number does on a fresh database (EOP-…-00012 → TRF-00012).
    const transfer = item.kind === 'refund' ? `TRF-${String(index + 1).padStart(5, '0')}` : null;
    return { values, columns: { status: item.status, transfer_reference: transfer, created_on: iso(item.at), modified_on: iso(item.at), ...by } };
  });
  await createMany(engine, tx, engine.registry.get('eoi-payments'), SEED, paymentRows, { hooks: 'caller', reason: SEEDED });

  // Allocated EOIs: one available unit each, claimed as an allocation and reserved.
  const units = await tx.query<{ id: string }>(
    `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available'
        and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
      order by u.block desc, u.floor desc, u.code limit $2`,
    [project, allocated.length],
  );
  const pairs = allocated.slice(0, units.rows.length).map((item, index) => [eois[item.eoi]!.id, item.customer, units.rows[index]!.id] as const);
  // Through the engine, as a bulk deal's publish: the allocation claim, then the reservation it becomes.
  for (const [id, who, unit] of pairs) {
    await claimUnit(engine, tx, SEED, { unitId: unit, kind: 'allocation', document: { resource: 'eois', id }, holderId: options.agent, expiresAt: null, action: 'allocate', reason: 'Demo: Spring launch 2026' });
    const reservationId = plan ? await allocateToReservation(engine, tx, SEED, { eoiId: id, unitId: unit, customerId: who, paymentPlanId: plan, agentId: options.agent, dealNumber: 'demo' }) : null;
    await updateRecord(engine, tx, engine.registry.get('eois'), SEED, id, { unit, reservation: reservationId }, { ignoreVersion: true, allowReadOnly: true, action: 'allocate', reason: 'Demo: Spring launch 2026' });
  }
  return total;
}

/** The two demo launches: Palm Heights' spring launch, open, and Zayed Residences' preview, closed. */
async function seedLaunches(
  engine: EngineContext,
  tx: Queryable,
  input: { project: string; zayed: string; plan: string | null; approvers: string | null; now: Date; by: { created_by: string | null } },
) {
  const { now, by } = input;
  const common = { refundable: true, ...(input.plan ? { paymentPlan: input.plan } : {}), ...(input.approvers ? { approverDepartment: input.approvers } : {}) };
  const springOpens = iso(new Date(now.getTime() - 20 * DAY));
  const previewOpens = iso(new Date(now.getTime() - 60 * DAY));
  const previewCloses = iso(new Date(now.getTime() - 30 * DAY));
  const rows: NewRow[] = [
    {
      values: {
        ...common, name: 'Spring launch 2026', project: input.project, opensAt: springOpens, closesAt: iso(new Date(now.getTime() + 10 * DAY)), amount: BASE_AMOUNT,
        amounts: Object.entries(AMOUNTS).map(([unitType, amount]) => ({ unitType, amount })), maxEoisPerCustomer: 2, tokenPrefix: 'PH',
      },
      columns: { status: 'open', closed_at: null, created_on: springOpens, modified_on: springOpens, ...by },
    },
    {
      values: { ...common, name: 'Preview 2026', project: input.zayed, opensAt: previewOpens, closesAt: previewCloses, amount: '40000', maxEoisPerCustomer: 1, tokenPrefix: 'ZP' },
      columns: { status: 'closed', closed_at: previewCloses, created_on: previewOpens, modified_on: previewCloses, ...by },
    },
  ];
  const [launch, preview] = await createMany(engine, tx, engine.registry.get('eoi-setups'), SEED, rows, { hooks: 'caller', reason: SEEDED });
  return [launch!, preview!] as const;
}

/** Creation order of the states: the paid-like ones first (they were paid early), then the rest. */
function order(state: string): number {
  return ['allocated', 'refunded', 'paid', 'submitted', 'cancelled', 'draft'].indexOf(state);
}
