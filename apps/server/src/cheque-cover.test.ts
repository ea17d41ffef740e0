import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Privilege } from '@propdesk/privileges';
import { runInstallmentOverdue, settleChequeCover, sumMoney, type CustomerStatement } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './test/harness.js';
import { PDFTOTEXT, grant, salesCore, toEastern, type Agent } from './test/sales-core.js';

const cashierPrivileges: Privilege[] = [
  ...grant('cheque', ['read', 'create', 'update']),
  ...grant('receipt', ['read', 'create']),
  ...grant('contract', ['read', 'create']),
  ...grant('contractPayment', ['read']),
  ...grant('customer', ['read']),
  ...grant('reservation', ['read']),
];
const financePrivileges: Privilege[] = [...cashierPrivileges, ...grant('cheque', ['approve']), ...grant('receipt', ['approve']), ...grant('collectionSetting', ['read', 'create', 'update'])];

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** 24 Nov 2026, as the display module writes a date. */
const shown = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/**
 * Issue 25's money rules for cheques, each on PGlite and PostgreSQL: a cheque in hand covers its
 * installment (neither paid nor overdue) and its money is paid when it clears; a cheque whose date
 * passed without clearing makes its installment overdue; a bounce reopens it; a cheque is deposited
 * before its date only with a reason; a statement never shows a cheque in hand as money paid; the
 * bounce charge is exactly what the dialog says; and a ledger from before is brought in line.
 */
describe.each(DB_KINDS)('cheques that cover on %s', (kind) => {
  const core = salesCore(kind);
  let db: Database;
  let cashier: Agent;
  let finance: Agent;
  let customerId: string;
  let banks: string[];
  let today: string;
  let serial = 900000;

  const newContract = (contractDate?: string, customer = customerId) => core.newContract({ by: cashier, customer, contractDate });
  const rowsOf = (contractId: string) => core.rowsOf(contractId);
  const cheque = (body: Record<string, unknown>, customer = customerId) => {
    serial += 1;
    return cashier.request({ method: 'POST', url: '/api/cheques', payload: { number: String(serial), bank: banks[serial % banks.length], drawer: 'كريم عادل', customer, ...body } });
  };
  const act = (who: Agent, id: string, name: string, reason?: string) => who.request({ method: 'POST', url: `/api/cheques/${id}/actions/${name}`, payload: reason ? { reason } : {} });
  const read = async (who: Agent, url: string) => {
    const response = await who.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Record<string, unknown>;
  };
  const graceOf = async (projectId: string) =>
    (await db.query<{ days: number | null }>('select late_grace_days as days from reservation_setups where project_id = $1 and active', [projectId])).rows[0]?.days ?? 0;
  const historyOf = async (resource: string, id: string) =>
    (await db.query<{ action: string; reason: string | null }>('select action, reason from record_history where resource = $1 and record_id = $2 order by id', [resource, id])).rows;

  beforeAll(async () => {
    db = core.db;
    cashier = await core.login(cashierPrivileges);
    finance = await core.login(financePrivileges);
    customerId = await core.customer({ fullName: 'كريم عادل', nationalId: '29001017654345', phone: '+201012345745' });
    banks = (await db.query<{ id: string }>('select id::text as id from banks order by name')).rows.map((row) => row.id);
    today = (await db.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).rows[0]!.d;
  });

  it('a post-dated cheque covers its installment (not paid, not overdue); it is deposited early only with a reason; clearing pays it', async () => {
    const contract = await newContract();
    const first = (await rowsOf(contract.id))[0]!;
    const grace = await graceOf(contract.project);
    // Judged a few days after the due date and its grace days, with the cheque dated a month after that.
    const judged = addDays(first.due_date, grace + 5);
    const dated = addDays(judged > today ? judged : today, 30);
    const made = await cheque({ contract: contract.id, amount: first.amount, dueDate: dated });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    const number = String(serial);
    expect((await rowsOf(contract.id))[0]).toMatchObject({ paid: '0.00', covered: first.amount, status: 'covered', overdue: false, cheque_date: dated });
    expect(await read(cashier, `/api/contracts/${contract.id}`)).toMatchObject({ paid: '0.00', covered: first.amount, status: 'active' });
    // The due date and the grace days passed; the cheque's date has not: covered, not overdue.
    await runInstallmentOverdue(core.engine, judged);
    expect((await rowsOf(contract.id))[0]).toMatchObject({ status: 'covered', overdue: false });

    // Deposit before its date: refused, saying why, nothing written.
    const view = await read(cashier, `/api/cheques/${id}`);
    expect(view.depositEarly).toBe(true);
    expect(view.depositNote).toContain(`It is dated ${shown(dated)}`);
    expect(view.depositNote).toContain('the bank will not take it before then');
    const history = await historyOf('cheques', id);
    const refused = await act(cashier, id, 'deposit');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(`Cheque ${number} is dated ${shown(dated)}: the bank will not take it before then. To deposit it now, give the reason.`);
    expect(await historyOf('cheques', id)).toEqual(history);
    expect((await read(cashier, `/api/cheques/${id}`)).status).toBe('received');
    // With finance's reason: deposited, the reason kept in the history.
    const early = await act(cashier, id, 'deposit', 'The customer asked; the bank agreed to present it now');
    expect(early.statusCode, early.body).toBe(200);
    expect(await read(cashier, `/api/cheques/${id}`)).toMatchObject({ status: 'deposited', depositedOn: today });
    expect((await historyOf('cheques', id)).at(-1)).toEqual({ action: 'deposit', reason: 'The customer asked; the bank agreed to present it now' });
    expect((await rowsOf(contract.id))[0]).toMatchObject({ paid: '0.00', status: 'covered' });

    // Cleared: its money pays the installment.
    expect((await act(finance, id, 'clear')).statusCode).toBe(200);
    expect((await rowsOf(contract.id))[0]).toMatchObject({ paid: first.amount, covered: '0.00', status: 'paid', overdue: false, cheque_date: null });
    expect(await read(cashier, `/api/contracts/${contract.id}`)).toMatchObject({ paid: first.amount, covered: '0.00' });
    expect(await read(cashier, `/api/cheques/${id}`)).toMatchObject({ status: 'cleared', clearedOn: today });
    const items = await db.query<{ cleared: boolean }>("select i.cleared from receipt_items i join cheques c on c.receipt_id = i.receipt_id where c.id = $1 and i.kind = 'installment'", [id]);
    expect(items.rows.map((row) => row.cleared)).toEqual([true]);
  });

  it('a cheque whose date passed without clearing makes its installment overdue; its bounce reopens it, no longer covered', async () => {
    const contract = await newContract();
    const [first, second] = await rowsOf(contract.id);
    const grace = await graceOf(contract.project);
    // The down payment in cash; the next installment by a cheque dated its due date.
    expect((await core.receive(cashier, { customer: customerId, contract: contract.id, amount: first!.amount })).statusCode).toBe(201);
    const made = await cheque({ contract: contract.id, amount: second!.amount, dueDate: second!.due_date });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    expect((await rowsOf(contract.id))[1]).toMatchObject({ status: 'covered', covered: second!.amount, cheque_date: second!.due_date });
    // On the last day of grace it is not late yet; the day after, it is: overdue, and the history says why.
    await runInstallmentOverdue(core.engine, addDays(second!.due_date, grace));
    expect((await rowsOf(contract.id))[1]!.overdue).toBe(false);
    await runInstallmentOverdue(core.engine, addDays(second!.due_date, grace + 1));
    const late = (await rowsOf(contract.id))[1]!;
    expect(late).toMatchObject({ status: 'covered', overdue: true, paid: '0.00' });
    expect((await historyOf('installments', late.id)).at(-1)).toEqual({ action: 'overdue', reason: `Its cheque's date (${second!.due_date}) passed without it clearing` });
    expect((await rowsOf(contract.id))[0]).toMatchObject({ status: 'paid', overdue: false });

    // Deposited (with a reason while its date is still to come) and bounced: open again, nothing covers it.
    const reason = second!.due_date > today ? 'Presented on the customer’s word' : undefined;
    expect((await act(cashier, id, 'deposit', reason)).statusCode).toBe(200);
    expect((await act(finance, id, 'bounce', 'Insufficient funds')).statusCode).toBe(200);
    expect((await rowsOf(contract.id))[1]).toMatchObject({ status: 'open', paid: '0.00', covered: '0.00', cheque_date: null, overdue: true });
    expect(await read(cashier, `/api/contracts/${contract.id}`)).toMatchObject({ paid: first!.amount, covered: '0.00' });
  });

  it('a statement never shows a false credit: post-dated cheques for the whole price are listed as in hand and leave the balance owed', async () => {
    const buyer = await core.customer({ fullName: 'Yasmin Post-dated', nationalId: '29001017654353', phone: '+201012345753' });
    const contract = await newContract(addDays(today, -45), buyer);
    const rows = await rowsOf(contract.id);
    const dueNow = rows.filter((row) => row.due_date <= today);
    expect(dueNow.length).toBeGreaterThan(0);
    // The whole schedule in post-dated cheques, as taken at signing in Egypt: the first dated today, one in a year for the rest.
    const rest = sumMoney(rows.slice(1).map((row) => row.amount));
    const firstCheque = await cheque({ contract: contract.id, amount: rows[0]!.amount, dueDate: today }, buyer);
    expect(firstCheque.statusCode, firstCheque.body).toBe(201);
    const restCheque = await cheque({ contract: contract.id, amount: rest, dueDate: addDays(today, 365) }, buyer);
    expect(restCheque.statusCode, restCheque.body).toBe(201);
    expect((await rowsOf(contract.id)).every((row) => row.status === 'covered' && row.paid === '0.00')).toBe(true);

    const statement = (await read(finance, `/api/customers/${buyer}/statement`)) as unknown as CustomerStatement;
    const due = sumMoney(dueNow.map((row) => row.amount));
    expect(statement).toMatchObject({ charges: due, receipts: '0.00', balance: due, covered: contract.netPrice, remaining: contract.netPrice });
    const inHand = statement.lines.filter((line) => line.kind === 'cheque');
    expect(inHand.map((line) => [line.credit, line.covering])).toEqual([
      [null, rows[0]!.amount],
      [null, rest],
    ]);
    expect(statement.lines.every((line) => !line.balance.startsWith('-'))).toBe(true);

    // The first cheque clears: a credit dated the day it cleared; the rest is still in hand.
    expect((await act(cashier, firstCheque.json().data.id, 'deposit')).statusCode).toBe(200);
    expect((await act(finance, firstCheque.json().data.id, 'clear')).statusCode).toBe(200);
    const after = (await read(finance, `/api/customers/${buyer}/statement`)) as unknown as CustomerStatement;
    expect(after).toMatchObject({ receipts: rows[0]!.amount, covered: rest, balance: sumMoney([due, `-${rows[0]!.amount}`]) });
    expect(after.lines.filter((line) => line.kind === 'receipt').map((line) => [line.date, line.credit])).toEqual([[today, rows[0]!.amount]]);

    // Cash for a month that is not due yet is paid ahead of the schedule, not a balance in the customer's favour.
    const ahead = await core.customer({ fullName: 'Adel Ahead', nationalId: '29001017654361', phone: '+201012345761' });
    const early = await newContract(today, ahead);
    const earlyRows = await rowsOf(early.id);
    const extra = sumMoney([earlyRows[0]!.amount, earlyRows[1]!.amount]);
    expect((await core.receive(cashier, { customer: ahead, contract: early.id, amount: extra, receiptDate: today })).statusCode).toBe(201);
    const paidAhead = (await read(finance, `/api/customers/${ahead}/statement`)) as unknown as CustomerStatement;
    expect(paidAhead.balance).toBe(`-${earlyRows[1]!.amount}`);
    expect(Number(paidAhead.remaining)).toBeGreaterThan(0);

    if (!PDFTOTEXT) return;
    const dir = mkdtempSync(join(tmpdir(), 'cover-'));
    const text = async (customer: string, lang: 'ar' | 'en') => {
      const response = await finance.request({ method: 'GET', url: `/api/customers/${customer}/statement/print?lang=${lang}` });
      expect(response.statusCode).toBe(200);
      const file = join(dir, `${customer}-${lang}.pdf`);
      writeFileSync(file, response.rawPayload);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    const english = await text(buyer, 'en');
    expect(english).toContain('Cheque in hand');
    expect(english).toContain('Balance owed');
    expect(english).not.toContain('favour');
    expect(await text(ahead, 'en')).toContain('Paid ahead of the schedule');
    // The Arabic statement writes document numbers one way, left to right in Western digits, in every column.
    const arabic = await text(buyer, 'ar');
    expect(arabic).toContain('شيك تحت التحصيل');
    expect(arabic).not.toContain('رصيد دائن');
    const receipt = String((await read(finance, `/api/cheques/${firstCheque.json().data.id}`)).receipt);
    const receiptNumber = String((await read(finance, `/api/receipts/${receipt}`)).number);
    for (const code of [contract.number, receiptNumber]) {
      expect(arabic, code).toContain(code);
      expect(arabic, code).not.toContain(toEastern(code.slice(4)));
    }
    expect(arabic.split(contract.number).length - 1).toBeGreaterThanOrEqual(dueNow.length + 2);
  });

  it('the bounce charge is what the dialog says: the project’s collection settings, set at either address, with history', async () => {
    const contract = await newContract();
    const project = String(contract.project);
    const projectName = (await db.query<{ name: string }>('select name from projects where id = $1', [project])).rows[0]!.name;
    const set = await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${project}`, payload: { amount: '750.00' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ project, amount: '750.00' });
    const listed = await finance.request({ method: 'GET', url: `/api/collection-settings?filter[project]=${project}` });
    expect(listed.statusCode, listed.body).toBe(200);
    const settings = listed.json().data as { id: string; bounceCharge: string; remindDaysBefore: number; version: number }[];
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({ bounceCharge: '750.00' });
    expect(settings[0]!.remindDaysBefore).toBeGreaterThanOrEqual(0);
    expect((await historyOf('collection-settings', settings[0]!.id)).length).toBeGreaterThan(0);

    const lastWeek = addDays(today, -7);
    const first = (await cheque({ contract: contract.id, amount: '1000.00', dueDate: lastWeek })).json().data.id as string;
    expect((await read(finance, `/api/cheques/${first}`)).bounceChargeNote).toBe(`The bounce charge of ${projectName}, 750.00 EGP, is added to ${contract.number}.`);
    const rowsBefore = await rowsOf(contract.id);
    expect((await act(cashier, first, 'deposit')).statusCode).toBe(200);
    expect((await act(finance, first, 'bounce', 'Insufficient funds')).statusCode).toBe(200);
    const fees = (await rowsOf(contract.id)).filter((row) => row.kind === 'fee');
    expect(fees.map((row) => [row.amount, row.status])).toEqual([['750.00', 'open']]);
    expect((await rowsOf(contract.id)).length).toBe(rowsBefore.length + 1);
    const told = await db.query<{ body: string }>('select body from notifications where title like $1 order by seq desc limit 1', [`Cheque bounced: % ${String(serial)}`]);
    expect(told.rows[0]!.body).toContain('a bounce charge of 750.00 EGP added');

    // Cleared on the screen's resource (an engine write with its version): the dialog says none, and none is added.
    expect((await cashier.request({ method: 'PATCH', url: `/api/collection-settings/${settings[0]!.id}`, payload: { bounceCharge: null, version: settings[0]!.version + 1 } })).statusCode).toBe(423);
    const current = await read(finance, `/api/collection-settings/${settings[0]!.id}`);
    const cleared = await finance.request({ method: 'PATCH', url: `/api/collection-settings/${settings[0]!.id}`, payload: { bounceCharge: null, version: current.version } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await read(finance, `/api/cheques/bounce-charges/${project}`)).amount).toBeNull();
    const second = (await cheque({ contract: contract.id, amount: '500.00', dueDate: lastWeek })).json().data.id as string;
    expect((await read(finance, `/api/cheques/${second}`)).bounceChargeNote).toBe(`${projectName} has no bounce charge: none is added.`);
    expect((await act(cashier, second, 'deposit')).statusCode).toBe(200);
    expect((await act(finance, second, 'bounce', 'Account closed')).statusCode).toBe(200);
    expect((await rowsOf(contract.id)).filter((row) => row.kind === 'fee')).toHaveLength(1);
    const noCharge = await db.query<{ body: string }>('select body from notifications where title like $1 order by seq desc limit 1', [`Cheque bounced: % ${String(serial)}`]);
    expect(noCharge.rows[0]!.body).toContain('no bounce charge');
    const actions = (await historyOf('collection-settings', settings[0]!.id)).map((row) => row.action);
    expect(actions.length).toBeGreaterThanOrEqual(2);
  });

  it('brings a ledger from before in line: cheques in hand stop counting as paid, old bounce charges become collection settings (once)', async () => {
    const contract = await newContract();
    const first = (await rowsOf(contract.id))[0]!;
    const id = (await cheque({ contract: contract.id, amount: first.amount, dueDate: addDays(today, 90) })).json().data.id as string;
    const receipt = (await db.query<{ receipt_id: string }>('select receipt_id::text as receipt_id from cheques where id = $1', [id])).rows[0]!.receipt_id;
    // As a database written before covering holds it (a test's own SQL, standing for the old code's writes).
    await db.query('update receipt_items set cleared = true where receipt_id = $1', [receipt]);
    await db.query("update installments set paid = amount, covered = 0, cheque_date = null, status = 'paid' where id = $1", [first.id]);
    const bare = (
      await db.query<{ id: string }>('select p.id::text as id from projects p where not exists (select 1 from collection_settings s where s.project_id = p.id) order by p.name limit 1')
    ).rows[0];
    if (bare) await db.query('insert into cheque_bounce_charges (project_id, amount) values ($1, 125.50) on conflict (project_id) do nothing', [bare.id]);

    const run = await settleChequeCover(core.engine);
    expect(run.items).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(contract.id))[0]).toMatchObject({ paid: '0.00', covered: first.amount, status: 'covered' });
    expect((await historyOf('installments', first.id)).at(-1)!.action).toBe('settle');
    if (bare) {
      const made = await db.query<{ amount: string }>('select bounce_charge::text as amount from collection_settings where project_id = $1', [bare.id]);
      expect(made.rows.map((row) => row.amount)).toEqual(['125.50']);
    }
    expect(await settleChequeCover(core.engine)).toEqual({ items: 0, installments: 0, settings: 0 });
  });
});
