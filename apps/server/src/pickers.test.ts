import type { Privilege } from '@propdesk/privileges';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './test/harness.js';
import { grant, salesCore, type Agent } from './test/sales-core.js';

type Option = { id: string; label: string; detail?: string };

/** A national ID of the form (14 digits, 2 or 3 first) ending in `ending`, unlikely to be taken. */
const nationalId = (ending: string) => `2900101${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}${ending}`;

/**
 * Issue 25, pickers that tell records apart, on the composed server: one unit code in two projects and two
 * customers of one name are named apart by their options; a reservation's or a hold's unit of another
 * project than the form's, and a plan of another project than the unit's, are refused with a 400 naming
 * the field, and nothing is written.
 */
describe.each(DB_KINDS)('pickers on %s', (kind) => {
  const core = salesCore(kind);
  const seller: Privilege[] = [
    ...grant('reservation', ['read', 'create', 'update']),
    ...grant('holdRequest', ['read', 'create']),
    ...grant('unit', ['read']),
    ...grant('customer', ['read']),
    ...grant('project', ['read']),
    ...grant('paymentplansetup', ['read']),
  ];
  const keeper: Privilege[] = [...grant('unit', ['read', 'create']), { entityName: 'unit', action: 'update', fieldName: 'basePrice' }];

  const ids = async (table: string, where: string, params: unknown[]) => (await core.db.query<{ id: string }>(`select id::text as id from ${table} where ${where}`, params)).rows.map((row) => row.id);
  const options = async (agent: Agent, url: string) => {
    const response = await agent.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Option[];
  };

  it('names twins apart, narrows to the form, and refuses a mismatched unit or plan with the field named', async () => {
    const agent = await core.login(seller);
    const admin = await core.login(keeper);
    // The demo's two projects with plans of their own (Palm Heights has none).
    const [palm] = await ids('projects', "name = 'North Coast Bay'", []);
    const [zayed] = await ids('projects', "name = 'Zayed Residences'", []);
    const code = `TW-${kind}-${Date.now().toString(36)}`.slice(0, 30);
    const unitIn = async (project: string, block: string) => {
      const made = await admin.request({ method: 'POST', url: '/api/units', payload: { code, project, block, floor: 4, basePrice: '1000000.00' } });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.id as string;
    };
    const palmUnit = await unitIn(palm!, 'PT');
    const zayedUnit = await unitIn(zayed!, 'ZT');

    const twins = await options(agent, `/api/units/options?q=${code}`);
    expect(twins).toEqual(
      expect.arrayContaining([
        { id: palmUnit, label: code, detail: 'North Coast Bay · Block PT' },
        { id: zayedUnit, label: code, detail: 'Zayed Residences · Block ZT' },
      ]),
    );
    expect((await options(agent, `/api/units/options?q=${code}%20zayed`)).map((option) => option.id)).toEqual([zayedUnit]);
    expect((await options(agent, `/api/units/options?q=${code}&for=reservations.unit&match=project:${palm!}`)).map((option) => option.id)).toEqual([palmUnit]);

    const [palmPlan] = await ids('payment_plans', 'project_id = $1 order by name limit 1', [palm]);
    const [zayedPlan] = await ids('payment_plans', 'project_id = $1 order by name limit 1', [zayed]);
    expect(palmPlan && zayedPlan, 'a plan of each project in the demo').toBeTruthy();
    const plans = await options(agent, `/api/payment-plans/options?for=reservations.paymentPlan&match=unit:${palmUnit}`);
    expect(plans.map((option) => option.id)).toContain(palmPlan);
    expect(plans.map((option) => option.id)).not.toContain(zayedPlan);

    const customer = await core.customer({ fullName: 'Picker Twin', nationalId: nationalId('4567'), phone: `+2010${String(Date.now()).slice(-8)}` });
    const reserve = (body: Record<string, unknown>) =>
      agent.request({ method: 'POST', url: '/api/reservations', payload: { customer, paymentPlan: palmPlan, discountKind: 'percent', discountValue: '0', submit: false, ...body } });
    const written = async () => (await core.db.query<{ n: number }>('select count(*)::int as n from reservations where unit_id = any($1::uuid[])', [[palmUnit, zayedUnit]])).rows[0]!.n;

    // Zayed's unit while the form says North Coast Bay: 400 on the unit, nothing reserved, the unit still free.
    const wrongUnit = await reserve({ project: palm, unit: zayedUnit, paymentPlan: zayedPlan });
    expect(wrongUnit.statusCode, wrongUnit.body).toBe(400);
    expect(wrongUnit.json().errors).toEqual([{ field: 'unit', message: 'Choose one of the units of the chosen project' }]);
    // A plan of another project than the unit's: 400 on the plan.
    const wrongPlan = await reserve({ unit: palmUnit, paymentPlan: zayedPlan });
    expect(wrongPlan.statusCode, wrongPlan.body).toBe(400);
    expect(wrongPlan.json().errors).toEqual([{ field: 'paymentPlan', message: 'Choose one of the payment plans of the unit’s project' }]);
    expect(await written()).toBe(0);
    expect((await core.db.query<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = any($1::uuid[])', [[palmUnit, zayedUnit]])).rows[0]!.n).toBe(0);

    // A hold of North Coast Bay's unit while its form says Zayed Residences: 400 on the unit.
    const wrongHold = await agent.request({ method: 'POST', url: '/api/hold-requests', payload: { project: zayed, unit: palmUnit, customer, hours: 2, reason: 'Visit' } });
    expect(wrongHold.statusCode, wrongHold.body).toBe(400);
    expect(wrongHold.json().errors).toEqual([{ field: 'unit', message: 'Choose one of the units of the chosen project' }]);
    expect((await core.db.query<{ n: number }>('select count(*)::int as n from hold_requests where unit_id = $1', [palmUnit])).rows[0]!.n).toBe(0);

    // The right pick: reserved, the project the unit's.
    const right = await reserve({ project: palm, unit: palmUnit });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().data).toMatchObject({ unit: palmUnit, project: palm, paymentPlan: palmPlan, status: 'draft' });
    expect(await written()).toBe(1);
  });

  it('names namesake customers by their phone and ID endings, and holds by number, unit and customer', async () => {
    const agent = await core.login(seller);
    const name = `Twin ${kind} ${Date.now().toString(36)}`;
    const first = await core.customer({ fullName: name, nationalId: nationalId('2222'), phone: '+201001110001' });
    const second = await core.customer({ fullName: name, nationalId: nationalId('4444'), phone: '+201009990002' });
    const namesakes = await options(agent, `/api/customers/options?q=${encodeURIComponent(name)}`);
    expect(namesakes).toEqual(
      expect.arrayContaining([
        { id: first, label: name, detail: 'Phone …0001 · ID …2222' },
        { id: second, label: name, detail: 'Phone …0002 · ID …4444' },
      ]),
    );
    expect((await options(agent, `/api/customers/options?q=${encodeURIComponent(`${name} 0002`)}`)).map((option) => option.id)).toEqual([second]);

    const unit = await core.freeUnit();
    const asked = await agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unit.id, customer: first, hours: 2, reason: 'Client visit' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const hold = asked.json().data as { id: string; number: string };
    const code = (await core.db.query<{ code: string }>('select code from units where id = $1', [unit.id])).rows[0]!.code;
    expect(await options(agent, `/api/hold-requests/options?ids=${hold.id}`)).toEqual([{ id: hold.id, label: hold.number, detail: `${code} · ${name}` }]);
  });
});
