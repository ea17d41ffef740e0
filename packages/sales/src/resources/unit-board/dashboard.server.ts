import { qb, sql, type EngineContext, type RawBuilder } from '@propdesk/records/server';
import type { Queryable, RequestAuth } from '@propdesk/server-kit';
import type { SalesDashboard } from './model.js';
import { ACTIVE_HOLD_STATE, PENDING_HOLD_STATE } from '../hold-requests/definition.js';
import { HOLD_FACTS } from '../hold-requests/facts.server.js';
import { EOI_FACTS } from '../eois/facts.server.js';
import { EOI_SETUP_FACTS } from '../eoi-setups/facts.server.js';
import { SOLD_RESERVATION_STATES, WAITING_RESERVATION_STATES } from '../reservations/definition.js';
import { RESERVATION_FACTS } from '../reservations/facts.server.js';

/** The day, week and month of the dashboard are the project people's (Cairo). */
const ZONE = 'Africa/Cairo';
/** Weeks of velocity at most (the most recent). */
const MAX_WEEKS = 52;

async function rowsOf<T>(db: Queryable, query: RawBuilder<unknown>): Promise<T[]> {
  const compiled = query.compile(qb);
  return (await db.query<T>(compiled.sql, compiled.parameters)).rows;
}

/** `and <alias>.id in (the rows of the resource the caller may read)`, or nothing when the row scope limits nothing. */
function scoped(engine: EngineContext, auth: RequestAuth | null, resource: string, alias: string): RawBuilder<unknown> {
  const def = engine.registry.find(resource);
  const scope = def && engine.rowScope ? engine.rowScope(def, auth) : null;
  return scope && def ? sql`and ${sql.ref(`${alias}.id`)} in (select t.id from ${sql.table(def.table)} t where ${scope})` : sql``;
}

const can = (auth: RequestAuth | null, entity: string | undefined) => !auth || (entity !== undefined && auth.checker.can(entity, 'read'));

/** Whether a table of another part of the product is in this database (EOIs and reservations came later). */
async function hasTable(db: Queryable, table: string): Promise<boolean> {
  const rows = await db.query<{ found: string | null }>('select to_regclass($1)::text as found', [`public.${table}`]);
  return rows.rows[0]?.found != null;
}

/**
 * The sales dashboard's figures, each part only when the caller may read its records (and only the
 * rows the engine's row scope lets them read): inventory by project and status, holds, EOIs per
 * launch, reservations waiting and confirmed, and sales velocity per project by week.
 */
export async function readDashboard(engine: EngineContext, auth: RequestAuth | null): Promise<SalesDashboard> {
  const db = engine.db;
  const entity = (resource: string) => engine.registry.find(resource)?.entity;
  const prices = !auth || auth.checker.canField(entity('units') ?? 'unit', 'basePrice', 'read');

  const inventory = await rowsOf<{ projectId: string; project: string; currency: string; status: string; units: number; value: string | null }>(
    db,
    sql`select p.id::text as "projectId", p.name as project, p.currency, u.status, count(*)::int as units,
               ${prices ? sql`coalesce(sum(u.base_price), 0)::numeric(18,2)::text` : sql`null::text`} as value
          from units u join projects p on p.id = u.project_id
         where u.active ${scoped(engine, auth, 'units', 'u')}
         group by p.id, p.name, p.currency, u.status order by p.name, u.status`,
  );

  let holds: SalesDashboard['holds'] = null;
  if (can(auth, entity('hold-requests')) && (await hasTable(db, 'hold_requests'))) {
    const rows = await rowsOf<{ project: string; active: number; expiring: number; pending: number }>(
      db,
      sql`select p.name as project,
                 count(*) filter (where h.status = ${ACTIVE_HOLD_STATE})::int as active,
                 count(*) filter (where h.status = ${ACTIVE_HOLD_STATE} and (h.expires_at at time zone ${ZONE})::date = (now() at time zone ${ZONE})::date)::int as expiring,
                 count(*) filter (where h.status = ${PENDING_HOLD_STATE})::int as pending
            from ${sql.raw(HOLD_FACTS)} h join projects p on p.id = h.project_id
           where h.status in (${ACTIVE_HOLD_STATE}, ${PENDING_HOLD_STATE}) ${scoped(engine, auth, 'hold-requests', 'h')}
           group by p.name order by p.name`,
    );
    holds = {
      active: rows.reduce((sum, row) => sum + row.active, 0),
      expiringToday: rows.reduce((sum, row) => sum + row.expiring, 0),
      pending: rows.reduce((sum, row) => sum + row.pending, 0),
      byProject: rows.map((row) => ({ project: row.project, active: row.active, expiringToday: row.expiring })),
    };
  }

  let eois: SalesDashboard['eois'] = null;
  if (can(auth, entity('eois')) && (await hasTable(db, 'eois')) && (await hasTable(db, 'eoi_setups'))) {
    eois = await rowsOf(
      db,
      sql`select s.id::text as "launchId", s.name as launch, p.name as project, p.currency,
                 count(e.id)::int as eois,
                 count(e.id) filter (where e.paid_at is not null)::int as paid,
                 count(e.token)::int as tokens,
                 coalesce(sum(e.paid_amount - coalesce(e.refunded_amount, 0)), 0)::numeric(18,2)::text as collected
            from ${sql.raw(EOI_SETUP_FACTS)} s join projects p on p.id = s.project_id
            left join ${sql.raw(EOI_FACTS)} e on e.setup_id = s.id ${scoped(engine, auth, 'eois', 'e')}
           group by s.id, s.name, p.name, p.currency order by p.name, s.name`,
    );
  }

  let reservations: SalesDashboard['reservations'] = null;
  let velocity: SalesDashboard['velocity'] = null;
  if (can(auth, entity('reservations')) && (await hasTable(db, 'reservations'))) {
    const confirmedAt = sql`(coalesce(r.approved_at, r.modified_on) at time zone ${ZONE})`;
    const today = sql`(now() at time zone ${ZONE})`;
    // The reservations' facts and state groups are theirs (`reservations/facts.server.ts`, `definition.ts`).
    const facts = sql.raw(RESERVATION_FACTS);
    const waiting = sql`r.status = any(${[...WAITING_RESERVATION_STATES]}::text[])`;
    const sold = sql`r.status = any(${[...SOLD_RESERVATION_STATES]}::text[])`;
    reservations = await rowsOf(
      db,
      sql`select p.currency,
                 count(*) filter (where ${waiting})::int as waiting,
                 coalesce(sum(r.net_price) filter (where ${waiting}), 0)::numeric(18,2)::text as "waitingValue",
                 count(*) filter (where ${sold} and ${confirmedAt} >= date_trunc('week', ${today}))::int as week,
                 coalesce(sum(r.net_price) filter (where ${sold} and ${confirmedAt} >= date_trunc('week', ${today})), 0)::numeric(18,2)::text as "weekValue",
                 count(*) filter (where ${sold} and ${confirmedAt} >= date_trunc('month', ${today}))::int as month,
                 coalesce(sum(r.net_price) filter (where ${sold} and ${confirmedAt} >= date_trunc('month', ${today})), 0)::numeric(18,2)::text as "monthValue"
            from ${facts} r join projects p on p.id = r.project_id
           where (${waiting} or ${sold}) ${scoped(engine, auth, 'reservations', 'r')}
           group by p.currency order by p.currency`,
    );
    // Every week from the launch (or the last 52) with its count, empty weeks included.
    const weeks = await rowsOf<{ projectId: string; project: string; currency: string; launchDate: string | null; week: string; units: number; value: string }>(
      db,
      sql`with bounds as (
            select p.id, p.name, p.currency, p.launch_date,
                   greatest(date_trunc('week', coalesce(p.launch_date::timestamp, ${today})), date_trunc('week', ${today}) - interval '${sql.raw(String(MAX_WEEKS - 1))} weeks') as first_week
              from projects p where p.active and (p.launch_date is null or p.launch_date <= ${today}::date)
          ), sold as (
            select r.project_id, date_trunc('week', ${confirmedAt}) as week, count(*)::int as units, sum(r.net_price) as value
              from ${facts} r
             where ${sold} ${scoped(engine, auth, 'reservations', 'r')}
             group by 1, 2
          )
          select b.id::text as "projectId", b.name as project, b.currency, to_char(b.launch_date, 'YYYY-MM-DD') as "launchDate",
                 to_char(w.week, 'YYYY-MM-DD') as week, coalesce(s.units, 0)::int as units, coalesce(s.value, 0)::numeric(18,2)::text as value
            from bounds b
            cross join lateral generate_series(b.first_week, date_trunc('week', ${today}), interval '1 week') as w(week)
            left join sold s on s.project_id = b.id and s.week = w.week
           order by b.name, w.week`,
    );
    const byProject = new Map<string, NonNullable<SalesDashboard['velocity']>[number]>();
    for (const row of weeks) {
      let entry = byProject.get(row.projectId);
      if (!entry) byProject.set(row.projectId, (entry = { projectId: row.projectId, project: row.project, currency: row.currency, launchDate: row.launchDate, weeks: [] }));
      entry.weeks.push({ week: row.week, units: row.units, value: row.value });
    }
    velocity = [...byProject.values()];
  }

  const statuses = (await db.query<SalesDashboard['statuses'][number]>('select name, label, color, sort_order as "sortOrder" from unit_statuses order by sort_order, name')).rows;
  return { asOf: new Date().toISOString(), statuses, inventory, holds, eois, reservations, velocity };
}
