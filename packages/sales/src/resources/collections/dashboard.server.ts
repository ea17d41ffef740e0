import { qb, sql, type EngineContext, type RawBuilder } from '@propdesk/records/server';
import type { Migration, Queryable, RequestAuth } from '@propdesk/server-kit';
import type { CollectionsDashboard } from './model.js';
import { RESERVATION_FACTS } from '../reservations/facts.server.js';
import { RECEIVED_CHEQUE_STATE } from '../cheques/definition.js';
import { CHEQUE_FACTS } from '../cheques/facts.server.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { UNSETTLED_INSTALLMENT_STATES } from '../installments/definition.js';
import { INSTALLMENT_BALANCE_FACTS } from '../installments/facts.server.js';

/** The day, week and month of collections are the cashiers' (Cairo), as the sales dashboard's. */
const ZONE = 'Africa/Cairo';
const MONTHS_AHEAD = 12;

/**
 * The rows the dashboard reads: only what is still owed or covered (`open`, `partly_paid`, `covered`;
 * superseded and cancelled rows never count), with amount, paid, covered and the cheque date in the
 * index so the sums read it alone.
 */
export const collectionMigrations: Migration[] = [
  {
    id: 'sales/0320_installments_owed',
    up: `create index installments_owed on installments (due_date, contract_id) include (amount, paid) where status in ('open', 'partly_paid');`,
  },
  {
    id: 'sales/0321_installments_owed_covered',
    up: `
      drop index if exists installments_owed;
      create index installments_owed on installments (due_date, contract_id) include (amount, paid, covered, cheque_date) where status in ('open', 'partly_paid', 'covered');
    `,
  },
];

/** What of a row is past due on `day`: its uncovered rest once due, and what a cheque covers once that cheque is late. */
const lateSql = (day: RawBuilder<unknown>) =>
  sql`(case when n.due_date < ${day} then (n.amount - n.paid - n.covered) else 0 end
       + case when n.covered > 0 and greatest(n.cheque_date, n.due_date) < ${day} then n.covered else 0 end)`;

/**
 * The owners' relations and states as SQL. The states are written into the statement as literals (from
 * the owner's definition, not copied): the rows' partial index (`installments_owed`) names them, and a
 * planner only uses it where the statement's own text implies its predicate (a bound parameter does not,
 * in a generic plan).
 */
export const installmentRows = sql.raw(INSTALLMENT_BALANCE_FACTS);
export const contractRows = sql.raw(CONTRACT_FACTS);
export const statesIn = (states: readonly string[]) => sql.join(states.map((state) => sql.lit(state)));
export const unsettled = (alias: string) => sql`${sql.ref(`${alias}.status`)} in (${statesIn(UNSETTLED_INSTALLMENT_STATES)})`;

export async function rowsOf<T>(db: Queryable, query: RawBuilder<unknown>): Promise<T[]> {
  const compiled = query.compile(qb);
  return (await db.query<T>(compiled.sql, compiled.parameters)).rows;
}

/** `and <alias>.id in (the rows the caller may read)`, or nothing when the row scope limits nothing. */
export function scoped(engine: EngineContext, auth: RequestAuth | null, resource: string, alias: string): RawBuilder<unknown> {
  const def = engine.registry.find(resource);
  const scope = def && engine.rowScope ? engine.rowScope(def, auth) : null;
  return scope && def ? sql`and ${sql.ref(`${alias}.id`)} in (select t.id from ${sql.table(def.table)} t where ${scope})` : sql``;
}

async function hasTable(db: Queryable, table: string): Promise<boolean> {
  const rows = await db.query<{ found: string | null }>('select to_regclass($1)::text as found', [`public.${table}`]);
  return rows.rows[0]?.found != null;
}

/**
 * The collections dashboard: what is owed this week and month, past due by age per project and
 * agent (the reservation's), the cash expected by month, and cheques to deposit this week. Owed =
 * amount − paid − covered of the current rows (neither paid nor covered by a cheque in hand), so a
 * partly paid row counts once, for its rest; what cheques in hand cover is given apart, and counts as
 * past due once its cheque's date (or the due date, if later) has passed without it clearing. Rows as
 * the ledger's row scope allows.
 */
export async function readCollections(engine: EngineContext, auth: RequestAuth | null): Promise<CollectionsDashboard> {
  const db = engine.db;
  const today = sql`(now() at time zone ${ZONE})::date`;
  const owed = sql`(n.amount - n.paid - n.covered)`;
  const live = unsettled('n');
  const scope = scoped(engine, auth, 'installments', 'n');

  const bounds = (
    await rowsOf<{ today: string; weekFrom: string; weekTo: string; monthFrom: string; monthTo: string }>(
      db,
      sql`select to_char(d, 'YYYY-MM-DD') as today,
                 to_char(date_trunc('week', d), 'YYYY-MM-DD') as "weekFrom", to_char(date_trunc('week', d) + interval '6 days', 'YYYY-MM-DD') as "weekTo",
                 to_char(date_trunc('month', d), 'YYYY-MM-DD') as "monthFrom", to_char(date_trunc('month', d) + interval '1 month - 1 day', 'YYYY-MM-DD') as "monthTo"
            from (select ${today} as d) x`,
    )
  )[0]!;
  const weekFrom = sql`${bounds.weekFrom}::date`;
  const weekTo = sql`${bounds.weekTo}::date`;
  const monthFrom = sql`${bounds.monthFrom}::date`;
  const monthTo = sql`${bounds.monthTo}::date`;
  const day = sql`${bounds.today}::date`;

  // Each figure sums the rows per contract first, then joins the few contracts to their project and agent.
  const due = await rowsOf<CollectionsDashboard['due'][number]>(
    db,
    sql`select p.currency, sum(s.week_rows)::int as "weekRows", coalesce(sum(s.week), 0)::numeric(18,2)::text as week,
               coalesce(sum(s.week_covered), 0)::numeric(18,2)::text as "weekCovered",
               sum(s.month_rows)::int as "monthRows", coalesce(sum(s.month), 0)::numeric(18,2)::text as month,
               coalesce(sum(s.month_covered), 0)::numeric(18,2)::text as "monthCovered",
               sum(s.overdue_rows)::int as "overdueRows", coalesce(sum(s.overdue), 0)::numeric(18,2)::text as overdue
          from (select n.contract_id,
                       count(*) filter (where n.due_date between ${weekFrom} and ${weekTo} and ${owed} > 0) as week_rows,
                       sum(${owed}) filter (where n.due_date between ${weekFrom} and ${weekTo}) as week,
                       sum(n.covered) filter (where n.due_date between ${weekFrom} and ${weekTo}) as week_covered,
                       count(*) filter (where n.due_date between ${monthFrom} and ${monthTo} and ${owed} > 0) as month_rows,
                       sum(${owed}) filter (where n.due_date between ${monthFrom} and ${monthTo}) as month,
                       sum(n.covered) filter (where n.due_date between ${monthFrom} and ${monthTo}) as month_covered,
                       count(*) filter (where ${lateSql(day)} > 0) as overdue_rows,
                       sum(${lateSql(day)}) as overdue
                  from ${installmentRows} n
                 where ${live} and n.due_date <= greatest(${weekTo}, ${monthTo}) ${scope}
                 group by n.contract_id) s
          join ${contractRows} k on k.id = s.contract_id join projects p on p.id = k.project_id
         group by p.currency order by p.currency`,
  );

  // Days late: the uncovered rest from its due date, a late cheque's cover from its date (or the due date, if later).
  const aging = await rowsOf<CollectionsDashboard['aging'][number]>(
    db,
    sql`select p.id::text as "projectId", p.name as project, p.currency, a.id::text as "agentId", coalesce(nullif(a.full_name, ''), a.username) as agent,
               coalesce(sum(s.d0_30), 0)::numeric(18,2)::text as d0_30, coalesce(sum(s.d31_60), 0)::numeric(18,2)::text as d31_60,
               coalesce(sum(s.d61_90), 0)::numeric(18,2)::text as d61_90, coalesce(sum(s.d90), 0)::numeric(18,2)::text as d90,
               sum(s.total)::numeric(18,2)::text as total
          from (select l.contract_id,
                       sum(l.amount) filter (where l.days <= 30) as d0_30,
                       sum(l.amount) filter (where l.days between 31 and 60) as d31_60,
                       sum(l.amount) filter (where l.days between 61 and 90) as d61_90,
                       sum(l.amount) filter (where l.days > 90) as d90,
                       sum(l.amount) as total
                  from (select n.contract_id, ${owed} as amount, ${day} - n.due_date as days
                          from ${installmentRows} n where ${live} and n.due_date < ${day} and ${owed} > 0 ${scope}
                        union all
                        select n.contract_id, n.covered as amount, ${day} - greatest(n.cheque_date, n.due_date) as days
                          from ${installmentRows} n where ${live} and n.due_date < ${day} and n.covered > 0 and greatest(n.cheque_date, n.due_date) < ${day} ${scope}) l
                 group by l.contract_id) s
          join ${contractRows} k on k.id = s.contract_id join projects p on p.id = k.project_id
          left join ${sql.raw(RESERVATION_FACTS)} r on r.id = k.reservation_id left join users a on a.id = r.agent_id
         group by p.id, p.name, p.currency, a.id, a.full_name, a.username
         order by p.name, 5 nulls last`,
  );

  const expected = await rowsOf<CollectionsDashboard['expected'][number]>(
    db,
    sql`select p.currency, to_char(s.month, 'YYYY-MM') as month, sum(s.rows)::int as rows, sum(s.amount)::numeric(18,2)::text as amount,
               sum(s.covered)::numeric(18,2)::text as covered
          from (select n.contract_id, date_trunc('month', n.due_date) as month, count(*) as rows, sum(n.amount - n.paid) as amount, sum(n.covered) as covered
                  from ${installmentRows} n
                 where ${live} and n.due_date >= ${monthFrom}
                   and n.due_date < ${monthFrom} + interval '${sql.raw(String(MONTHS_AHEAD))} months' ${scope}
                 group by 1, 2) s
          join ${contractRows} k on k.id = s.contract_id join projects p on p.id = k.project_id
         group by p.currency, s.month order by 1, 2`,
  );

  // The cheque register came later than the ledger (and may not be in every database yet).
  let cheques: CollectionsDashboard['cheques'] = null;
  const chequeDef = engine.registry.find('cheques');
  if (chequeDef && (!auth || auth.checker.can(chequeDef.entity, 'read')) && (await hasTable(db, 'cheques'))) {
    cheques = await rowsOf<NonNullable<CollectionsDashboard['cheques']>[number]>(
      db,
      sql`select b.id::text as "bankId", b.name as bank, count(*)::int as rows, sum(c.amount)::numeric(18,2)::text as amount,
                 count(*) filter (where c.due_date < ${day})::int as "lateRows", coalesce(sum(c.amount) filter (where c.due_date < ${day}), 0)::numeric(18,2)::text as late
            from ${sql.raw(CHEQUE_FACTS)} c join banks b on b.id = c.bank_id
           where c.status = ${sql.lit(RECEIVED_CHEQUE_STATE)} and c.due_date <= ${weekTo} ${scoped(engine, auth, 'cheques', 'c')}
           group by b.id, b.name order by b.name`,
    );
  }

  return {
    cheques,
    asOf: new Date().toISOString(),
    today: bounds.today,
    week: { from: bounds.weekFrom, to: bounds.weekTo },
    month: { from: bounds.monthFrom, to: bounds.monthTo },
    due,
    aging,
    expected,
  };
}
