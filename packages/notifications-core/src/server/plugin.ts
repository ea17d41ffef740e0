import {
  accessDenied,
  audit,
  notFound,
  requirePrivilege,
  requireSession,
  sendError,
  type Database,
  type RequestAuth,
} from '@propdesk/server-kit';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from './type-provider.js';
import { z } from 'zod';
import { announcementRequestSchema, announcementTargetsSchema, notificationListSchema, notificationSchema } from '../model/index.js';
import { createHub, type Hub } from './hub.js';
import { findVisible, listNotifications, notify, replayNotifications, type Viewer } from './store.js';
import { openStream } from './stream.js';

export type NotificationsPluginOptions = {
  db: Database;
  /** Interval of the `: ping` comment on every stream and of the session check; default 15 s. */
  heartbeatMs?: number;
  /** Catch-up fetch in case a NOTIFY was missed; default 5 s. */
  sweepMs?: number;
  /** Most rows a reconnecting stream replays (the newest ones after Last-Event-ID); default 500. */
  replayLimit?: number;
  /**
   * The records engine's "record changed" events, passed on to each user stream as `event: change`:
   * the channel they are published on, and which resources a stream's user may hear of.
   */
  changes?: { channel: string; readable?: (auth: RequestAuth) => (resource: string) => boolean };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const okSchema = z.object({ status: z.literal('OK'), message: z.string().optional() });
const streamQuerySchema = z.object({ lastEventId: z.string().optional() });

const viewerOf = (auth: RequestAuth): Viewer => ({ userId: auth.userId, departmentId: auth.departmentId });

/** `Last-Event-ID` header, else the `lastEventId` query parameter (a hand-made reconnect cannot set the header). */
function lastEventId(request: FastifyRequest, query: string | undefined): number | null {
  const header = request.headers['last-event-id'];
  const raw = (typeof header === 'string' && header.trim() !== '' ? header : query)?.trim();
  return raw && /^\d{1,18}$/.test(raw) ? Number(raw) : null;
}

/** The app as these routes see it: zod schemas type the bodies. */
type NotificationsApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

const plugin: FastifyPluginAsync<NotificationsPluginOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const hub = createHub({ db, heartbeatMs: options.heartbeatMs ?? 15_000, sweepMs: options.sweepMs ?? 5_000, log: app.log, changesChannel: options.changes?.channel });
  await hub.start();

  // Open streams would hold app.close() forever: end them before the server stops accepting.
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });

  registerListRoutes(app, db);
  registerStreamRoutes(app, db, hub, options);
  registerReadStateRoutes(app, db);
  registerAnnouncementRoutes(app, db);
};

/** The caller's and their department's lists. */
function registerListRoutes(app: NotificationsApp, db: Database): void {
  const own = { onRequest: [requireSession()] };

  app.get(
    '/api/notifications/user/:userId',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        summary: "The caller's own notifications, newest first (latest 200; another user's id is 423)",
        params: z.object({ userId: z.string() }),
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      if (request.params.userId !== auth.userId) return sendError(reply, accessDenied());
      return listNotifications(db, viewerOf(auth), 'user', request.language);
    },
  );

  app.get(
    '/api/notifications/department/:departmentId',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        summary: "The caller's department's notifications, newest first (latest 200; another department is 423)",
        params: z.object({ departmentId: z.string() }),
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      if (!auth.departmentId || request.params.departmentId !== auth.departmentId) return sendError(reply, accessDenied());
      return listNotifications(db, viewerOf(auth), 'department', request.language);
    },
  );
}

/** The event streams of the caller and of their department, with replay from Last-Event-ID. */
function registerStreamRoutes(app: NotificationsApp, db: Database, hub: Hub, options: NotificationsPluginOptions): void {
  const replayLimit = options.replayLimit ?? 500;
  const readableBy = options.changes?.readable;
  const own = { onRequest: [requireSession()] };

  async function stream(request: FastifyRequest, reply: FastifyReply, kind: 'user' | 'department', queryId: string | undefined) {
    const auth = request.auth!;
    const viewer = viewerOf(auth);
    const after = lastEventId(request, queryId);
    const language = request.language;
    reply.hijack();
    await openStream(
      {
        hub,
        raw: reply.raw,
        kind,
        userId: auth.userId,
        departmentId: kind === 'department' ? auth.departmentId : null,
        sessionId: auth.sessionId,
        language,
        after,
        readable: kind === 'user' && readableBy ? readableBy(auth) : null,
      },
      async (upToSeq) => (after === null || after >= upToSeq ? [] : replayNotifications(db, viewer, kind, { afterSeq: after, upToSeq }, replayLimit, language)),
    ).catch((error: unknown) => request.log.warn({ err: error }, 'notification stream failed'));
  }

  app.get(
    '/api/notifications/stream/:userId',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        summary: "Event stream of the caller's own notifications (text/event-stream; id = seq; replay from Last-Event-ID or ?lastEventId)",
        params: z.object({ userId: z.string() }),
        querystring: streamQuerySchema,
        docs: { files: ['text/event-stream'] },
      },
    },
    async (request, reply) => {
      if (request.params.userId !== request.auth!.userId) return sendError(reply, accessDenied());
      await stream(request, reply, 'user', request.query.lastEventId);
      return reply;
    },
  );

  app.get(
    '/api/notifications/stream/department/:departmentId',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        summary: "Event stream of the caller's department; each message is a `notification` event",
        params: z.object({ departmentId: z.string() }),
        querystring: streamQuerySchema,
        docs: { files: ['text/event-stream'] },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      if (!auth.departmentId || request.params.departmentId !== auth.departmentId) return sendError(reply, accessDenied());
      await stream(request, reply, 'department', request.query.lastEventId);
      return reply;
    },
  );
}

/** Read and hidden marks of one notification, and read-all. */
function registerReadStateRoutes(app: NotificationsApp, db: Database): void {
  const own = { onRequest: [requireSession()] };

  /** Per-user state of one notification the caller can see (read, hidden); 404 when they cannot see it. */
  const recordForViewer = async (auth: RequestAuth, id: string, table: 'notification_reads' | 'notification_hidden') => {
    const viewer = viewerOf(auth);
    if (!UUID.test(id)) throw notFound('Notification not found');
    await db.transaction(async (tx) => {
      if (!(await findVisible(tx, viewer, id))) throw notFound('Notification not found');
      await tx.query(`insert into ${table} (user_id, notification_id) values ($1, $2) on conflict do nothing`, [viewer.userId, id]);
    });
  };

  app.delete(
    '/api/notifications/:id',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        summary: 'Hides a notification for the caller (404 when it does not exist for the caller)',
        params: z.object({ id: z.string() }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await recordForViewer(request.auth!, request.params.id, 'notification_hidden');
      return { status: 'OK' as const, message: 'Notification deleted' };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        summary: "Marks every notification the caller can see as read (theirs and their department's)",
        response: { 200: okSchema },
      },
    },
    async (request) => {
      // One row per user: everything stored so far counts as read (see schema.ts).
      await db.query(
        `insert into notification_read_marks (user_id, up_to_seq)
         select $1, coalesce(max(seq), 0) from notifications
         on conflict (user_id) do update set up_to_seq = greatest(notification_read_marks.up_to_seq, excluded.up_to_seq), marked_on = now()`,
        [request.auth!.userId],
      );
      return { status: 'OK' as const, message: 'All notifications marked as read' };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      ...own,
      schema: {
        tags: ['notifications'],
        summary: 'Marks one notification as read for the caller',
        params: z.object({ id: z.string() }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await recordForViewer(request.auth!, request.params.id, 'notification_reads');
      return { status: 'OK' as const, message: 'Notification marked as read' };
    },
  );
}

/** Announcements (privilege notification:create): who they can go to, and sending one. */
function registerAnnouncementRoutes(app: NotificationsApp, db: Database): void {
  app.get(
    '/api/notifications/targets',
    {
      onRequest: [requirePrivilege('notification', 'create')],
      schema: {
        tags: ['notifications'],
        summary: 'Who an announcement can go to: departments and active users (privilege notification:create)',
        response: { 200: z.object({ status: z.literal('OK'), data: announcementTargetsSchema }) },
      },
    },
    async () => {
      const [departments, users] = await Promise.all([
        db.query<{ id: string; name: string }>('select id::text as id, name from departments order by lower(name)'),
        db.query<{ id: string; username: string; fullName: string | null; departmentId: string | null }>(
          `select id::text as id, username, full_name as "fullName", department_id::text as "departmentId"
             from users where active order by lower(username)`,
        ),
      ]);
      return { status: 'OK' as const, data: { departments: departments.rows, users: users.rows } };
    },
  );

  app.post(
    '/api/notifications',
    {
      onRequest: [requirePrivilege('notification', 'create')],
      schema: {
        tags: ['notifications'],
        summary: 'Sends an announcement to a user or a department (privilege notification:create)',
        body: announcementRequestSchema,
        response: { 201: z.object({ status: z.literal('OK'), data: notificationSchema }) },
      },
    },
    async (request, reply) => {
      const { title, body, link, category, target } = request.body;
      const auth = request.auth!;
      const notification = await db.transaction(async (tx) => {
        if ('userId' in target) {
          const found = UUID.test(target.userId) ? await tx.query('select 1 from users where id = $1 and active', [target.userId]) : { rows: [] };
          if (found.rows.length === 0) throw notFound('User not found');
        } else {
          const found = UUID.test(target.departmentId) ? await tx.query('select 1 from departments where id = $1', [target.departmentId]) : { rows: [] };
          if (found.rows.length === 0) throw notFound('Department not found');
        }
        const stored = await notify(tx, {
          ...('userId' in target ? { userId: target.userId } : { departmentId: target.departmentId }),
          title,
          body: body ?? null,
          link: link ?? null,
          category,
          createdBy: auth.userId,
        });
        await audit(tx, {
          actorId: auth.userId,
          action: 'notification.announce',
          entity: 'notification',
          entityId: stored.id,
          ip: request.ip,
          requestId: String(request.id),
          details: { target, category, title },
        });
        return stored;
      });
      return reply.code(201).send({ status: 'OK' as const, data: notification });
    },
  );
}

/**
 * The notification calls and event streams. Wrapped with fastify-plugin so its shutdown and
 * session hooks see the whole app. Needs the auth-session plugin (request.auth) registered first.
 */
export const notificationsPlugin = fp(plugin, {
  name: '@propdesk/notifications-core',
  fastify: '5.x',
  dependencies: ['@propdesk/auth-session'],
});
