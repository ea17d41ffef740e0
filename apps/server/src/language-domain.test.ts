import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, unique } from './test/harness.js';
import { grant, salesCore, type Agent } from './test/sales-core.js';

/** Data inside Arabic words is isolated (U+2068 … U+2069), so a code keeps its order right to left. */
const bdi = (value: string) => `\u2068${value}\u2069`;
const AR = { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' };
type Envelope = { status: string; message: string; errors?: { field: string; message: string }[] };
type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: Record<string, unknown> };

const agentPrivileges: Privilege[] = [...grant('reservation', ['read', 'create']), ...grant('unit', ['read']), ...grant('customer', ['read'])];

/**
 * Issue 29, the domains' refusals: reservations, contracts, receipts, cheques, settings' calls and
 * procurement's answer in the caller's language — the same status and fields; English exactly the
 * text the API has always answered, Arabic in the glossary's words with the data isolated.
 */
describe.each(DB_KINDS)('the domains’ refusals in the caller’s language on %s', (kind) => {
  const core = salesCore(kind);
  let db: Database;
  let admin: Agent;
  let customerId: string;

  /** The same refused call in English (no Accept-Language) and in Arabic: the same status both times, nothing written. */
  async function both(agent: Agent, call: Call, status: number): Promise<{ en: Envelope; ar: Envelope }> {
    const english: LightMyRequestResponse = await agent.request(call);
    expect(english.statusCode, english.body).toBe(status);
    const arabic: LightMyRequestResponse = await agent.request({ ...call, headers: AR });
    expect(arabic.statusCode, arabic.body).toBe(status);
    const en = english.json<Envelope>();
    const ar = arabic.json<Envelope>();
    expect(ar.errors?.map((error) => error.field)).toEqual(en.errors?.map((error) => error.field));
    return { en, ar };
  }

  beforeAll(async () => {
    db = core.db;
    // The demo admin may do everything the calls below need.
    admin = createAgent(core.app);
    expect((await admin.login('admin')).statusCode).toBe(200);
    customerId = await core.customer({ fullName: 'Omar Farouk', nationalId: '29001017650011', phone: '+201012345611' });
  });

  it('reservations and contracts: a contract from a draft, a second contract, a unit reserved by someone else', async () => {
    const draft = await core.reservation({ customer: customerId, submit: false });
    const fromDraft = await both(admin, { method: 'POST', url: '/api/contracts', payload: { reservation: draft.id, template: core.templateId, contractDate: '2026-11-24' } }, 422);
    expect(fromDraft.en).toEqual({ status: 'ERROR', message: `A contract is made from a confirmed reservation; ${String(draft.number)} is draft.` });
    expect(fromDraft.ar).toEqual({ status: 'ERROR', message: `يُبرم العقد من حجز مؤكَّد؛ و${bdi(String(draft.number))} مسودة.` });

    const contract = await core.newContract({ by: admin, customer: customerId });
    const reservationNumber = (await db.query<{ number: string }>('select number from reservations where id = $1', [contract.reservation])).rows[0]!.number;
    const again = await both(admin, { method: 'POST', url: '/api/contracts', payload: { reservation: contract.reservation, template: core.templateId, contractDate: '2026-11-24' } }, 409);
    expect(again.en).toEqual({
      status: 'ERROR',
      message: `${reservationNumber} is already contracted as ${contract.number}.`,
      errors: [{ field: 'reservation', message: `Already contracted as ${contract.number}` }],
    });
    expect(again.ar).toEqual({
      status: 'ERROR',
      message: `تم التعاقد على ${bdi(reservationNumber)} من قبل بالعقد ${bdi(contract.number)}.`,
      errors: [{ field: 'reservation', message: `متعاقد عليه من قبل بالعقد ${bdi(contract.number)}` }],
    });

    // A confirmed reservation by a named agent: another reservation of its unit is a 409 naming the agent.
    const agent = await core.loginUser(agentPrivileges);
    const held = await core.reservation({ customer: customerId, submit: true, agent: agent.id });
    const unit = (await db.query<{ code: string; project: string }>('select code, project_id::text as project from units where id = $1', [held.unit])).rows[0]!;
    const plan = (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [unit.project])).rows[0]!.id;
    const taken = await both(admin, { method: 'POST', url: '/api/reservations', payload: { unit: held.unit, customer: customerId, paymentPlan: plan, discountKind: 'percent', discountValue: '0' } }, 409);
    expect(taken.en).toEqual({ status: 'ERROR', message: `Unit ${unit.code} is reserved by Test User.` });
    expect(taken.ar).toEqual({ status: 'ERROR', message: `الوحدة ${bdi(unit.code)} محجوزة باسم ${bdi('Test User')}.` });
    expect((await db.query<{ n: number }>('select count(*)::int as n from reservations where unit_id = $1', [held.unit])).rows[0]!.n).toBe(1);
  });

  it('receipts and cheques: a cheque as a receipt, an issued receipt’s amount, a cheque received tomorrow (the definitions’ Arabic words)', async () => {
    const contract = await core.newContract({ by: admin, customer: customerId });
    const byCheque = await both(admin, { method: 'POST', url: '/api/receipts', payload: { receiptDate: '2026-11-25', method: 'cheque', customer: customerId, contract: contract.id, amount: '100.00' } }, 400);
    expect(byCheque.en).toEqual({
      status: 'ERROR',
      message: 'Validation failed',
      errors: [{ field: 'method', message: 'Record a cheque in the cheque register: it issues the receipt, and its money counts as paid when the cheque clears' }],
    });
    expect(byCheque.ar).toEqual({
      status: 'ERROR',
      message: 'تعذّر التحقق من البيانات',
      errors: [{ field: 'method', message: 'سجّل الشيك في سجل الشيكات: فهو يصدر الإيصال، ويُحتسب مبلغه مدفوعًا عند تحصيل الشيك' }],
    });

    const receipt = await core.receive(admin, { customer: customerId, contract: contract.id, amount: '100.00' });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const { id, version } = receipt.json().data as { id: string; version: number };
    const changed = await both(admin, { method: 'PATCH', url: `/api/receipts/${id}`, payload: { amount: '1.00', version } }, 422);
    expect(changed.en).toEqual({ status: 'ERROR', message: 'An issued receipt’s amount cannot change; void it and issue a new one.' });
    expect(changed.ar).toEqual({ status: 'ERROR', message: 'لا يتغير المبلغ في إيصال صادر؛ ألغِه وأصدر إيصالًا جديدًا.' });

    const bank = (await db.query<{ id: string }>('select id::text as id from banks order by name limit 1')).rows[0]!.id;
    const tomorrow = (await db.query<{ d: string }>("select to_char(current_date + 1, 'YYYY-MM-DD') as d")).rows[0]!.d;
    const cheque = { number: '770001', bank, dueDate: tomorrow, drawer: 'Omar Farouk', customer: customerId, contract: contract.id, amount: '100.00', receivedOn: tomorrow };
    const early = await both(admin, { method: 'POST', url: '/api/cheques', payload: cheque }, 400);
    expect(early.en.errors).toEqual([{ field: 'receivedOn', message: 'A cheque is received today or earlier' }]);
    expect(early.ar.errors).toEqual([{ field: 'receivedOn', message: 'يُستلم الشيك اليوم أو قبله' }]);
    expect((await db.query<{ n: number }>("select count(*)::int as n from cheques where number = '770001'")).rows[0]!.n).toBe(0);
  });

  it('settings: a role still given to two users (a plural), a key that expired already, a webhook address with a password', async () => {
    const first = await createTestUser(db, grant('lead', ['read']));
    const role = (await db.query<{ id: string }>('select role_id::text as id from user_roles where user_id = $1', [first.id])).rows[0]!.id;
    const second = await createTestUser(db, []);
    await db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [second.id, role]);
    const inUse = await both(admin, { method: 'DELETE', url: `/api/roles/${role}` }, 409);
    expect(inUse.en).toEqual({ status: 'ERROR', message: 'This role is given to 2 users; take it away from them first.' });
    expect(inUse.ar).toEqual({ status: 'ERROR', message: 'هذا الدور مُسنَد إلى مستخدمَين؛ انزعه عنهم أولًا.' });

    const past = await both(admin, { method: 'POST', url: '/api/api-keys', payload: { name: 'Past', roles: [role], expiresAt: '2020-01-01T00:00:00.000Z' } }, 400);
    expect(past.en.errors).toEqual([{ field: 'expiresAt', message: 'Must be in the future' }]);
    expect(past.ar.errors).toEqual([{ field: 'expiresAt', message: 'يجب أن يكون في المستقبل' }]);

    const hook = { name: unique('Hook'), secret: 'whsec-0123456789abcdef', events: ['lead.created'], url: 'https://someone:secret@hooks.example.com/in' };
    const withPassword = await both(admin, { method: 'POST', url: '/api/webhooks', payload: hook }, 400);
    expect(withPassword.en.errors).toEqual([{ field: 'url', message: 'Must not carry a user name or password' }]);
    expect(withPassword.ar.errors).toEqual([{ field: 'url', message: 'يجب ألا يحمل اسم مستخدم أو كلمة مرور' }]);

    const shortSecret = await both(admin, { method: 'POST', url: '/api/webhooks', payload: { ...hook, url: 'https://hooks.example.com/in', secret: 'short' } }, 400);
    expect(shortSecret.en.errors).toEqual([{ field: 'secret', message: 'At least 16 characters' }]);
    expect(shortSecret.ar.errors).toEqual([{ field: 'secret', message: '16 حرفًا على الأقل' }]);

    // A payment plan's terms (its definition's rule, finance's planProblems): the percentages named in both languages.
    const plan = await both(admin, { method: 'POST', url: '/api/payment-plans', payload: { name: unique('Plan'), downPaymentPct: 70, deliveryPct: 40, years: 5, frequency: 'quarterly' } }, 400);
    expect(plan.en.errors).toEqual([{ field: 'downPaymentPct', message: 'The percentages add up to 110%; they must add up to 100%.' }]);
    expect(plan.ar.errors).toEqual([{ field: 'downPaymentPct', message: 'مجموع النسب 110%، ويجب أن يكون 100%.' }]);
  });

  it('procurement: an empty request submitted, an attachment of no quotation; an Arabic account reads Arabic whatever its browser asks', async () => {
    const created = await admin.request({ method: 'POST', url: '/api/purchase-requests', payload: { title: unique('Empty'), lines: [] } });
    expect(created.statusCode, created.body).toBe(201);
    const empty = created.json().data as { id: string };
    const submit = await both(admin, { method: 'POST', url: `/api/purchase-requests/${empty.id}/actions/submit`, payload: {} }, 422);
    expect(submit.en).toEqual({ status: 'ERROR', message: 'Add at least one line before submitting the request.' });
    expect(submit.ar).toEqual({ status: 'ERROR', message: 'أضف بندًا واحدًا على الأقل قبل تقديم الطلب.' });
    expect((await db.query<{ status: string }>('select status from purchase_requests where id = $1', [empty.id])).rows[0]!.status).toBe('draft');

    const none = await both(admin, { method: 'GET', url: '/api/quotations/00000000-0000-4000-8000-000000000000/attachment' }, 404);
    expect(none.en).toEqual({ status: 'ERROR', message: 'No such quotation' });
    expect(none.ar).toEqual({ status: 'ERROR', message: 'لا يوجد عرض سعر بهذا المعرّف' });

    const buyer = await core.loginUser([...grant('PurchaseRequest', ['read', 'create', 'update'])]);
    expect((await buyer.agent.request({ method: 'PATCH', url: '/api/users/me', payload: { language: 'ar' } })).statusCode).toBe(200);
    const own = await buyer.agent.request({ method: 'POST', url: '/api/purchase-requests', payload: { title: unique('Mine'), lines: [] } });
    expect(own.statusCode, own.body).toBe(201);
    const refused = await buyer.agent.request({ method: 'POST', url: `/api/purchase-requests/${(own.json().data as { id: string }).id}/actions/submit`, payload: {}, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ status: 'ERROR', message: 'أضف بندًا واحدًا على الأقل قبل تقديم الطلب.' });
  });
});
