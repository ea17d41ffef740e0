import { qb, sql, type EngineContext, type RawBuilder } from '@propdesk/records/server';
import { notFound, type Queryable, type RequestAuth } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import type { Board, BoardClaim, BoardEvent, BoardPlan, BoardStatus, BoardUnit } from './model.js';

/** The units a caller may read, as a condition on the units row `t` (the engine's row scope, if any). */
export function unitScope(engine: EngineContext, auth: RequestAuth | null): RawBuilder<unknown> | null {
  return engine.rowScope ? engine.rowScope(engine.registry.get('units'), auth) : null;
}

async function runSql<T>(db: Queryable, query: RawBuilder<unknown>): Promise<T[]> {
  const compiled = query.compile(qb);
  return (await db.query<T>(compiled.sql, compiled.parameters)).rows;
}

/** The live claim of the unit row `u`, as JSON (null when none), with its holder's name. */
const CLAIM_JSON = `(select json_build_object(
      'kind', c.kind, 'holderId', c.holder_id::text, 'holder', coalesce(nullif(h.full_name, ''), h.username),
      'expiresAt', to_char(c.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'documentResource', c.document_resource, 'documentId', c.document_id::text)
    from unit_claims c left join users h on h.id = c.holder_id
   where c.unit_id = u.id and c.released_at is null)`;

type ClaimJson = BoardClaim | string | null;
const parseClaim = (value: ClaimJson): BoardClaim | null => (typeof value === 'string' ? (JSON.parse(value) as BoardClaim) : value);

type UnitRow = Omit<BoardUnit, 'claim' | 'floor'> & {
  floor: number | string;
  claim_kind: BoardClaim['kind'] | null;
  claim_holder_id: string | null;
  claim_holder: string | null;
  claim_expires_at: Date | string | null;
  claim_resource: string | null;
  claim_document_id: string | null;
};

/** The highest event id stored: a board read now has every event up to it applied. */
export async function lastEventId(db: Queryable): Promise<number> {
  const rows = await db.query<{ seq: string | null }>('select max(id)::text as seq from unit_status_events');
  return Number(rows.rows[0]?.seq ?? 0);
}

/** A project's id, code, name and currency; 404 when there is none. */
export async function boardProject(db: Queryable, projectId: string) {
  const rows = await db.query<Board['project']>('select id::text as id, code, name, currency from projects where id = $1', [projectId]);
  const project = rows.rows[0];
  if (!project) throw notFound(salesText('noProject'));
  return project;
}

/** The unit fields the board shows. */
const BOARD_FIELDS = ['code', 'block', 'floor', 'status', 'unitType', 'bedrooms', 'bathrooms', 'areaM2', 'gardenM2', 'view', 'basePrice'] as const;

/**
 * What a caller may see of a board: the protected unit fields they may not read, and the engine's row
 * scope on units. Callers with equal keys see equal boards, so one snapshot serves them all (`key`:
 * the hidden fields and the scope's SQL with its parameters; no role is named).
 */
export type BoardView = { prices: boolean; hidden: readonly string[]; scope: RawBuilder<unknown> | null; key: string };

export function boardView(engine: EngineContext, auth: RequestAuth | null): BoardView {
  const def = engine.registry.get('units');
  const hidden = auth ? BOARD_FIELDS.filter((name) => def.fields[name]?.protected === true && !auth.checker.canField(def.entity, name, 'read')) : [];
  const scope = unitScope(engine, auth);
  const compiled = scope?.compile(qb);
  const key = `hidden=${hidden.join(',')}|scope=${compiled ? `${compiled.sql}|${JSON.stringify(compiled.parameters)}` : ''}`;
  return { prices: !hidden.includes('basePrice'), hidden, scope, key };
}

/**
 * The board of one project: every active unit the caller may read with its live claim, by block
 * and floor, the counts by status (per block and overall), the status colours and the plans.
 */
export async function readBoard(engine: EngineContext, auth: RequestAuth | null, projectId: string): Promise<Board> {
  return readBoardView(engine, boardView(engine, auth), projectId);
}

/** `readBoard` for a view (`boardView`): what every caller of that view is shown. */
export async function readBoardView(engine: EngineContext, view: BoardView, projectId: string): Promise<Board> {
  const db = engine.db;
  const project = await boardProject(db, projectId);
  // The position first: an event committed between this and the units read is sent again, never lost.
  const position = await lastEventId(db);
  const { prices, scope } = view;
  const rows = await runSql<UnitRow>(
    db,
    sql`select u.id::text as id, u.code, u.block, u.floor, u.status, u.unit_type_id::text as "unitTypeId", ut.name as "unitType",
               u.bedrooms, u.bathrooms, u.area_m2::text as "areaM2", u.garden_m2::text as "gardenM2", u.view,
               ${prices ? sql`u.base_price::text` : sql`null::text`} as "basePrice",
               c.kind as claim_kind, c.holder_id::text as claim_holder_id, coalesce(nullif(h.full_name, ''), h.username) as claim_holder,
               c.expires_at as claim_expires_at, c.document_resource as claim_resource, c.document_id::text as claim_document_id
          from units u left join unit_types ut on ut.id = u.unit_type_id
          -- One join for every unit's live claim (the partial unique index keeps it to one row a unit).
          left join unit_claims c on c.unit_id = u.id and c.released_at is null
          left join users h on h.id = c.holder_id
         where u.project_id = ${projectId}::uuid and u.active
           ${scope ? sql`and u.id in (select t.id from units t where ${scope})` : sql``}
         order by u.block, u.floor desc, u.code`,
  );
  const statuses = (
    await db.query<BoardStatus>('select name, label, color, sort_order as "sortOrder" from unit_statuses order by sort_order, name')
  ).rows;
  const plans = (
    await db.query<BoardPlan>(
      `select id::text as id, name, down_payment_pct::text as "downPaymentPct", years, frequency, delivery_pct::text as "deliveryPct",
              maintenance_pct::text as "maintenancePct", discount_pct::text as "discountPct"
         from payment_plans where active and (project_id = $1 or project_id is null) order by name`,
      [projectId],
    )
  ).rows;
  const units: BoardUnit[] = rows.map(({ claim_kind, claim_holder_id, claim_holder, claim_expires_at, claim_resource, claim_document_id, ...row }) => ({
    ...row,
    floor: Number(row.floor),
    claim:
      claim_kind && claim_resource && claim_document_id
        ? { kind: claim_kind, holderId: claim_holder_id, holder: claim_holder, expiresAt: claim_expires_at ? new Date(claim_expires_at).toISOString() : null, documentResource: claim_resource, documentId: claim_document_id }
        : null,
  }));
  const counts: Record<string, number> = {};
  const byBlock = new Map<string, { floors: Set<number>; counts: Record<string, number> }>();
  for (const unit of units) {
    counts[unit.status] = (counts[unit.status] ?? 0) + 1;
    let block = byBlock.get(unit.block);
    if (!block) byBlock.set(unit.block, (block = { floors: new Set(), counts: {} }));
    block.floors.add(unit.floor);
    block.counts[unit.status] = (block.counts[unit.status] ?? 0) + 1;
  }
  const blocks = [...byBlock].map(([block, { floors, counts: blockCounts }]) => ({ block, floors: [...floors].sort((a, b) => b - a), counts: blockCounts }));
  return { project, statuses, blocks, counts, units, plans, prices, lastEventId: position };
}

type EventRow = {
  seq: string;
  unit_id: string;
  project_id: string;
  code: string;
  block: string;
  floor: number | string;
  from_status: string | null;
  to_status: string;
  at: Date | string;
  action: string | null;
  actor_name: string | null;
  status: string;
  claim: ClaimJson;
};

/** A stored event and the project of its unit (the hub routes by project). */
export type ProjectEvent = { projectId: string; event: BoardEvent };

export const toBoardEvent = (row: EventRow): ProjectEvent => ({
  projectId: row.project_id,
  event: {
    seq: Number(row.seq),
    unitId: row.unit_id,
    code: row.code,
    block: row.block,
    floor: Number(row.floor),
    from: row.from_status,
    to: row.to_status,
    at: new Date(row.at).toISOString(),
    action: row.action,
    actorName: row.actor_name,
    status: row.status,
    claim: parseClaim(row.claim),
  },
});

/** The columns of an event as the stream sends it (`e` the event, `u` its unit). */
export const EVENT_COLUMNS = `e.id::text as seq, e.unit_id::text as unit_id, u.project_id::text as project_id, u.code, u.block, u.floor,
  e.from_status, e.to_status, e.at, e.action, coalesce(nullif(a.full_name, ''), a.username) as actor_name, u.status, ${CLAIM_JSON} as claim`;
export const EVENT_FROM = 'unit_status_events e join units u on u.id = e.unit_id left join users a on a.id = e.actor_id';

/** The events of a project's units after `afterSeq` up to `upToSeq`, oldest first, at most `limit` + 1 (to tell a cut). */
export async function replayEvents(db: Queryable, projectId: string, afterSeq: number, upToSeq: number, limit: number): Promise<ProjectEvent[]> {
  const rows = await db.query<EventRow>(
    `select ${EVENT_COLUMNS} from ${EVENT_FROM}
      where u.project_id = $1 and e.id > $2::bigint and e.id <= $3::bigint order by e.id limit ${limit + 1}`,
    [projectId, afterSeq, upToSeq],
  );
  return rows.rows.map(toBoardEvent);
}

export type { EventRow };
