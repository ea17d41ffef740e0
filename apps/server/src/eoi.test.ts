import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { runEoiWindow } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const all = (entityName: string, actions = ['read', 'create', 'update', 'delete', 'approve']): Privilege[] => actions.map((action) => ({ entityName, action }));
const read = (entityName: string): Privilege => ({ entityName, action: 'read' });
const clerkPrivileges: Privilege[] = [
  ...all('eoi', ['read', 'create', 'update', 'delete']),
  ...all('eoiSetup', ['read', 'create', 'update']),
  ...all('eoiPayment', ['read', 'create', 'update', 'delete']),
  ...all('bulkDeal', ['read', 'create', 'update']),
  ...all('holdRequest', ['read', 'create', 'update']),
  read('customer'),
  read('lead'),
  read('unit'),
];
const approverPrivileges: Privilege[] = [...clerkPrivileges, ...all('eoiPayment'), ...all('bulkDeal'), ...all('holdRequest')];

type Agent = ReturnType<typeof createAgent>;
type Person = { id: string; agent: Agent };
type Rec = Record<string, unknown> & { id: string; number: string; status: string; version: number };

/**
 * EOI launches, EOIs, payments, tokens, refunds, the window job and bulk deals (issue 17): tokens
 * under concurrent payments, the maximum per customer, partial refunds, wrong-state actions, the
 * window closing, the dry run's conflicts and a publish racing a hold.
 */
describe.each(DB_KINDS)('EOIs on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let clerk: Person;
  let approver: Person;
  let projectId: string;
  let planId: string;
  let financeId: string;
  let cashId: string;
  let transferId: string;
  let bankId: string;
  let customerSeq = 0;
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };

  async function person(privileges: Privilege[]): Promise<Person> {
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent };
  }
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
  const idOf = async (sql: string, params: unknown[] = []) => (await one<{ id: string }>(sql, params)).id;

  async function newCustomer(): Promise<string> {
    customerSeq += 1;
    const nationalId = `2950101${String(7_000_000 + customerSeq).slice(-7)}`;
    return idOf("insert into customers (kind, full_name, national_id, phone) values ('individual', $1, $2, $3) returning id::text as id", [
      `EOI Customer ${customerSeq}`,
      nationalId,
      `+2010${String(50_000_000 + customerSeq).slice(-8)}`,
    ]);
  }

  const post = (who: Person, url: string, payload: Record<string, unknown>) => who.agent.request({ method: 'POST', url, payload });
  async function created(who: Person, url: string, payload: Record<string, unknown>): Promise<Rec> {
    const response = await post(who, url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Rec;
  }
  const act = (who: Person, resource: string, id: string, action: string, reason?: string) => post(who, `/api/${resource}/${id}/actions/${action}`, reason ? { reason } : {});
  const get = async (resource: string, id: string) => (await approver.agent.request({ method: 'GET', url: `/api/${resource}/${id}` })).json().data as Rec;

  async function newLaunch(extra: Record<string, unknown> = {}): Promise<Rec> {
    return created(clerk, '/api/eoi-setups', {
      name: `Launch ${Math.random().toString(36).slice(2, 8)}`,
      project: projectId,
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      amount: '10000.00',
      amounts: [{ unitType: 'Studio', amount: '5000.00' }],
      maxEoisPerCustomer: 2,
      refundable: true,
      tokenPrefix: 'TT',
      paymentPlan: planId,
      approverDepartment: financeId,
      ...extra,
    });
  }
  const newEoi = (setup: string, customer: string, extra: Record<string, unknown> = {}) => created(clerk, '/api/eois', { setup, customer, ...extra });
  async function submitted(setup: string, customer: string, extra: Record<string, unknown> = {}) {
    const eoi = await newEoi(setup, customer, extra);
    const response = await act(clerk, 'eois', eoi.id, 'submit');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Rec;
  }
  const pay = (eoi: string, amount: string, extra: Record<string, unknown> = {}) =>
    post(clerk, '/api/eoi-payments', { eoi, kind: 'payment', amount, method: cashId, paidOn: '2026-11-24', ...extra });
  async function paidEoi(setup: string, customer: string, extra: Record<string, unknown> = {}) {
    const eoi = await submitted(setup, customer, extra);
    const response = await pay(eoi.id, String(eoi.amountDue));
    expect(response.statusCode, response.body).toBe(201);
    return get('eois', eoi.id);
  }

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    clerk = await person(clerkPrivileges);
    approver = await person(approverPrivileges);
    // A small project of our own, so bulk deals see only these units.
    projectId = await idOf("insert into projects (name, code, status, currency) values ('EOI Test Towers', 'ETT', 'launched', 'EGP') returning id::text as id");
    planId = await idOf('select id::text as id from payment_plans order by name limit 1');
    financeId = await idOf("select id::text as id from departments where name = 'Finance'");
    cashId = await idOf("select id::text as id from payment_methods where name = 'Cash'");
    transferId = await idOf("select id::text as id from payment_methods where name = 'Bank transfer'");
    bankId = await idOf('select id::text as id from banks order by name limit 1');
  });

  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('makes a launch and an EOI: number, project, amount by unit type, the method’s rules', async () => {
    const launch = await newLaunch();
    expect(launch).toMatchObject({ status: 'open', project: projectId });
    const bad = await post(clerk, '/api/eoi-setups', {
      name: 'Bad amounts',
      project: projectId,
      opensAt: launch.opensAt,
      closesAt: launch.closesAt,
      amount: '1.00',
      amounts: [{ unitType: 'Castle', amount: '1.00' }],
      maxEoisPerCustomer: 1,
      tokenPrefix: 'B',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Not a unit type: Castle');

    const customer = await newCustomer();
    const studio = await newEoi(launch.id, customer, { preferences: [{ unitType: 'Studio' }] });
    expect(studio.number).toMatch(/^EOI-\d{4}-\d{5}$/);
    expect(studio).toMatchObject({ status: 'draft', project: projectId, amountDue: '5000.00', paidAmount: '0.00', token: null });
    const other = await newEoi(launch.id, customer, { preferences: [{ unitType: 'Duplex', floorFrom: 2 }] });
    expect(other.amountDue).toBe('10000.00');

    await act(clerk, 'eois', other.id, 'submit');
    // A bank transfer needs a reference and a bank; nothing is written when refused.
    const refused = await pay(other.id, '100.00', { method: transferId });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Bank transfer needs a reference');
    expect(refused.body).toContain('Bank transfer needs a bank');
    const ok = await pay(other.id, '100.00', { method: transferId, bank: bankId, reference: 'TRX-100' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await get('eois', other.id)).paidAmount).toBe('100.00');
    const over = await pay(other.id, '9950.00');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(`${other.number} needs 9,900.00 EGP more; 9,950.00 EGP was given.`);
  });

  it('gives 20 EOIs paid at once distinct, consecutive tokens 1..20 in the order they became paid', async () => {
    const launch = await newLaunch({ maxEoisPerCustomer: 1, tokenPrefix: 'RX' });
    const eois: Rec[] = [];
    for (let i = 0; i < 20; i += 1) eois.push(await submitted(launch.id, await newCustomer()));
    const responses = await Promise.all(eois.map((eoi) => pay(eoi.id, String(eoi.amountDue))));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const rows = (
      await db.query<{ token: number; token_label: string; status: string; paid_at: Date }>(
        'select token, token_label, status, paid_at from eois where setup_id = $1 order by token',
        [launch.id],
      )
    ).rows;
    expect(rows.map((row) => row.token)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows.every((row) => row.status === 'paid')).toBe(true);
    expect(rows[0]!.token_label).toBe('RX-0001');
    // Token order is the order of becoming paid.
    const times = rows.map((row) => new Date(row.paid_at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await one<{ last: number }>('select last from eoi_token_counters where setup_id = $1', [launch.id])).last).toBe(20);
    // A second launch starts its own sequence.
    const next = await newLaunch();
    expect((await paidEoi(next.id, await newCustomer())).token).toBe(1);
  });

  it('holds a customer to the launch’s maximum; a cancelled EOI frees its place', async () => {
    const launch = await newLaunch({ maxEoisPerCustomer: 2 });
    const customer = await newCustomer();
    const first = await newEoi(launch.id, customer);
    await newEoi(launch.id, customer);
    const third = await post(clerk, '/api/eois', { setup: launch.id, customer });
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toMatch(/^A customer can hold at most 2 EOIs in Launch \w+; EOI Customer \d+ has 2\.$/);
    expect((await one<{ n: number }>('select count(*)::int as n from eois where setup_id = $1 and customer_id = $2', [launch.id, customer])).n).toBe(2);
    // Two at once for a fresh customer with room for one: one wins.
    const tight = await newLaunch({ maxEoisPerCustomer: 1 });
    const racer = await newCustomer();
    const race = await Promise.all([post(clerk, '/api/eois', { setup: tight.id, customer: racer }), post(clerk, '/api/eois', { setup: tight.id, customer: racer })]);
    expect(race.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect((await act(clerk, 'eois', first.id, 'cancel', 'Changed their mind')).statusCode).toBe(200);
    expect((await post(clerk, '/api/eois', { setup: launch.id, customer })).statusCode).toBe(201);
  });

  it('refunds in part and in whole through approval, never more than paid; approvers and requester told', async () => {
    const launch = await newLaunch();
    const eoi = await paidEoi(launch.id, await newCustomer());
    expect(eoi).toMatchObject({ status: 'paid', paidAmount: '10000.00' });
    const refund = await created(clerk, '/api/eoi-payments', { eoi: eoi.id, kind: 'refund', amount: '4000.00', paidOn: '2026-11-24', reason: 'Customer asked' });
    expect(refund.status).toBe('requested');
    const asked = await one<{ n: number }>('select count(*)::int as n from notifications where department_id = $1 and title = $2', [financeId, `Refund requested: ${eoi.number} (${refund.number})`]);
    expect(asked.n).toBe(1);
    const tooMuch = await post(clerk, '/api/eoi-payments', { eoi: eoi.id, kind: 'refund', amount: '6000.01', paidOn: '2026-11-24', reason: 'More' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(`At most 6,000.00 EGP can be refunded on ${eoi.number}: 10,000.00 EGP was paid and 4,000.00 EGP is refunded or asked already.`);

    expect((await act(approver, 'eoi-payments', refund.id, 'approve')).statusCode).toBe(200);
    const done = await act(approver, 'eoi-payments', refund.id, 'complete', 'NBE-TRX-778');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', transferReference: 'NBE-TRX-778', decidedBy: approver.id });
    expect(await get('eois', eoi.id)).toMatchObject({ status: 'paid', refundedAmount: '4000.00' });
    const told = await one<{ n: number }>("select count(*)::int as n from notifications where user_id = $1 and title like 'Refund %'", [clerk.id]);
    expect(told.n).toBe(2);

    const rest = await created(clerk, '/api/eoi-payments', { eoi: eoi.id, kind: 'refund', amount: '6000.00', paidOn: '2026-11-24', reason: 'The rest' });
    await act(approver, 'eoi-payments', rest.id, 'approve');
    await act(approver, 'eoi-payments', rest.id, 'complete', 'NBE-TRX-779');
    expect(await get('eois', eoi.id)).toMatchObject({ status: 'refunded', refundedAmount: '10000.00' });
    const after = await post(clerk, '/api/eoi-payments', { eoi: eoi.id, kind: 'refund', amount: '1.00', paidOn: '2026-11-24', reason: 'Again' });
    expect(after.statusCode).toBe(422);
    expect(after.json().message).toBe(`A refund is not possible while ${eoi.number} is refunded.`);

    const rejected = await created(clerk, '/api/eoi-payments', { eoi: (await paidEoi(launch.id, await newCustomer())).id, kind: 'refund', amount: '10.00', paidOn: '2026-11-24', reason: 'Test' });
    expect((await act(approver, 'eoi-payments', rejected.id, 'reject', 'Not eligible')).statusCode).toBe(200);
    expect((await one<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and title = $2', [clerk.id, `Refund rejected: ${rejected.number}`])).n).toBe(1);
  });

  it('refuses every action from a wrong state with the state named, changing nothing', async () => {
    const launch = await newLaunch();
    const draft = await newEoi(launch.id, await newCustomer());
    const paid = await paidEoi(launch.id, await newCustomer());
    const versions = async () => (await db.query<{ v: number }>('select version as v from eois where id = any($1::uuid[]) order by id', [[draft.id, paid.id]])).rows.map((row) => row.v);
    const payments = async () => (await one<{ n: number }>('select count(*)::int as n from eoi_payments')).n;
    const before = { versions: await versions(), payments: await payments() };

    const cases: [Promise<{ statusCode: number; json: () => { message: string } }>, string][] = [
      [pay(draft.id, '10.00'), `Payments are taken on a submitted EOI; ${draft.number} is draft.`],
      [pay(paid.id, '10.00'), `Payments are taken on a submitted EOI; ${paid.number} is paid.`],
      [act(clerk, 'eois', paid.id, 'submit'), 'Submit is not possible while the eoi is paid.'],
      [act(clerk, 'eois', paid.id, 'cancel', 'No'), 'Cancel is not possible while the eoi is paid.'],
      [post(clerk, '/api/eoi-payments', { eoi: draft.id, kind: 'refund', amount: '1.00', paidOn: '2026-11-24', reason: 'x' }), `A refund is not possible while ${draft.number} is draft.`],
    ];
    for (const [call, message] of cases) {
      const response = await call;
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(message);
    }
    const payment = (await db.query<{ id: string }>("select id::text as id from eoi_payments where eoi_id = $1 and kind = 'payment'", [paid.id])).rows[0]!.id;
    const approve = await act(approver, 'eoi-payments', payment, 'approve');
    expect(approve.statusCode).toBe(422);
    expect(approve.json().message).toBe('Approve refund is not possible while the eoi payment is recorded.');
    const edit = await approver.agent.request({ method: 'PATCH', url: `/api/eois/${paid.id}`, payload: { notes: 'Changed', version: paid.version } });
    expect(edit.statusCode).toBe(422);
    expect(edit.body).toContain('paid');
    expect({ versions: await versions(), payments: await payments() }).toEqual(before);
  });

  it('closes the window by the job: unpaid EOIs expire, money taken goes to the refund queue, no new EOI', async () => {
    const launch = await newLaunch();
    const draft = await newEoi(launch.id, await newCustomer());
    const part = await submitted(launch.id, await newCustomer());
    expect((await pay(part.id, '2500.00')).statusCode).toBe(201);
    const paid = await paidEoi(launch.id, await newCustomer());
    await db.query("update eoi_setups set closes_at = now() - interval '1 minute' where id = $1", [launch.id]);
    // Before the job has run, the time alone refuses new EOIs and payments.
    const early = await post(clerk, '/api/eois', { setup: launch.id, customer: await newCustomer() });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(new RegExp(`^The window of ${String(launch.name)} closed on `));
    expect((await pay(part.id, '10.00')).statusCode).toBe(422);
    const [first, second] = await Promise.all([runEoiWindow(appEngine()), runEoiWindow(appEngine())]);
    expect(first.closed + second.closed).toBeGreaterThanOrEqual(1);
    expect((await get('eoi-setups', launch.id)).status).toBe('closed');
    expect(await get('eois', draft.id)).toMatchObject({ status: 'expired', refundDue: false });
    expect(await get('eois', part.id)).toMatchObject({ status: 'expired', refundDue: true, paidAmount: '2500.00' });
    expect((await get('eois', paid.id)).status).toBe('paid');
    const history = await one<{ source: string; action: string }>("select source, action from record_history where resource = 'eois' and record_id = $1 order by id desc limit 1", [draft.id]);
    expect(history).toEqual({ source: 'job', action: 'expire' });
    const late = await post(clerk, '/api/eois', { setup: launch.id, customer: await newCustomer() });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('The launch’s window is closed');
    // The expired EOI's money goes back whatever the launch's refundability.
    expect((await post(clerk, '/api/eoi-payments', { eoi: part.id, kind: 'refund', amount: '2500.00', paidOn: '2026-11-24', reason: 'Window closed' })).statusCode).toBe(201);
  });

  /** Units of the test project, made here (fixtures): code, unit type, block, floor, price, status. */
  async function units(specs: [string, string, string, number, string, string][]) {
    const out: Record<string, string> = {};
    for (const [code, type, block, floor, price, status] of specs) {
      out[code] = await idOf(
        `insert into units (code, project_id, block, floor, unit_type_id, base_price, status)
         values ($1, $2, $3, $4, (select id from unit_types where name = $5), $6, $7) returning id::text as id`,
        [code, projectId, block, floor, type, price, status],
      );
    }
    return out;
  }

  const appEngine = () => createEngine(db, services).engine;

  it('dry-runs a bulk deal: matches by preference and by hand, and every conflict', async () => {
    await db.query("update units set status = 'sold' where project_id = $1", [projectId]);
    const made = await units([
      ['S-0101', 'Studio', 'A', 1, '1000000.00', 'available'],
      ['S-0102', 'Studio', 'A', 1, '1100000.00', 'available'],
      ['S-0301', 'Studio', 'B', 3, '900000.00', 'available'],
      ['A-0501', 'Apartment 2BR', 'A', 5, '2000000.00', 'available'],
      ['A-0601', 'Apartment 2BR', 'A', 6, '2100000.00', 'blocked'],
    ]);
    const launch = await newLaunch({ maxEoisPerCustomer: 1 });
    const e1 = await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Studio', block: 'B' }] });
    const e2 = await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Studio', budget: '1050000.00' }] });
    const e3 = await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Studio', floorFrom: 1, floorTo: 1 }] });
    const e4 = await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Studio' }] });
    const e5 = await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Apartment 2BR' }] });
    const e6 = await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Apartment 2BR' }] });
    const e7 = await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Apartment 2BR' }] });
    const deal = await created(clerk, '/api/bulk-deals', {
      setup: launch.id,
      picks: [
        { eoi: e5.number, unit: 'A-0501' },
        { eoi: e6.number, unit: 'A-0501' },
        { eoi: e7.number, unit: 'A-0601' },
      ],
    });
    const run = await act(clerk, 'bulk-deals', deal.id, 'dryRun');
    expect(run.statusCode, run.body).toBe(200);
    const data = run.json().data as Rec & { result: { matches: Record<string, unknown>[]; conflicts: Record<string, unknown>[]; plan: { id: string } } };
    expect(data).toMatchObject({ status: 'previewed', matched: 4, conflicts: 3, eoiCount: 7 });
    expect(data.result.plan.id).toBe(planId);
    expect(data.result.matches.map((m) => [m.eoi, m.unit, m.by, m.price])).toEqual([
      [e5.number, 'A-0501', 'hand', '2000000.00'],
      [e1.number, 'S-0301', 1, '900000.00'],
      [e2.number, 'S-0101', 1, '1000000.00'],
      [e3.number, 'S-0102', 1, '1100000.00'],
    ]);
    expect(data.result.conflicts.map((c) => [c.eoi, c.kind, c.unit])).toEqual([
      [e6.number, 'wanted_by_two', 'A-0501'],
      [e7.number, 'taken', 'A-0601'],
      [e4.number, 'no_unit', null],
    ]);
    expect(String(data.result.conflicts[0]!.message)).toBe(`Unit A-0501 is wanted by ${e5.number} (token ${e5.token}) and ${e6.number} (token ${e6.token}); it goes to the lower token.`);
    // A dry run writes nothing but the run.
    expect((await one<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = any($1::uuid[]) and released_at is null', [Object.values(made)])).n).toBe(0);
    // A publish from draft is refused with the state named.
    const other = await created(clerk, '/api/bulk-deals', { setup: launch.id });
    const early = await act(approver, 'bulk-deals', other.id, 'publish');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Publish is not possible while the bulk deal is draft.');
  });

  it('refuses a publish whose unit was held since the dry run, naming it and writing nothing; publishes once it is free', async () => {
    await db.query("update units set status = 'sold' where project_id = $1 and status = 'available'", [projectId]);
    const made = await units([
      ['H-0101', 'Studio', 'D', 1, '1000000.00', 'available'],
      ['H-0102', 'Studio', 'D', 1, '1000000.00', 'available'],
    ]);
    const launch = await newLaunch({ maxEoisPerCustomer: 1 });
    const paid = [await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Studio', block: 'D' }] }), await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Studio', block: 'D' }] })];
    const deal = await created(clerk, '/api/bulk-deals', { setup: launch.id });
    expect((await act(clerk, 'bulk-deals', deal.id, 'dryRun')).json().data).toMatchObject({ matched: 2, conflicts: 0 });
    const hold = await created(clerk, '/api/hold-requests', { unit: made['H-0102'], customer: await newCustomer(), hours: 24, reason: 'Walk-in' });
    expect((await act(approver, 'hold-requests', hold.id, 'approve')).statusCode).toBe(200);

    const refused = await act(approver, 'bulk-deals', deal.id, 'publish');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Unit H-0102 is held by Test User until /);
    // The first match (H-0101) was written before the refusal and is gone with it.
    expect((await db.query<{ status: string }>('select status from eois where setup_id = $1 order by token', [launch.id])).rows.map((row) => row.status)).toEqual(['paid', 'paid']);
    expect((await db.query<{ code: string; status: string }>('select code, status from units where id = any($1::uuid[]) order by code', [Object.values(made)])).rows).toEqual([
      { code: 'H-0101', status: 'available' },
      { code: 'H-0102', status: 'on_hold' },
    ]);
    expect((await one<{ n: number }>('select count(*)::int as n from reservations where eoi_id = any($1::uuid[])', [paid.map((eoi) => eoi.id)])).n).toBe(0);
    expect((await one<{ n: number }>("select count(*)::int as n from unit_claims where document_resource = 'eois' and document_id = any($1::uuid[])", [paid.map((eoi) => eoi.id)])).n).toBe(0);
    expect((await get('bulk-deals', deal.id)).status).toBe('previewed');

    expect((await act(approver, 'hold-requests', hold.id, 'release', 'Customer left')).statusCode).toBe(200);
    const published = await act(approver, 'bulk-deals', deal.id, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published' });
    expect((await db.query<{ status: string }>('select status from eois where setup_id = $1 order by token', [launch.id])).rows.map((row) => row.status)).toEqual(['allocated', 'allocated']);
  });

  it('publishes a bulk deal racing a hold on one of its units: one wins, the other fails cleanly, nothing half-written', async () => {
    await db.query("update units set status = 'sold' where project_id = $1 and status = 'available'", [projectId]);
    const made = await units([
      ['R-0101', 'Studio', 'C', 1, '1000000.00', 'available'],
      ['R-0102', 'Studio', 'C', 1, '1000000.00', 'available'],
      ['R-0103', 'Studio', 'C', 1, '1000000.00', 'available'],
    ]);
    const launch = await newLaunch({ maxEoisPerCustomer: 1 });
    const paid = [];
    for (let i = 0; i < 4; i += 1) paid.push(await paidEoi(launch.id, await newCustomer(), { preferences: [{ unitType: 'Studio', block: 'C' }] }));
    const deal = await created(clerk, '/api/bulk-deals', { setup: launch.id });
    expect((await act(clerk, 'bulk-deals', deal.id, 'dryRun')).json().data).toMatchObject({ matched: 3, conflicts: 1 });
    const hold = await created(clerk, '/api/hold-requests', { unit: made['R-0102'], customer: await newCustomer(), hours: 24, reason: 'Walk-in wants it' });

    const [published, approved] = await Promise.all([act(approver, 'bulk-deals', deal.id, 'publish'), act(approver, 'hold-requests', hold.id, 'approve')]);
    const claims = async (resource: string) =>
      (await one<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = any($1::uuid[]) and released_at is null and document_resource = $2', [Object.values(made), resource])).n;
    const statuses = async () => (await db.query<{ status: string }>('select status from eois where setup_id = $1 order by token', [launch.id])).rows.map((row) => row.status);
    if (published.statusCode === 200) {
      expect(approved.statusCode).toBe(409);
      expect(approved.json().message).toMatch(/^Unit R-0102 is reserved by Test User/);
      expect(await statuses()).toEqual(['allocated', 'allocated', 'allocated', 'paid']);
      // Each allocated EOI became a confirmed reservation of its unit, holding the unit's claim, with its payments carried over.
      const made = await db.query<{ status: string; source: string; claims: number; fees: string | null; paid: string }>(
        `select r.status, r.source, (select count(*)::int from unit_claims c where c.document_id = r.id and c.released_at is null) as claims,
                (select sum(amount)::text from reservation_payments p where p.reservation_id = r.id) as fees, e.paid_amount::text as paid
           from eois e join reservations r on r.id = e.reservation_id and r.unit_id = e.unit_id and r.eoi_id = e.id
          where e.setup_id = $1 order by e.token`,
        [launch.id],
      );
      expect(made.rows).toEqual(Array(3).fill({ status: 'confirmed', source: 'eoi', claims: 1, fees: '5000.00', paid: '5000.00' }));
      expect(await claims('eois')).toBe(0);
      expect((await get('eois', paid[3]!.id)).refundDue).toBe(true);
      expect(await claims('hold-requests')).toBe(0);
      expect((await get('hold-requests', hold.id)).status).toBe('pending');
    } else {
      expect(approved.statusCode).toBe(200);
      expect(published.statusCode).toBe(409);
      expect(published.json().message).toMatch(/^Unit R-0102 is held by Test User until /);
      expect(await statuses()).toEqual(['paid', 'paid', 'paid', 'paid']);
      expect(await claims('eois')).toBe(0);
      expect((await one<{ n: number }>("select count(*)::int as n from reservations where eoi_id = any($1::uuid[])", [paid.map((eoi) => eoi.id)])).n).toBe(0);
      expect((await get('bulk-deals', deal.id)).status).toBe('previewed');
      expect((await db.query<{ status: string }>('select status from units where id = any($1::uuid[]) order by code', [Object.values(made)])).rows.map((row) => row.status)).toEqual(['available', 'on_hold', 'available']);
      expect((await get('eois', paid[3]!.id)).refundDue).not.toBe(true);
    }
  });
});
