import { qb, sql, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { ok, requirePrivilege, type Database } from '@propdesk/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boardProject, readBoard, replayEvents, unitScope } from './board.server.js';
import { readDashboard } from './dashboard.server.js';
import { createBoardHub, UNIT_BOARD_CHANNEL } from './hub.server.js';
import { openBoardStream } from './stream.server.js';

/**
 * The units' second hook (after `unitStatusHooks`, which writes the event row): a status change
 * NOTIFYs the board hubs inside the writing transaction, so PostgreSQL delivers it only when that
 * transaction commits; a rolled-back change publishes nothing. One NOTIFY per transaction (equal
 * payloads are folded), and the hubs read the events table, not the payload.
 */
export const unitBoardHooks: ResourceHooks = {
  afterUpdate: async (tx, _id, _extra, changes) => {
    if (changes.before.status === changes.after.status) return;
    await tx.query(`select pg_notify('${UNIT_BOARD_CHANNEL}', '')`);
  },
  // A batch of the engine's (a bulk publish): one NOTIFY announces every unit's event row.
  afterUpdateMany: async (tx, rows) => {
    if (!rows.some((row) => row.changes.before.status !== row.changes.after.status)) return;
    await tx.query(`select pg_notify('${UNIT_BOARD_CHANNEL}', '')`);
  },
};

const boardQuery = z.strictObject({ project: z.uuid() });
const streamQuery = z.strictObject({ project: z.uuid(), lastEventId: z.string().regex(/^\d{1,18}$/).optional() });

export type BoardRouteOptions = {
  /** `: ping` interval and session check of every board stream; default 15 s. */
  heartbeatMs?: number;
  /** Catch-up fetch in case a NOTIFY was lost; default 5 s. */
  sweepMs?: number;
  /** Most events one reconnect replays before it is told to read the board again; default 2000. */
  replayLimit?: number;
};

/** `Last-Event-ID` header, else the `lastEventId` query parameter. */
function lastEventIdOf(request: FastifyRequest, query: string | undefined): number | null {
  const header = request.headers['last-event-id'];
  const raw = (typeof header === 'string' && header.trim() !== '' ? header : query)?.trim();
  return raw && /^\d{1,18}$/.test(raw) ? Number(raw) : null;
}

/**
 * `GET /api/units/board?project=`: a project's units by block and floor with their claims and the
 * counts by status. `GET /api/units/stream?project=`: the project's unit status changes as they
 * commit (`text/event-stream`, `id` = the event's id, replay after `Last-Event-ID` or `?lastEventId`).
 * Both ask unit read, and show only the units the engine's row scope lets the caller read.
 */
export function registerBoardRoutes(app: FastifyInstance, engine: EngineContext, options: BoardRouteOptions = {}) {
  const units = engine.registry.get('units');
  const tags = [units.label];
  const hub = createBoardHub({ db: engine.db as Database, heartbeatMs: options.heartbeatMs ?? 15_000, sweepMs: options.sweepMs ?? 5_000, log: app.log });
  const replayLimit = options.replayLimit ?? 2000;
  // Open streams would hold app.close() forever.
  app.addHook('preClose', async () => hub.stop());
  app.addHook('onClose', async () => hub.stop());

  app.get(
    '/api/units/board',
    { schema: { tags, summary: "A project's units by block and floor, each with its status and live claim, and the counts by status", querystring: boardQuery }, onRequest: requirePrivilege(units.entity, 'read') },
    async (request) => {
      const { project } = request.query as z.infer<typeof boardQuery>;
      return ok(await readBoard(engine, request.auth ?? null, project));
    },
  );

  app.get(
    '/api/units/stream',
    {
      schema: {
        tags,
        summary: "Event stream of a project's unit status changes (text/event-stream; id = event id; replay from Last-Event-ID or ?lastEventId; `event: reset` asks for the board again)",
        querystring: streamQuery,
      },
      onRequest: requirePrivilege(units.entity, 'read'),
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof streamQuery>;
      const auth = request.auth!;
      await boardProject(engine.db, query.project);
      const scope = unitScope(engine, auth);
      let visible: Set<string> | null = null;
      if (scope) {
        const compiled = sql`select t.id::text as id from units t where t.project_id = ${query.project}::uuid and ${scope}`.compile(qb);
        visible = new Set((await engine.db.query<{ id: string }>(compiled.sql, compiled.parameters)).rows.map((row) => row.id));
      }
      const after = lastEventIdOf(request, query.lastEventId);
      reply.hijack();
      await openBoardStream({
        hub,
        raw: reply.raw,
        projectId: query.project,
        sessionId: auth.sessionId,
        units: visible,
        after,
        replayLimit,
        replay: async (afterSeq, upToSeq, limit) =>
          (await replayEvents(engine.db, query.project, afterSeq, upToSeq, limit)).map((one) => one.event).filter((event) => !visible || visible.has(event.unitId)),
      }).catch((error: unknown) => request.log.warn({ err: error }, 'unit board stream failed'));
      return reply;
    },
  );

  app.get(
    '/api/sales/dashboard',
    {
      schema: { tags: ['Sales dashboard'], summary: 'Inventory by project and status, holds, EOIs per launch, reservations waiting and confirmed, and sales velocity; each part as the caller may read it', querystring: z.strictObject({}) },
      onRequest: requirePrivilege(units.entity, 'read'),
    },
    async (request) => ok(await readDashboard(engine, request.auth ?? null)),
  );

  return hub;
}
