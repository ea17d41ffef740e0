import { qb, sql, type EngineContext } from '@propdesk/records/server';
import { ok, requirePrivilege, type Database } from '@propdesk/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boardProject, boardView, readBoardView, replayEvents, unitScope } from './board.server.js';
import { readDashboard } from './dashboard.server.js';
import { createBoardHub } from './hub.server.js';
import { chooseEncoding, createBoardSnapshots, matchesEtag } from './snapshot.server.js';
import { openBoardStream } from './stream.server.js';
import { boardDoc, salesDashboardDoc } from './docs.server.js';

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
  const snapshots = createBoardSnapshots({ db: engine.db as Database, log: app.log });
  // Open streams would hold app.close() forever.
  app.addHook('preClose', async () => hub.stop());
  app.addHook('onClose', async () => {
    await hub.stop();
    await snapshots.stop();
  });

  app.get(
    '/api/units/board',
    {
      schema: {
        tags,
        summary: "A project's units by block and floor, each with its status and live claim, and the counts by status (ETag: a reload with If-None-Match that changed nothing is a 304)",
        querystring: boardQuery,
        docs: { response: { 200: boardDoc } },
      },
      onRequest: requirePrivilege(units.entity, 'read'),
    },
    async (request, reply) => {
      const { project } = request.query as z.infer<typeof boardQuery>;
      // One snapshot per view: callers who may see the same fields and rows share it.
      const view = boardView(engine, request.auth ?? null);
      const snapshot = await snapshots.get(`${project}|${view.key}`, project, async () => Buffer.from(JSON.stringify(ok(await readBoardView(engine, view, project)))));
      // The browser keeps the board and asks with If-None-Match each time (no-cache): a reload that changed nothing is a
      // 304 without a body, and the server still checks the session and the caller's view on every call. Sign-out clears it.
      reply.header('etag', snapshot.etag).header('vary', 'accept-encoding').header('cache-control', 'private, no-cache');
      if (matchesEtag(request.headers['if-none-match'], snapshot.etag)) return reply.code(304).send();
      reply.header('content-type', 'application/json; charset=utf-8');
      // The snapshot's own compressed bytes (a Content-Encoding set here is left alone by the app's compression).
      const encoding = chooseEncoding(request.headers['accept-encoding'], snapshot.body.length);
      if (encoding === 'identity') return reply.send(snapshot.body);
      return reply.header('content-encoding', encoding).send(await snapshot.encoded(encoding));
    },
  );

  app.get(
    '/api/units/stream',
    {
      schema: {
        tags,
        summary: "Event stream of a project's unit status changes (text/event-stream; id = event id; replay from Last-Event-ID or ?lastEventId; `event: reset` asks for the board again)",
        querystring: streamQuery,
        docs: { files: ['text/event-stream'] },
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
      schema: { tags: ['Sales dashboard'], summary: 'Inventory by project and status, holds, EOIs per launch, reservations waiting and confirmed, and sales velocity; each part as the caller may read it', querystring: z.strictObject({}), docs: { response: { 200: salesDashboardDoc } } },
      onRequest: requirePrivilege(units.entity, 'read'),
    },
    async (request) => ok(await readDashboard(engine, request.auth ?? null)),
  );

  return hub;
}
