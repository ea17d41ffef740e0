import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Privilege } from '@propdesk/privileges';
import { sumMoney } from '@propdesk/sales/server';
import type { CollectionsDashboard, CustomerStatement } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createTestUser } from './test/harness.js';
import { PDFTOTEXT, grant, salesCore, toEastern, type Agent } from './test/sales-core.js';

const collector: Privilege[] = [
  ...grant('contract', ['read', 'create', 'update', 'approve']),
  ...grant('contractPayment', ['read']),
  ...grant('receipt', ['read', 'create', 'approve']),
  ...grant('reservation', ['read']),
  ...grant('unit', ['read']),
  ...grant('customer', ['read']),
  ...grant('cheque', ['read', 'create']),
];
/** Integer piastres, for sums the test makes itself (never floats). */
const piastres = (text: string) => BigInt(text.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'));
const money = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = (value < 0n ? -value : value).toString().padStart(3, '0');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
};
const cairoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type LedgerRow = { project_id: string; currency: string; agent_id: string | null; due_date: string; amount: string; paid: string; covered: string; cheque_date: string | null; status: string; contract_id: string };

/**
 * The collections dashboard and the statement of account (issue 18): its figures against sums the
 * test makes over the ledger itself, superseded rows never owed, a partial payment counted once for
 * its rest, the privileges, and the statement's running balance and its PDF in both languages.
 */
describe.each(DB_KINDS)('collections on %s', (kind) => {
  const core = salesCore(kind);
  let db: Database;
  let clerk: Agent;
  let customerId: string;
  let agentId: string;
  let monthlyPlan: string;
  const login = core.login;

  /** A contract of a confirmed reservation by `agentId`, dated `contractDate` (a past date makes rows past due). */
  const newContract = (contractDate: string) => core.newContract({ by: clerk, customer: customerId, agent: agentId, plan: monthlyPlan, submit: true, contractDate });

  const ledger = async () =>
    (
      await db.query<LedgerRow>(
        `select k.project_id::text as project_id, p.currency, r.agent_id::text as agent_id, to_char(n.due_date, 'YYYY-MM-DD') as due_date,
                n.amount::text as amount, n.paid::text as paid, n.covered::text as covered, to_char(n.cheque_date, 'YYYY-MM-DD') as cheque_date, n.status, n.contract_id::text as contract_id
           from installments n join contracts k on k.id = n.contract_id join projects p on p.id = k.project_id left join reservations r on r.id = k.reservation_id`,
      )
    ).rows;
  const dashboard = async (who: Agent = clerk) => {
    const response = await who.request({ method: 'GET', url: '/api/collections/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as CollectionsDashboard;
  };

  beforeAll(async () => {
    db = core.db;
    clerk = await login(collector);
    agentId = (await createTestUser(db, [])).id;
    customerId = await core.customer({ fullName: 'منى حسن إبراهيم', nationalId: '29001011239876', phone: '+201012345693' });
    monthlyPlan = (
      await db.query<{ id: string }>(
        `insert into payment_plans (name, down_payment_pct, years, frequency, delivery_pct, delivery_after_months, maintenance_pct, discount_pct)
         values ('Collections monthly', 10, 2, 'monthly', 0, 0, 0, 0) returning id::text as id`,
      )
    ).rows[0]!.id;
  });

  it('answers due this week and month and past due by age equal to sums over the ledger; superseded rows never; a partial payment once', async () => {
    const today = cairoToday();
    // Rows from seven months back to two years ahead: every age bucket gets some.
    const old = await newContract(addDays(today, -200));
    const recent = await newContract(addDays(today, -45));
    const reschedule = await newContract(addDays(today, -100));
    // A new version: the old rows (some past due and unpaid) are superseded, never owed again.
    const moved = await clerk.request({ method: 'POST', url: `/api/contracts/${reschedule.id}/reschedule`, payload: { netPrice: reschedule.netPrice, startDate: addDays(today, -20), reason: 'Moved start' } });
    expect(moved.statusCode, moved.body).toBe(200);
    // A receipt that pays the down payment and part of the next row of `old`.
    const rowsOld = (await ledger()).filter((row) => row.contract_id === old.id).sort((a, b) => (a.due_date < b.due_date ? -1 : 1));
    const partial = money(piastres(rowsOld[0]!.amount) + piastres(rowsOld[1]!.amount) / 2n);
    const receipt = await clerk.request({ method: 'POST', url: '/api/receipts', payload: { customer: customerId, contract: old.id, receiptDate: today, method: 'cash', amount: partial } });
    expect(receipt.statusCode, receipt.body).toBe(201);

    const rows = await ledger();
    // Owed: neither paid nor covered by a cheque in hand; the demo's cheques in hand cover some rows wholly, some in part.
    const owedRows = rows.filter((row) => row.status === 'open' || row.status === 'partly_paid' || row.status === 'covered');
    expect(owedRows.some((row) => row.status === 'partly_paid' && row.contract_id === old.id)).toBe(true);
    expect(owedRows.some((row) => row.status === 'covered')).toBe(true);
    const superseded = rows.filter((row) => row.status === 'superseded' && row.contract_id === reschedule.id && row.due_date < today);
    expect(superseded.length).toBeGreaterThan(0);
    const owed = (row: LedgerRow) => piastres(row.amount) - piastres(row.paid) - piastres(row.covered);
    /** A row's past due parts: its uncovered rest from its due date, its cover from its cheque's date (or the due date, if later) once that passed. */
    const lateParts = (row: LedgerRow): { amount: bigint; since: string }[] => {
      const parts: { amount: bigint; since: string }[] = [];
      if (row.due_date < today && owed(row) > 0n) parts.push({ amount: owed(row), since: row.due_date });
      const chequeLate = row.cheque_date && row.cheque_date > row.due_date ? row.cheque_date : row.due_date;
      if (row.due_date < today && piastres(row.covered) > 0n && chequeLate < today) parts.push({ amount: piastres(row.covered), since: chequeLate });
      return parts;
    };
    const data = await dashboard();
    expect(data.today).toBe(today);

    // Due this week / this month / past due, per currency.
    for (const line of data.due) {
      const mine = owedRows.filter((row) => row.currency === line.currency);
      const between = (from: string, to: string) => mine.filter((row) => row.due_date >= from && row.due_date <= to);
      expect(line.week).toBe(money(between(data.week.from, data.week.to).reduce((sum, row) => sum + owed(row), 0n)));
      expect(line.weekRows).toBe(between(data.week.from, data.week.to).filter((row) => owed(row) > 0n).length);
      expect(line.weekCovered).toBe(money(between(data.week.from, data.week.to).reduce((sum, row) => sum + piastres(row.covered), 0n)));
      expect(line.month).toBe(money(between(data.month.from, data.month.to).reduce((sum, row) => sum + owed(row), 0n)));
      expect(line.monthCovered).toBe(money(between(data.month.from, data.month.to).reduce((sum, row) => sum + piastres(row.covered), 0n)));
      const late = mine.flatMap(lateParts);
      expect(line.overdue).toBe(money(late.reduce((sum, part) => sum + part.amount, 0n)));
      expect(line.overdueRows).toBe(mine.filter((row) => lateParts(row).length > 0).length);
    }
    expect(data.week.from <= today && today <= data.week.to).toBe(true);
    expect(days(data.week.from, data.week.to)).toBe(6);

    // Aging per project and agent, against the same sums by days late.
    const bucket = (since: string) => {
      const late = days(since, today);
      return late <= 30 ? 'd0_30' : late <= 60 ? 'd31_60' : late <= 90 ? 'd61_90' : 'd90';
    };
    const expected = new Map<string, Record<string, bigint>>();
    for (const row of owedRows) {
      for (const part of lateParts(row)) {
        const key = `${row.project_id}|${row.agent_id ?? ''}`;
        const entry = expected.get(key) ?? { d0_30: 0n, d31_60: 0n, d61_90: 0n, d90: 0n };
        entry[bucket(part.since)]! += part.amount;
        expected.set(key, entry);
      }
    }
    expect(data.aging.length).toBe(expected.size);
    for (const line of data.aging) {
      const entry = expected.get(`${line.projectId}|${line.agentId ?? ''}`)!;
      expect(entry, `${line.project} ${line.agent}`).toBeDefined();
      expect([line.d0_30, line.d31_60, line.d61_90, line.d90]).toEqual([money(entry.d0_30!), money(entry.d31_60!), money(entry.d61_90!), money(entry.d90!)]);
      expect(line.total).toBe(money(entry.d0_30! + entry.d31_60! + entry.d61_90! + entry.d90!));
    }
    // Our agent's past due on `old` and `recent` is every past row's amount less the one receipt: the
    // partly paid row counts once, for its rest; the superseded rows of `reschedule` not at all.
    const ours = data.aging.filter((line) => line.agentId === agentId);
    expect(ours.length).toBeGreaterThan(0);
    const pastRows = rows.filter((row) => row.agent_id === agentId && row.status !== 'superseded' && row.due_date < today);
    const pastTotal = pastRows.reduce((sum, row) => sum + piastres(row.amount), 0n) - piastres(partial);
    expect(sumMoney(ours.map((line) => line.total))).toBe(money(pastTotal));
    const withSuperseded = pastTotal + superseded.reduce((sum, row) => sum + owed(row), 0n);
    expect(withSuperseded).not.toBe(pastTotal);
    expect(data.aging.find((line) => line.agentId === agentId && piastres(line.d90) > 0n)).toBeDefined();
    expect(recent.project).toBeTruthy();

    // Expected cash by month: this month on, twelve months.
    for (const line of data.expected) {
      const mine = owedRows.filter((row) => row.currency === line.currency && row.due_date.slice(0, 7) === line.month);
      // Not yet paid (cleared), cheques in hand given apart.
      expect(line.amount).toBe(money(mine.reduce((sum, row) => sum + piastres(row.amount) - piastres(row.paid), 0n)));
      expect(line.covered).toBe(money(mine.reduce((sum, row) => sum + piastres(row.covered), 0n)));
    }
    expect(data.expected.length).toBeGreaterThanOrEqual(12);
  });

  it('lists received cheques due by the end of the week per bank, as the register sums them', async () => {
    const today = cairoToday();
    const banks = (await db.query<{ id: string }>('select id::text as id from banks order by name limit 2')).rows.map((row) => row.id);
    expect(banks.length).toBeGreaterThan(0);
    const before = await dashboard();
    expect(before.cheques).not.toBeNull();
    const dates = [addDays(today, -3), before.week.to, addDays(before.week.to, 1)];
    for (const [index, dueDate] of dates.entries()) {
      const response = await clerk.request({ method: 'POST', url: '/api/cheques', payload: { number: `C${Date.now()}${index}`, bank: banks[index % banks.length], dueDate, amount: `${index + 1}000.50`, drawer: 'منى حسن إبراهيم', customer: customerId } });
      expect(response.statusCode, response.body).toBe(201);
    }
    const data = await dashboard();
    const sums = await db.query<{ bank: string; rows: number; amount: string; late: string }>(
      `select bank_id::text as bank, count(*)::int as rows, sum(amount)::text as amount, coalesce(sum(amount) filter (where due_date < $1::date), 0)::text as late
         from cheques where status = 'received' and due_date <= $2::date group by bank_id`,
      [today, data.week.to],
    );
    expect(data.cheques!.length).toBe(sums.rows.length);
    for (const row of sums.rows) {
      const line = data.cheques!.find((one) => one.bankId === row.bank)!;
      expect([line.rows, line.amount, line.late]).toEqual([row.rows, money(piastres(row.amount)), money(piastres(row.late))]);
    }
    // The one due after this week is not on the list; the two others are.
    const total = (cheques: CollectionsDashboard['cheques']) => (cheques ?? []).reduce((sum, line) => sum + piastres(line.amount), 0n);
    expect(total(data.cheques) - total(before.cheques)).toBe(piastres('1000.50') + piastres('2000.50'));
    const noCheques = await login(collector.filter((privilege) => privilege.entityName !== 'cheque'));
    expect((await dashboard(noCheques)).cheques).toBeNull();
  });

  it('refuses the dashboard and the statement with 423 without the privilege', async () => {
    const noLedger = await login(collector.filter((privilege) => privilege.entityName !== 'contractPayment'));
    expect((await noLedger.request({ method: 'GET', url: '/api/collections/dashboard' })).statusCode).toBe(423);
    expect((await noLedger.request({ method: 'GET', url: `/api/customers/${customerId}/statement` })).statusCode).toBe(423);
    const noCustomer = await login(collector.filter((privilege) => privilege.entityName !== 'customer'));
    expect((await noCustomer.request({ method: 'GET', url: `/api/customers/${customerId}/statement/print?lang=en` })).statusCode).toBe(423);
    expect((await clerk.request({ method: 'GET', url: '/api/collections/dashboard?x=1' })).statusCode).toBe(400);
  });

  it("runs the statement's balance as charges due less issued receipts to the piastre, void receipts not counted", async () => {
    const today = cairoToday();
    const contract = await newContract(addDays(today, -70));
    const first = await clerk.request({ method: 'POST', url: '/api/receipts', payload: { customer: customerId, contract: contract.id, receiptDate: today, method: 'cash', amount: '12345.67' } });
    expect(first.statusCode, first.body).toBe(201);
    // A void receipt paid nothing: not a line, not in the balance.
    const voided = await clerk.request({ method: 'POST', url: '/api/receipts', payload: { customer: customerId, contract: contract.id, receiptDate: today, method: 'cash', amount: '999.99' } });
    expect(voided.statusCode, voided.body).toBe(201);
    const voidId = voided.json().data.id as string;
    expect((await clerk.request({ method: 'POST', url: `/api/receipts/${voidId}/actions/void`, payload: { reason: 'Wrong customer' } })).statusCode).toBe(200);
    const response = await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement` });
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json().data as CustomerStatement;
    expect(statement.asOf).toBe(today);
    const due = await db.query<{ total: string }>(
      "select coalesce(sum(amount), 0)::text as total from installments where customer_id = $1 and status not in ('superseded', 'cancelled') and due_date <= $2::date",
      [customerId, today],
    );
    // Paid: receipts by other methods than cheque; the cheques of the test before are still in hand (received), so they pay nothing yet.
    const paid = await db.query<{ total: string }>(
      "select coalesce(sum(amount), 0)::text as total from receipts where customer_id = $1 and status = 'issued' and receipt_date <= $2::date and method <> 'cheque'",
      [customerId, today],
    );
    const inHand = await db.query<{ total: string }>(
      "select coalesce(sum(c.amount), 0)::text as total from cheques c join receipts r on r.id = c.receipt_id where c.customer_id = $1 and c.status in ('received', 'deposited') and r.status = 'issued'",
      [customerId],
    );
    expect(piastres(inHand.rows[0]!.total)).toBeGreaterThan(0n);
    expect(statement.charges).toBe(money(piastres(due.rows[0]!.total)));
    expect(statement.receipts).toBe(money(piastres(paid.rows[0]!.total)));
    expect(statement.balance).toBe(money(piastres(due.rows[0]!.total) - piastres(paid.rows[0]!.total)));
    expect(statement.covered).toBe(money(piastres(inHand.rows[0]!.total)));
    // The running balance: each line's is the one before plus its charge, less its credit; a cheque in hand moves nothing.
    let running = 0n;
    for (const line of statement.lines) {
      running += line.charge ? piastres(line.charge) : line.credit ? -piastres(line.credit) : 0n;
      if (line.kind === 'cheque') expect([line.charge, line.credit, line.covering === null]).toEqual([null, null, false]);
      expect(line.balance).toBe(money(running));
    }
    expect(sumMoney(statement.lines.flatMap((line) => (line.covering ? [line.covering] : [])))).toBe(statement.covered);
    expect(statement.lines.at(-1)!.balance).toBe(statement.balance);
    expect(statement.lines.some((line) => line.kind === 'receipt' && line.credit === '12345.67')).toBe(true);
    expect(statement.lines.some((line) => line.credit === '999.99')).toBe(false);
    expect(piastres(statement.notYetDue)).toBeGreaterThan(0n);
    expect(statement.lines.every((line) => line.date <= today)).toBe(true);
    // Everything, far ahead: all current rows charged, nothing left not yet due.
    const later = (await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement?asOf=2099-12-31` })).json().data as CustomerStatement;
    expect(later.notYetDue).toBe('0.00');
    expect(sumMoney([statement.charges, statement.notYetDue])).toBe(later.charges);
    expect((await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement?asOf=tomorrow` })).statusCode).toBe(400);
    expect((await clerk.request({ method: 'GET', url: '/api/customers/00000000-0000-4000-8000-000000000000/statement' })).statusCode).toBe(404);
  });

  it.skipIf(!PDFTOTEXT)("prints the statement with the customer's name and the balance in Arabic and English", async () => {
    const statement = (await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement` })).json().data as CustomerStatement;
    const dir = mkdtempSync(join(tmpdir(), 'statement-'));
    const text = async (lang: 'ar' | 'en') => {
      const response = await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement/print?lang=${lang}` });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toContain('application/pdf');
      const file = join(dir, `${lang}.pdf`);
      writeFileSync(file, response.rawPayload);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    const [whole, fraction] = statement.balance.replace('-', '').split('.');
    const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const english = await text('en');
    expect(english).toContain('Statement of account');
    expect(english).toContain('منى حسن إبراهيم');
    expect(english).toContain(`EGP ${grouped}.${fraction}`);
    const arabic = await text('ar');
    expect(arabic).toContain('كشف حساب');
    expect(arabic).toContain('منى حسن إبراهيم');
    expect(arabic).toContain(`${toEastern(whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u066C'))}\u066B${toEastern(fraction!)}`);
    // Without `lang`: the customer's own language (issue 29), whichever it is.
    const plain = async () => {
      const response = await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement/print` });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const file = join(dir, 'plain.pdf');
      writeFileSync(file, response.rawPayload);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    await db.query(`update customers set language = 'ar' where id = $1`, [customerId]);
    expect(await plain()).toContain('كشف حساب');
    await db.query(`update customers set language = 'en' where id = $1`, [customerId]);
    expect(await plain()).toContain('Statement of account');
  });

  it("answers the statement's line texts in the caller's language", async () => {
    const english = (await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement` })).json().data as CustomerStatement;
    const arabic = (await clerk.request({ method: 'GET', url: `/api/customers/${customerId}/statement`, headers: { 'accept-language': 'ar' } })).json().data as CustomerStatement;
    expect(arabic.lines).toHaveLength(english.lines.length);
    expect(english.lines.length).toBeGreaterThan(0);
    expect(english.lines.map((line) => line.description).join(' ')).toMatch(/[A-Za-z]/);
    expect(arabic.lines.map((line) => line.description).join(' ')).toMatch(/[\u0600-\u06FF]/);
  });
});
