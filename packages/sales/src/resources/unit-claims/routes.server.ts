import { callerOf, getRecord, type EngineContext } from '@propdesk/records/server';
import { columnOf, labelFieldOf } from '@propdesk/records/model';
import { notFound, ok, requirePrivilege, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { availabilityDoc, unitStoryDoc } from './docs.server.js';

const idParams = z.object({ id: z.uuid() });
const availabilityQuery = z.object({
  project: z.uuid().optional(),
  date: z.iso.date(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

type EventRow = {
  id: string;
  at: Date | string;
  from_status: string | null;
  to_status: string;
  actor_id: string | null;
  actor_name: string | null;
  source: string | null;
  action: string | null;
  document_resource: string | null;
  document_id: string | null;
  reason: string | null;
};

/** The label of each document the events name (a hold's number), by resource. */
async function documentLabels(engine: EngineContext, db: Queryable, rows: readonly EventRow[]) {
  const labels = new Map<string, string>();
  const byResource = new Map<string, string[]>();
  for (const row of rows) if (row.document_resource && row.document_id) byResource.set(row.document_resource, [...(byResource.get(row.document_resource) ?? []), row.document_id]);
  for (const [resource, ids] of byResource) {
    const def = engine.registry.find(resource);
    if (!def) continue;
    const name = def.codeField ?? labelFieldOf(def);
    const column = columnOf(name, def.fields[name]);
    const found = await db.query<{ id: string; label: string | null }>(`select id::text as id, "${column}"::text as label from "${def.table}" where id = any($1::uuid[])`, [ids]);
    for (const row of found.rows) if (row.label) labels.set(`${resource}:${row.id}`, row.label);
  }
  return labels;
}

/**
 * `GET /api/units/{id}/story`: the unit's status events, newest first. `GET /api/units/availability`:
 * which units were available at the end of a day (UTC), computed from the events: a unit's status at
 * a moment is the `to` of its last event before it, else the `from` of its first event after it, else
 * its status now; units created after that moment are left out.
 */
export function registerUnitRoutes(app: FastifyInstance, engine: EngineContext) {
  const units = engine.registry.get('units');
  const tags = [units.label];

  app.get(
    '/api/units/:id/story',
    { schema: { tags, summary: "The unit's status changes, newest first: from, to, who, when, which document, why", params: idParams, docs: { response: { 200: unitStoryDoc } } }, onRequest: requirePrivilege(units.entity, 'read') },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      if (!(await getRecord(engine, engine.db, units, callerOf(request), id))) throw notFound(salesText('noUnit'));
      const rows = await engine.db.query<EventRow>(
        `select e.id::text as id, e.at, e.from_status, e.to_status, e.actor_id::text as actor_id, coalesce(nullif(u.full_name, ''), u.username) as actor_name,
                e.source, e.action, e.document_resource, e.document_id::text as document_id, e.reason
           from unit_status_events e left join users u on u.id = e.actor_id
          where e.unit_id = $1 order by e.at desc, e.id desc limit 500`,
        [id],
      );
      const labels = await documentLabels(engine, engine.db, rows.rows);
      return ok(
        rows.rows.map((row) => ({
          id: row.id,
          at: new Date(row.at).toISOString(),
          from: row.from_status,
          to: row.to_status,
          actorId: row.actor_id,
          actorName: row.actor_name,
          source: row.source,
          action: row.action,
          document: row.document_resource && row.document_id ? { resource: row.document_resource, id: row.document_id, label: labels.get(`${row.document_resource}:${row.document_id}`) ?? null } : null,
          reason: row.reason,
        })),
      );
    },
  );

  app.get(
    '/api/units/availability',
    {
      schema: { tags, summary: 'Units by status at the end of a day (UTC), from the status events; the available ones, paged', querystring: availabilityQuery, docs: { response: { 200: availabilityDoc } } },
      onRequest: requirePrivilege(units.entity, 'read'),
    },
    async (request) => {
      const query = request.query as z.infer<typeof availabilityQuery>;
      const params: unknown[] = [query.date];
      let projectFilter = '';
      if (query.project) {
        params.push(query.project);
        projectFilter = `and u.project_id = $${params.length}`;
      }
      const asOf = `with bound as (select ($1::date + 1)::timestamptz as t),
        states as (
          select u.id, u.code, u.block, u.floor,
                 coalesce(
                   (select e.to_status from unit_status_events e, bound where e.unit_id = u.id and e.at < bound.t order by e.at desc, e.id desc limit 1),
                   (select e.from_status from unit_status_events e, bound where e.unit_id = u.id and e.at >= bound.t order by e.at, e.id limit 1),
                   u.status) as status
            from units u, bound
           where u.active and u.created_on < bound.t ${projectFilter}
        )`;
      const counts = await engine.db.query<{ status: string; n: number }>(`${asOf} select status, count(*)::int as n from states group by status order by status`, params);
      const offset = (query.page - 1) * query.pageSize;
      const list = await engine.db.query<{ id: string; code: string; block: string; floor: number }>(
        `${asOf} select id::text as id, code, block, floor from states where status = 'available' order by block, floor, code, id limit ${query.pageSize} offset ${offset}`,
        params,
      );
      const byStatus = Object.fromEntries(counts.rows.map((row) => [row.status, row.n]));
      return {
        status: 'OK' as const,
        data: { date: query.date, asOf: new Date(`${query.date}T23:59:59.999Z`).toISOString(), counts: byStatus, units: list.rows },
        total: byStatus['available'] ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );
}
