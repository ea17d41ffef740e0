import { randomUUID } from 'node:crypto';
import type { Caller, EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { claimUnit } from '../unit-claims/claims.server.js';
import { allocateToReservation } from '../bulk-deals/reserve.server.js';

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

type Cols = unknown[][];
const columns = (n: number): Cols => Array.from({ length: n }, () => []);

/**
 * The EOI demo: the Palm Heights spring launch (window open, about 300 EOIs in every state, tokens
 * 1..N in the order the EOIs became paid, their payments and refunds) and an earlier Zayed
 * Residences preview launch, closed, whose unpaid EOIs expired. Written with multi-row inserts
 * (unnest of arrays) that produce the rows the engine would (numbers from the document counters,
 * the token counter per launch, amounts due from the launch's amounts, paid and refunded amounts
 * from the payments); allocated EOIs hold an allocation claim on a unit each (`unit_claims`) and the
 * unit is reserved. Run once, inside the caller's transaction.
 */
export async function seedEoiDemo(engine: EngineContext, tx: Queryable, options: { agent: string | null; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const year = now.getUTCFullYear();
  const project = (await tx.query<{ id: string }>("select id::text as id from projects where name = 'Palm Heights'")).rows[0]?.id;
  const zayed = (await tx.query<{ id: string }>("select id::text as id from projects where name = 'Zayed Residences'")).rows[0]?.id;
  const plan = (await tx.query<{ id: string }>("select id::text as id from payment_plans where name = '10% down, 7 years quarterly'")).rows[0]?.id ?? null;
  // Refunds are approved by the sales manager's department (finance's demo role does not reach EOIs).
  const approvers = (await tx.query<{ id: string }>("select id::text as id from departments where name = 'Sales'")).rows[0]?.id ?? null;
  const methods = (await tx.query<{ id: string; kind: string }>("select id::text as id, kind from payment_methods where kind in ('cash', 'cheque', 'bank_transfer') order by name")).rows;
  const bank = (await tx.query<{ id: string }>("select id::text as id from banks order by name limit 1")).rows[0]?.id ?? null;
  if (!project || !zayed || methods.length === 0) return 0;
  const method = (kind: string) => methods.find((row) => row.kind === kind)?.id ?? methods[0]!.id;

  const launch = randomUUID();
  const preview = randomUUID();
  await tx.query(
    `insert into eoi_setups (id, name, project_id, opens_at, closes_at, amount, amounts, max_eois_per_customer, refundable, token_prefix, payment_plan_id, approver_department_id, status, closed_at, created_on, modified_on, created_by, modified_by)
     values ($1, 'Spring launch 2026', $2, $3, $4, $5, $6::jsonb, 2, true, 'PH', $7, $8, 'open', null, $3, $3, $9, $9),
            ($10, 'Preview 2026', $11, $12, $13, 40000, null, 1, true, 'ZP', $7, $8, 'closed', $13, $12, $13, $9, $9)`,
    [
      launch, project, new Date(now.getTime() - 20 * DAY), new Date(now.getTime() + 10 * DAY), BASE_AMOUNT,
      JSON.stringify(Object.entries(AMOUNTS).map(([unitType, amount]) => ({ unitType, amount }))), plan, approvers, options.agent,
      preview, zayed, new Date(now.getTime() - 60 * DAY), new Date(now.getTime() - 30 * DAY),
    ],
  );

  const total = PLAN.reduce((sum, [, count]) => sum + count, 0) + EXPIRED;
  // Customers: one per EOI, except every tenth customer who holds two in the spring launch.
  const customerCount = total - Math.floor((total - EXPIRED) / 10);
  const customers = columns(5);
  for (let i = 0; i < customerCount; i += 1) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    [randomUUID(), `${first} ${last}`, `2900301${String(1_000_000 + i).slice(-7)}`, `+2012${String(30_000_000 + i * 37).slice(-8)}`, new Date(now.getTime() - 25 * DAY)].forEach((value, index) => customers[index]!.push(value));
  }
  await tx.query(
    `insert into customers (id, kind, full_name, national_id, phone, created_on, modified_on, created_by)
     select id, 'individual', full_name, national_id, phone, created_on, created_on, $6 from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as v(id, full_name, national_id, phone, created_on)`,
    [...customers, options.agent],
  );
  const customerIds = customers[0] as string[];

  // The EOIs in creation order; those that became paid get their tokens in the order of `paid_at`.
  const counter = await tx.query<{ last: number }>(
    `insert into document_counters (prefix, year, last) values ('EOI', $1, $2) on conflict (prefix, year) do update set last = document_counters.last + $2 returning last`,
    [year, total],
  );
  let number = counter.rows[0]!.last - total;
  const eoi = columns(19);
  const payments: { eoi: string; kind: 'payment' | 'refund'; amount: string; at: Date; status: string }[] = [];
  const tokens = new Map<string, number>();
  const allocatedIds: string[] = [];
  const customerOf = new Map<string, string>();
  let token = 0;
  let customer = 0;
  let seq = 0;
  const states = PLAN.flatMap(([state, count]) => Array<string>(count).fill(state));
  // Interleave the paid-like states so tokens run through them in payment order.
  const ordered = [...states].sort((a, b) => order(a) - order(b));
  for (const state of ordered) {
    seq += 1;
    const id = randomUUID();
    const type = TYPES[seq % TYPES.length]!;
    const due = AMOUNTS[type] ?? BASE_AMOUNT;
    const created = new Date(now.getTime() - 19 * DAY + seq * 3_600_000);
    const paidLike = state === 'paid' || state === 'allocated' || state === 'refunded';
    const paidAt = paidLike ? new Date(created.getTime() + 2 * 3_600_000) : null;
    if (paidLike) tokens.set(id, (token += 1));
    const who = customerIds[customer]!;
    if (state === 'allocated') {
      allocatedIds.push(id);
      customerOf.set(id, who);
    }
    // Every tenth customer comes back for a second EOI.
    if (seq % 10 !== 0) customer += 1;
    const preferences = [{ unitType: type, floorFrom: seq % 3 === 0 ? 5 : null, floorTo: null, block: null, budget: null }, { unitType: TYPES[(seq + 1) % TYPES.length] }];
    const paid = paidLike ? due : state === 'submitted' && seq % 2 === 0 ? String(Number(due) / 2) + '.00' : state === 'cancelled' ? '0.00' : '0.00';
    if (paidLike) payments.push({ eoi: id, kind: 'payment', amount: due, at: paidAt!, status: 'recorded' });
    else if (Number(paid) > 0) payments.push({ eoi: id, kind: 'payment', amount: paid, at: new Date(created.getTime() + 3_600_000), status: 'recorded' });
    if (state === 'refunded') payments.push({ eoi: id, kind: 'refund', amount: due, at: new Date(paidAt!.getTime() + 3 * DAY), status: 'completed' });
    [
      id, `EOI-${year}-${String((number += 1)).padStart(5, '0')}`, launch, project, who, JSON.stringify(preferences), due, paid,
      state === 'refunded' ? due : '0.00', tokens.get(id) ?? null, tokens.has(id) ? `PH-${String(tokens.get(id)).padStart(4, '0')}` : null, paidAt,
      state, false, created, options.agent, null, null, state === 'cancelled' ? 'Changed their mind' : null,
    ].forEach((value, index) => eoi[index]!.push(value));
  }
  for (let i = 0; i < EXPIRED; i += 1) {
    const id = randomUUID();
    const created = new Date(now.getTime() - 55 * DAY + i * 3_600_000);
    const part = i % 3 === 0;
    if (part) payments.push({ eoi: id, kind: 'payment', amount: '20000.00', at: new Date(created.getTime() + 3_600_000), status: 'recorded' });
    [
      id, `EOI-${year}-${String((number += 1)).padStart(5, '0')}`, preview, zayed, customerIds[customer]!, JSON.stringify([{ unitType: 'Apartment 3BR' }]), '40000.00',
      part ? '20000.00' : '0.00', '0.00', null, null, null, 'expired', part, created, options.agent, null, null, null,
    ].forEach((value, index) => eoi[index]!.push(value));
    customer += 1;
  }
  await tx.query(
    `insert into eois (id, number, setup_id, project_id, customer_id, preferences, amount_due, paid_amount, refunded_amount, token, token_label, paid_at, status, refund_due, created_on, modified_on, created_by, modified_by, unit_id, reservation_id, notes)
     select id, number, setup_id, project_id, customer_id, preferences::jsonb, amount_due, paid_amount, refunded_amount, token, token_label, paid_at, status, refund_due, created_on, created_on, created_by, created_by, unit_id, reservation_id, notes
       from unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[], $10::int[], $11::text[], $12::timestamptz[], $13::text[], $14::boolean[], $15::timestamptz[], $16::uuid[], $17::uuid[], $18::uuid[], $19::text[])
         as v(id, number, setup_id, project_id, customer_id, preferences, amount_due, paid_amount, refunded_amount, token, token_label, paid_at, status, refund_due, created_on, created_by, unit_id, reservation_id, notes)`,
    eoi,
  );
  await tx.query('insert into eoi_token_counters (setup_id, last) values ($1, $2)', [launch, token]);
  await tx.query("update eois e set title = c.full_name || ' — ' || s.name from customers c, eoi_setups s where c.id = e.customer_id and s.id = e.setup_id and e.setup_id = any($1::uuid[])", [[launch, preview]]);

  // Payments and refunds, numbered after the existing ones.
  const paymentCounter = await tx.query<{ last: number }>(
    `insert into document_counters (prefix, year, last) values ('EOP', $1, $2) on conflict (prefix, year) do update set last = document_counters.last + $2 returning last`,
    [year, payments.length],
  );
  let paymentNumber = paymentCounter.rows[0]!.last - payments.length;
  const pay = columns(14);
  for (const [index, item] of payments.entries()) {
    const kind = item.kind === 'refund' ? 'bank_transfer' : index % 3 === 0 ? 'cheque' : index % 3 === 1 ? 'bank_transfer' : 'cash';
    const day = item.at.toISOString().slice(0, 10);
    [
      randomUUID(), `EOP-${year}-${String((paymentNumber += 1)).padStart(5, '0')}`, item.eoi, item.kind, item.amount, item.kind === 'refund' ? null : method(kind),
      kind === 'cash' ? null : bank, kind === 'cash' ? null : `REF-${100_000 + index}`, kind === 'cheque' && item.kind === 'payment' ? String(500_000 + index) : null,
      kind === 'cheque' && item.kind === 'payment' ? day : null, day, item.kind === 'refund' ? 'Customer withdrew' : null, item.status, item.at,
    ].forEach((value, position) => pay[position]!.push(value));
  }
  await tx.query(
    `insert into eoi_payments (id, number, eoi_id, kind, amount, method_id, bank_id, reference, cheque_number, cheque_date, paid_on, reason, status, transfer_reference, created_on, modified_on, created_by, modified_by)
     select id, number, eoi_id, kind, amount, method_id, bank_id, reference, cheque_number, cheque_date::date, paid_on::date, reason, status,
            case when kind = 'refund' then 'TRF-' || substr(number, 10) end, created_on, created_on, $15, $15
       from unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::numeric[], $6::uuid[], $7::uuid[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])
         as v(id, number, eoi_id, kind, amount, method_id, bank_id, reference, cheque_number, cheque_date, paid_on, reason, status, created_on)`,
    [...pay, options.agent],
  );

  // Allocated EOIs: one available unit each, claimed as an allocation and reserved.
  const units = await tx.query<{ id: string }>(
    `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available'
        and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
      order by u.block desc, u.floor desc, u.code limit $2`,
    [project, allocatedIds.length],
  );
  const pairs = allocatedIds.slice(0, units.rows.length).map((id, index) => [id, units.rows[index]!.id] as const);
  // Through the engine, as a bulk deal's publish: the allocation claim, then the reservation it becomes.
  const caller: Caller = { auth: null, source: 'system' };
  for (const [id, unit] of pairs) {
    await claimUnit(engine, tx, caller, { unitId: unit, kind: 'allocation', document: { resource: 'eois', id }, holderId: options.agent, expiresAt: null, action: 'allocate', reason: 'Demo: Spring launch 2026' });
    const reservationId = plan ? await allocateToReservation(engine, tx, caller, { eoiId: id, unitId: unit, customerId: customerOf.get(id)!, paymentPlanId: plan, agentId: options.agent, dealNumber: 'demo' }) : null;
    await tx.query('update eois set unit_id = $2, reservation_id = $3 where id = $1', [id, unit, reservationId]);
  }
  return total;
}

/** Creation order of the states: the paid-like ones first (they were paid early), then the rest. */
function order(state: string): number {
  return ['allocated', 'refunded', 'paid', 'submitted', 'cancelled', 'draft'].indexOf(state);
}
