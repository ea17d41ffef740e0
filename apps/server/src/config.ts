import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OWASP_ARGON2, type Argon2Params, type ThrottleOptions } from '@propdesk/auth-session/server';
import { z } from 'zod';
import type { BackupSettings } from './backup/job.js';

/** The server's settings, parsed from the environment by `loadConfig`. */
export type AppConfig = {
  port: number;
  host: string;
  /** PostgreSQL server; without it PGlite runs embedded in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Seed the demo departments, roles and users (once). */
  demo: boolean;
  demoPassword: string;
  /** The built SPA (`apps/web/dist`); `undefined` or a missing folder → the API still runs. */
  webDir: string | undefined;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  secret: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** One in this many quick, successful reads gets a request line (writes, errors and slow answers always do); 1: every request. */
  requestLogSample: number;
  trustProxy: boolean | number | string;
  /** /api calls a minute per client address, of the calls without a session (sign-in, CSRF cookie, restore-session); not the sign-in throttle. */
  rateLimitPerMinute: number;
  /** /api calls a minute per signed-in user, from whatever address. */
  userRateLimitPerMinute: number;
  /** Password hashing cost; OWASP parameters unless a test passes cheaper ones. */
  argon2: Argon2Params;
  throttle?: Partial<ThrottleOptions>;
  /** How long shutdown waits for in-flight requests. */
  shutdownTimeoutMs: number;
  /** The nightly backup (PROPDESK_BACKUP_DIR, _KEEP, _HOUR); unset: none. */
  backup?: BackupSettings | undefined;
  /**
   * PROPDESK_JOBS: `all` (default), the server runs every job itself; `off`, it runs none (it still
   * writes outbox rows) and a worker process (`cli.js worker`, PostgreSQL only) runs them all.
   */
  jobs: JobsMode;
};

/** Who runs the jobs in a server process (PROPDESK_JOBS). */
export const JOBS_MODES = ['all', 'off'] as const;
export type JobsMode = (typeof JOBS_MODES)[number];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The `dist` folder of the @propdesk/web workspace dependency, when it can be found. */
export function defaultWebDir(): string | undefined {
  try {
    return join(dirname(fileURLToPath(import.meta.resolve('@propdesk/web/package.json'))), 'dist');
  } catch {
    return undefined;
  }
}

/** Sized in docs/operations.md ("Rate limits"): an agent's busiest minute with headroom, and a sales floor signing in behind one address. */
export const DEFAULT_USER_LIMIT = 1200;
export const DEFAULT_ADDRESS_LIMIT = 3000;
/** docs/operations.md ("Logs"): one in ten quick, successful reads is logged; everything else is. */
export const DEFAULT_REQUEST_LOG_SAMPLE = 10;

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const integer = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

const envSchema = z.object({
  PORT: integer(0, 65_535, 3000),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PROPDESK_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  PROPDESK_DEMO: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  PROPDESK_DEMO_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).default('Propdesk#2026')),
  PROPDESK_WEB_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  PROPDESK_ACCESS_TTL_SECONDS: integer(30, 86_400, 900),
  PROPDESK_REFRESH_TTL_SECONDS: integer(60, 90 * 86_400, 7 * 86_400),
  PROPDESK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  PROPDESK_TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/, 'must be true, false, a hop count or a comma-separated list of addresses')
      .optional(),
  ),
  PROPDESK_REQUEST_LOG_SAMPLE: integer(1, 100_000, DEFAULT_REQUEST_LOG_SAMPLE),
  PROPDESK_RATE_LIMIT_PER_MINUTE: integer(10, 1_000_000, DEFAULT_ADDRESS_LIMIT),
  PROPDESK_USER_RATE_LIMIT_PER_MINUTE: integer(10, 1_000_000, DEFAULT_USER_LIMIT),
  PROPDESK_BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  PROPDESK_BACKUP_KEEP: integer(1, 1000, 7),
  PROPDESK_BACKUP_HOUR: integer(0, 23, 2),
  PROPDESK_JOBS: z.preprocess(
    emptyToUndefined,
    z.enum(JOBS_MODES, { error: 'must be all (this process runs the jobs) or off (a worker process runs them)' }).default('all'),
  ),
});

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Parses the environment; a bad value throws a ConfigError naming each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // No worker can run beside the embedded database (one process opens it): its jobs would never run.
  if (e.PROPDESK_JOBS === 'off' && e.DATABASE_URL === undefined)
    throw new ConfigError(
      'Invalid configuration:\n  PROPDESK_JOBS: off needs PostgreSQL (DATABASE_URL): the worker that would run the jobs cannot open the embedded database beside the server',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(cwd, e.PROPDESK_DATA_DIR),
    demo: e.PROPDESK_DEMO === undefined ? e.DATABASE_URL === undefined : e.PROPDESK_DEMO === '1',
    demoPassword: e.PROPDESK_DEMO_PASSWORD,
    webDir: e.PROPDESK_WEB_DIR ? resolve(cwd, e.PROPDESK_WEB_DIR) : defaultWebDir(),
    accessTtlSeconds: e.PROPDESK_ACCESS_TTL_SECONDS,
    refreshTtlSeconds: e.PROPDESK_REFRESH_TTL_SECONDS,
    secret: e.PROPDESK_SECRET,
    logLevel: e.LOG_LEVEL,
    requestLogSample: e.PROPDESK_REQUEST_LOG_SAMPLE,
    trustProxy: parseTrustProxy(e.PROPDESK_TRUST_PROXY),
    rateLimitPerMinute: e.PROPDESK_RATE_LIMIT_PER_MINUTE,
    userRateLimitPerMinute: e.PROPDESK_USER_RATE_LIMIT_PER_MINUTE,
    argon2: OWASP_ARGON2,
    shutdownTimeoutMs: 10_000,
    backup: e.PROPDESK_BACKUP_DIR ? { dir: resolve(cwd, e.PROPDESK_BACKUP_DIR), keep: e.PROPDESK_BACKUP_KEEP, hour: e.PROPDESK_BACKUP_HOUR } : undefined,
    jobs: e.PROPDESK_JOBS,
  };
}
