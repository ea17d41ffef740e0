import { createUser, ensureRole, hashPassword } from '@propdesk/auth-session/server';
import type { Privilege } from '@propdesk/privileges';
import { openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import type { AppConfig } from '../config.js';
import { DEMO_PASSWORD, TEST_ARGON2 } from './constants.js';
import { seededSnapshot } from './snapshot.js';

export { DEMO_PASSWORD, TEST_ARGON2 };

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: 'memory://',
    demo: false,
    demoPassword: DEMO_PASSWORD,
    webDir: undefined,
    accessTtlSeconds: 900,
    refreshTtlSeconds: 3600,
    secret: undefined,
    logLevel: 'silent',
    requestLogSample: 1,
    trustProxy: false,
    rateLimitPerMinute: 100_000,
    userRateLimitPerMinute: 100_000,
    argon2: TEST_ARGON2,
    shutdownTimeoutMs: 5000,
    jobs: 'all',
    ...overrides,
  };
}

/** A migrated, seeded database of this kind; PostgreSQL ones are dropped by `cleanup`. */
export function seededDatabases(kind: DbKind) {
  const created: string[] = [];
  const open: Database[] = [];
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? '';
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    async open(): Promise<Database> {
      let db: Database;
      if (kind === 'pglite') {
        const snapshot = seededSnapshot();
        db = await openDatabase({ dataDir: 'memory://', snapshot });
      } else {
        const name = `propdesk_test_${Math.random().toString(36).slice(2, 10)}`;
        const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
        await admin.exec(`create database ${name} template ${inject('postgresTemplate')}`);
        await admin.close();
        created.push(name);
        db = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
      }
      open.push(db);
      return db;
    },
    /** The URL of the newest PostgreSQL test database. */
    url: () => urlOf(created.at(-1) ?? ''),
    async cleanup() {
      for (const db of open) await db.close().catch(() => undefined);
      if (created.length === 0) return;
      const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
      for (const name of created) await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** The app on this database; its job runner does not tick by itself unless a test asks (`jobs.tickMs`), so timed work never runs in the middle of another test's assertions. */
export async function testApp(db: Database, config: Partial<AppConfig> = {}, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  return buildApp(testConfig(config), { database: db, closeDatabase: false, jobs: { tickMs: 0 }, ...options });
}

let counter = 0;
/** A unique name, so tests sharing one database do not meet. */
export const unique = (prefix: string) => `${prefix}.${process.pid}.${Date.now().toString(36)}.${++counter}`;
/** A unique client address (login throttling counts per address). */
export const uniqueIp = () => `10.${(counter >> 8) & 255}.${++counter & 255}.${Math.floor(Math.random() * 250) + 1}`;

/** A user of a fresh role with exactly these privileges. */
export async function createTestUser(db: Database, privileges: Privilege[], password = DEMO_PASSWORD): Promise<{ id: string; username: string; password: string }> {
  const username = unique('user');
  const roleIds = privileges.length > 0 ? [await ensureRole(db, unique('role'), 'test', privileges)] : [];
  const id = await createUser(db, { username, fullName: 'Test User', passwordHash: await hashPassword(password, TEST_ARGON2), roleIds });
  return { id, username, password };
}

type Cookie = { value: string; path: string };

/** A browser-like client for `app.inject`: keeps cookies (by path) and sends the CSRF header. */
export function createAgent(app: FastifyInstance, remoteAddress = uniqueIp()) {
  const jar = new Map<string, Cookie>();
  const agent = {
    jar,
    remoteAddress,
    cookie: (name: string) => jar.get(name)?.value,
    async request(options: InjectOptions & { csrf?: boolean | string }): Promise<LightMyRequestResponse> {
      const url = String(options.url ?? '/');
      const method = String(options.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
      const cookies = [...jar].filter(([, cookie]) => url.startsWith(cookie.path)).map(([name, cookie]) => `${name}=${cookie.value}`);
      if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
      const unsafe = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
      if (typeof options.csrf === 'string') headers['x-csrf-token'] = options.csrf;
      else if (unsafe && options.csrf !== false && jar.has('XSRF-TOKEN')) headers['x-csrf-token'] = jar.get('XSRF-TOKEN')!.value;
      const { csrf: _csrf, ...rest } = options;
      const response = await app.inject({ remoteAddress, ...rest, method: method as InjectOptions['method'], url, headers });
      for (const cookie of response.cookies as { name: string; value: string; path?: string; maxAge?: number; expires?: Date }[]) {
        if (cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.value === '') jar.delete(cookie.name);
        else jar.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
      }
      return response;
    },
    async csrf() {
      return agent.request({ method: 'GET', url: '/api/users/csrf-cookie' });
    },
    async login(username: string, password = DEMO_PASSWORD) {
      if (!jar.has('XSRF-TOKEN')) await agent.csrf();
      return agent.request({ method: 'POST', url: '/api/users/login', payload: { username, password } });
    },
  };
  return agent;
}
