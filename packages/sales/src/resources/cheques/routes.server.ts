import { callerOf, type EngineContext } from '@propdesk/records/server';
import { ok, requirePrivilege } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cheques } from './definition.js';
import type { DepositBank, DepositCalendar } from './model.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { depositCalendarDoc } from './docs.server.js';

const calendarQuery = z.strictObject({ week: z.iso.date().optional() });

/**
 * Cheque calls beside the engine's: the deposit calendar (`GET /api/cheques/deposit-calendar?week=`:
 * received cheques due by the end of that week, Monday to Sunday, by bank, the late ones flagged)
 * (the bounce charge's address is the collection settings folder's).
 */
export function registerChequeRoutes(app: FastifyInstance, engine: EngineContext) {
  app.get('/api/cheques/deposit-calendar', { schema: { tags: [cheques.label], summary: 'Received cheques to deposit this week, by bank', querystring: calendarQuery, docs: { response: { 200: depositCalendarDoc } } }, onRequest: requirePrivilege(cheques.entity, 'read') }, async (request) => {
    callerOf(request);
    const { week } = request.query as z.infer<typeof calendarQuery>;
    const bounds = await engine.db.query<{ monday: string; sunday: string }>(
      `select to_char(d, 'YYYY-MM-DD') as monday, to_char(d + 6, 'YYYY-MM-DD') as sunday from (select date_trunc('week', coalesce($1::date, current_date))::date as d) w`,
      [week ?? null],
    );
    const { monday, sunday } = bounds.rows[0]!;
    const rows = await engine.db.query<{ id: string; number: string; due_date: string; amount: string; drawer: string; customer: string; bank_id: string | null; bank_name: string | null }>(
      `select c.id::text as id, c.number, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.amount::text as amount, c.drawer, coalesce(cu.full_name, '') as customer,
              c.bank_id::text as bank_id, b.name as bank_name
         from cheques c left join banks b on b.id = c.bank_id left join ${CUSTOMER_FACTS} cu on cu.id = c.customer_id
        where c.status = 'received' and c.active and c.due_date <= $1::date
        order by b.name nulls last, c.due_date, c.number`,
      [sunday],
    );
    const banks = new Map<string, DepositBank>();
    for (const row of rows.rows) {
      const key = row.bank_id ?? '';
      const entry = banks.get(key) ?? { bank: row.bank_id, bankName: row.bank_name ?? '—', count: 0, total: '0.00', cheques: [] };
      entry.cheques.push({ id: row.id, number: row.number, dueDate: row.due_date, amount: row.amount, drawer: row.drawer, customer: row.customer, late: row.due_date < monday });
      entry.count += 1;
      banks.set(key, entry);
    }
    // Totals in SQL's decimal arithmetic, never JS floats.
    const totals = await engine.db.query<{ bank_id: string | null; total: string }>(
      "select bank_id::text as bank_id, sum(amount)::numeric(15,2)::text as total from cheques where status = 'received' and active and due_date <= $1::date group by bank_id",
      [sunday],
    );
    for (const row of totals.rows) {
      const entry = banks.get(row.bank_id ?? '');
      if (entry) entry.total = row.total;
    }
    const answer: DepositCalendar = { from: monday, to: sunday, banks: [...banks.values()] };
    return ok(answer);
  });
}
