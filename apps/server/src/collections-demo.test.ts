import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, seededDatabases } from './test/harness.js';

/**
 * The collections demo (issue 18): contracts signed over the past year in the three projects, their
 * installments paid by receipts as they fell due (some late, some in part, one voided), post-dated
 * cheques into next year, and customers overdue in every age band the collections dashboard shows.
 */
describe.each(DB_KINDS)('collections demo on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;

  beforeAll(async () => {
    db = await databases.open();
  });

  afterAll(async () => {
    await databases.cleanup();
  });

  it('has contracts in each project signed over the past year, each with its ledger and receipts', async () => {
    const rows = await db.query<{ project: string; number: string; notes: string; age: number; installments: number; receipts: number }>(
      `select p.name as project, c.number, c.notes, current_date - c.contract_date as age,
              (select count(*)::int from installments i where i.contract_id = c.id) as installments,
              (select count(*)::int from receipts r where r.contract_id = c.id and r.status = 'issued') as receipts
         from contracts c join projects p on p.id = c.project_id where c.notes like 'Demo contract%' order by c.number`,
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.rows.map((row) => row.project))).toEqual(new Set(['Palm Heights', 'Zayed Residences', 'North Coast Bay']));
    const ages = rows.rows.map((row) => row.age);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.max(...ages)).toBeLessThanOrEqual(365);
    expect(Math.min(...ages)).toBeLessThan(30);
    for (const row of rows.rows) expect(row.installments, row.number).toBeGreaterThan(0);
    // Every contract has paid something but a few sales through a broker, which still owe their whole
    // down payment (unpaid, or paid by a cheque that bounced: the commission demo's reversed and clawed back lines).
    const unpaid = rows.rows.filter((row) => row.receipts === 0);
    expect(unpaid.length).toBeLessThanOrEqual(4);
    for (const row of unpaid) expect(row.notes, row.number).toBe('Demo contract with a broker.');
  });

  it('pays installments from receipts of the ledger’s amounts: what each installment shows paid is what receipts allocated to it', async () => {
    const mismatched = await db.query<{ id: string }>(
      `select i.id::text as id from installments i join contracts c on c.id = i.contract_id
        where c.notes like 'Demo contract%' and i.paid <> coalesce((select sum(x.amount) from receipt_items x where x.installment_id = i.id and x.counts), 0)`,
    );
    expect(mismatched.rows).toEqual([]);
    // Receipts by transfer or cash pay installments exactly: nothing is left unallocated.
    const methods = await db.query<{ method: string; n: number; unallocated: number }>(
      `select r.method, count(*)::int as n, count(*) filter (where r.allocated <> r.amount)::int as unallocated
         from receipts r join contracts c on c.id = r.contract_id where c.notes like 'Demo contract%' and r.status = 'issued' group by r.method order by r.method`,
    );
    expect(methods.rows.map((row) => row.method)).toEqual(['bank_transfer', 'cash', 'cheque']);
    for (const row of methods.rows) expect(row.unallocated, row.method).toBe(0);
    // Some paid late, and at least one receipt keyed twice was voided with its reason.
    const late = await db.query<{ n: number }>(
      `select count(distinct r.id)::int as n from receipts r join receipt_items x on x.receipt_id = r.id join installments i on i.id = x.installment_id
        where r.status = 'issued' and r.method <> 'cheque' and r.receipt_date > i.due_date`,
    );
    expect(late.rows[0]!.n).toBeGreaterThan(0);
    const voided = await db.query<{ reason: string | null }>("select void_reason as reason from receipts where status = 'void' and method <> 'cheque'");
    expect(voided.rows.length).toBeGreaterThan(0);
    for (const row of voided.rows) expect(row.reason).toBeTruthy();
  });

  it('leaves customers overdue in every age band, flagged as the daily job would', async () => {
    const bands = await db.query<{ band: string; contracts: number }>(
      `select case when current_date - due_date <= 30 then '0-30' when current_date - due_date <= 60 then '31-60'
                   when current_date - due_date <= 90 then '61-90' else 'over 90' end as band, count(distinct contract_id)::int as contracts
         from installments where status in ('open', 'partly_paid') and due_date < current_date group by 1 order by 1`,
    );
    expect(bands.rows.map((row) => row.band)).toEqual(['0-30', '31-60', '61-90', 'over 90']);
    for (const row of bands.rows) expect(row.contracts, row.band).toBeGreaterThanOrEqual(2);
    const partly = await db.query<{ n: number }>("select count(*)::int as n from installments where status = 'partly_paid' and due_date < current_date");
    expect(partly.rows[0]!.n).toBeGreaterThan(0);
    const unflagged = await db.query<{ n: number }>("select count(*)::int as n from installments where status in ('open', 'partly_paid') and due_date < current_date and not overdue");
    expect(unflagged.rows[0]!.n).toBe(0);
  });

  it('holds post-dated cheques for future installments into next year, some due this week, each for what it pays', async () => {
    const received = await db.query<{ due: string; this_week: boolean; next_year: boolean; matches: boolean }>(
      `select to_char(ch.due_date, 'YYYY-MM-DD') as due,
              ch.due_date between date_trunc('week', current_date)::date and date_trunc('week', current_date)::date + 6 as this_week,
              extract(year from ch.due_date) > extract(year from current_date) as next_year,
              ch.amount = r.allocated as matches
         from cheques ch join receipts r on r.id = ch.receipt_id where ch.notes = 'Demo cheque.' and ch.status = 'received'`,
    );
    expect(received.rows.some((row) => row.this_week)).toBe(true);
    expect(received.rows.some((row) => row.next_year)).toBe(true);
    for (const row of received.rows) expect(row.matches, row.due).toBe(true);
    // A bounced cheque on Palm Heights carries the project's bounce charge.
    const charged = await db.query<{ amount: string }>(
      `select i.amount::text as amount from cheques ch join installments i on i.id = ch.bounce_fee_id join contracts c on c.id = ch.contract_id
         join projects p on p.id = c.project_id where ch.notes = 'Demo cheque.' and p.name = 'Palm Heights'`,
    );
    expect(charged.rows.length).toBeGreaterThan(0);
    for (const row of charged.rows) expect(row.amount).toBe('500.00');
  });
});
