import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { authSessionPlugin } from '@propdesk/auth-session/server';
import { RECORD_CHANGES_CHANNEL, notificationsPlugin, notify, publishRecordChanges } from '@propdesk/notifications-core/server';
import { registerWebLeadRepeats } from '@propdesk/sales/server';
import { DEFAULT_SECURITY, SECURITY_SCHEMES, documentComponents, foregroundEnded, foregroundStarted, documentRoute, errorBody, refuseUnstorableText, registerErrorHandler, type Database, type JobRunner, type RequestAuth } from '@propdesk/server-kit';
import { recordsPlugin, registerChangeHeader, type AuthChangeAnnouncer } from '@propdesk/records/server';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimDataDir, type AdminChannel } from './backup/channel.js';
import type { AppConfig } from './config.js';
import { openAppDatabase } from './database.js';
import { createAppJobRunner } from './jobs.js';
import { registerRateLimits } from './limits.js';
import { RequestLogController, lazyRequestLogger, loggerOptions } from './logging.js';
import { registerSecurityHeaders } from './security.js';
import { demoSeeded, seedDemoData } from './seed.js';
import { DOMAINS, createEngine } from './domains.js';
import { appRegistry } from './resources.js';
import { registerWeb } from './web.js';

export type { AppConfig } from './config.js';
export { loadConfig, ConfigError } from './config.js';
export { seedDemoData, demoSeeded } from './seed.js';
export { allMigrations, migrate, openAppDatabase } from './database.js';
export { appRegistry } from './resources.js';

export type BuildAppOptions = {
  /** Use this database (already migrated) instead of opening one; the caller then closes it. */
  database?: Database;
  /** Close `database` when the app closes (default: only when buildApp opened it). */
  closeDatabase?: boolean;
  /** Stream settings (tests shorten the heartbeat). */
  notifications?: { heartbeatMs?: number; sweepMs?: number };
  /** How often the lead validity job falls due (default 5 minutes); 0: the job runner does not tick (tests run jobs by hand). */
  leadExpiryIntervalMs?: number;
  /** The job runner: how often this process looks for due jobs (default 5 s; 0: never by itself). */
  jobs?: { tickMs?: number };
  /** Where the log goes (tests capture it); standard output by default. */
  logStream?: { write(line: string): void };
  /** Extra plugins registered after the domains (tests add failing or slow routes this way). */
  plugins?: FastifyPluginAsync[];
  /** The embedded database's admin socket, claimed by `startServer` (backup/channel.ts): it serves backups from now on. */
  adminChannel?: AdminChannel;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** This process's job runner; `null` with PROPDESK_JOBS=off (a worker process runs the jobs). */
    jobs: JobRunner | null;
  }
}

/** Answers smaller than this are sent uncompressed (decision 66, revised in issue 26). */
export const COMPRESS_FROM_BYTES = 4096;

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the whole server (API, docs, SPA hosting) and waits until it is ready. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = options.closeDatabase ?? !options.database;
  const db = options.database ?? (await openAppDatabase(config));
  try {
    if (config.demo) await seedDemoData(db, { password: config.demoPassword, argon2: config.argon2 });
  } catch (error) {
    if (ownsDatabase) await db.close();
    throw error;
  }

  const requestLog = new RequestLogController({ sample: config.requestLogSample });
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    logController: requestLog,
    childLoggerFactory: lazyRequestLogger,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A URL the router cannot decode (bad percent-encoding) still gets the error envelope.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(400).send(errorBody(error.message || 'Bad request'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requestLog.attach(app.log);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  acceptEmptyJsonBodies(app);
  refuseUnstorableText(app);
  // While closing, answer in-flight requests with `Connection: close`, so keep-alive sockets do
  // not hold the shutdown open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    requestLog.stop();
    if (ownsDatabase) await db.close();
  });
  // A write's answer names the records it changed (X-Record-Changes), so the writer's screens refresh at once.
  registerChangeHeader(app);
  // People's requests in flight: the outbox's sender gives way to them (server-kit's foreground.ts).
  // Callback hooks, not async ones: they run on every request and await nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    foregroundStarted(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    foregroundEnded(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    foregroundEnded(request);
    done();
  });

  try {
    await registerRateLimits(app, { perUserPerMinute: config.userRateLimitPerMinute, perAddressPerMinute: config.rateLimitPerMinute });
    // Answers are compressed (brotli, else gzip) when the client accepts it and they are over 4 KiB:
    // a list page of 25 leads is 28 KiB of JSON, 4 KiB on the wire. Smaller answers go as they are:
    // compressing the 1.2 KiB privileges answer cost more CPU than the rest of the call, to save
    // one TCP segment. The SSE streams write to the socket themselves and the built app's files are
    // precompressed, so neither is touched. Compressed request bodies stay refused (no
    // decompression: nothing to inflate on the way in).
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_FROM_BYTES, globalDecompression: false });
    await app.register(cookie);
    await app.register(swagger, {
      openapi: {
        info: { title: 'Propdesk API', version: '1.0.0', description: 'Envelopes and status codes: docs/api.md.' },
        // The session cookie (with the CSRF header on writes) or an API key; public calls say `security: []` (RouteDocs).
        components: { securitySchemes: SECURITY_SCHEMES },
        security: DEFAULT_SECURITY,
      },
      // Each route's documentation-only schemas (`schema.docs`, decision 150) join the document here.
      transform: documentRoute(jsonSchemaTransform),
      // Schemas with an id (a resource's record, create and update bodies) go to components.schemas once.
      transformObject: documentComponents(jsonSchemaTransformObject),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    app.get(
      '/api/health',
      { schema: { tags: ['system'], docs: { security: [] }, response: { 200: z.object({ status: z.literal('OK'), data: z.object({ database: z.literal('up') }) }) } } },
      async () => {
        await db.query('select 1');
        return { status: 'OK' as const, data: { database: 'up' as const } };
      },
    );
    app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { apiBaseUrl: '' };
    });

    await app.register(authSessionPlugin, {
      db,
      accessTtlSeconds: config.accessTtlSeconds,
      refreshTtlSeconds: config.refreshTtlSeconds,
      secret: config.secret,
      argon2: config.argon2,
      ...(config.throttle ? { throttle: config.throttle } : {}),
    });
    // Every user stream also carries the engine's "record changed" events, for the resources its user may read.
    await app.register(notificationsPlugin, { db, ...(options.notifications ?? {}), changes: { channel: RECORD_CHANGES_CHANNEL, readable: readableResources } });
    // The triggers NOTIFY every such change at commit; this process also drops its entries at once.
    const announce: AuthChangeAnnouncer = async (_tx, change) => {
      for (const id of change.userIds ?? []) app.sessionCache.invalidate(`u:${id}`);
      for (const id of change.roleIds ?? []) app.sessionCache.invalidate(`r:${id}`);
    };
    // One engine for every domain: their hooks, roll-ups, printers, routes and jobs (domains.ts).
    const { engine, context, printers } = createEngine(db, { notify, argon2: config.argon2, announceAuthChange: announce }, { publishChanges: publishRecordChanges });
    // Web leads posted with an API key that repeat a live lead (issue 27): a hook, so before the engine's routes.
    registerWebLeadRepeats(app, context);
    await app.register(recordsPlugin, { db, registry: appRegistry, engine, printers });
    for (const domain of DOMAINS) {
      if (domain.routes) await app.register(async (scope) => domain.routes!(scope, context));
    }
    // Backup and restore (issue 26): the admin socket of the embedded database.
    const channel = options.adminChannel;
    if (channel) {
      channel.serve(db, app.log);
      app.addHook('preClose', () => channel.close());
    }
    // Every job (jobs.ts), unless PROPDESK_JOBS=off leaves them to a worker process (worker.ts): then
    // this process only writes outbox rows, whose commits wake the worker through NOTIFY.
    const jobs =
      config.jobs === 'all'
        ? createAppJobRunner(db, context, config, {
            leadExpiryIntervalMs: options.leadExpiryIntervalMs,
            tickMs: options.jobs?.tickMs,
            onError: (error, job) => app.log.error({ err: error, job }, job ? 'scheduled job failed' : 'job runner could not reach the database'),
          })
        : null;
    app.decorate('jobs', jobs);
    if (jobs) {
      app.addHook('onReady', async () => jobs.start());
      app.addHook('preClose', async () => jobs.stop());
    }
    for (const plugin of options.plugins ?? []) await app.register(plugin);

    const spaFallback = await registerWeb(app, config.webDir);
    app.setNotFoundHandler(async (request, reply) => {
      if (!request.url.startsWith('/api/') && (await spaFallback(request, reply))) return reply;
      return reply.code(404).send(errorBody('Not found'));
    });

    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Builds the app and listens; `port: 0` picks a free port (the e2e suite does this). */
export async function startServer(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<{ app: FastifyInstance; url: string; demoSeeded: boolean }> {
  // The embedded database's folder is claimed before it is opened: a second process must not open it.
  const embedded = !options.database && !config.databaseUrl && !config.dataDir.startsWith('memory://');
  const adminChannel = embedded ? await claimDataDir(config.dataDir, 'server') : undefined;
  let app: FastifyInstance;
  let database: Database;
  try {
    database = options.database ?? (await openAppDatabase(config));
    app = await buildApp(config, { ...options, database, closeDatabase: options.closeDatabase ?? !options.database, ...(adminChannel ? { adminChannel } : {}) });
  } catch (error) {
    await adminChannel?.close();
    throw error;
  }
  const seeded = await demoSeeded(database);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { app, url: `http://localhost:${port}`, demoSeeded: seeded };
}

/** The resources whose changes a stream's user hears of: those they may read (open ones to anyone signed in). */
function readableResources(auth: RequestAuth): (resource: string) => boolean {
  const known = new Map<string, boolean>();
  return (resource) => {
    let readable = known.get(resource);
    if (readable === undefined) {
      const def = appRegistry.resources.find((candidate) => candidate.name === resource);
      readable = def ? def.readOpen === true || auth.checker.can(def.entity, 'read') : false;
      known.set(resource, readable);
    }
    return readable;
  };
}

/**
 * The spec's request helper sends `Content-Type: application/json` on every call without form
 * data, bodiless DELETEs and action POSTs included. Fastify's default parser refuses an empty
 * JSON body; this one reads it as no body and otherwise parses as before (with the default
 * parser's prototype-poisoning protection).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
