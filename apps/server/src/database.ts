import { migrations as authMigrations } from '@propdesk/auth-session/server';
import { migrations as notificationMigrations } from '@propdesk/notifications-core/server';
import { jobMigrations, migrations as kitMigrations, outboxMigrations, openDatabase, runMigrations, type Database, type Migration } from '@propdesk/server-kit';
import { engineMigrations, resourceMigrations } from '@propdesk/records/server';
import type { AppConfig } from './config.js';
import { DOMAINS } from './domains.js';
import { appRegistry } from './resources.js';

/** The server's own table: small facts about this installation (e.g. that demo data was seeded). */
const serverMigrations: Migration[] = [
  {
    id: 'server/0001_app_state',
    up: `create table app_state (key text primary key, value jsonb not null default 'true'::jsonb, updated_at timestamptz not null default now())`,
  },
];

/** Every package's migrations, in dependency order. */
export async function allMigrations(): Promise<Migration[]> {
  return [
    ...kitMigrations,
    ...jobMigrations,
    ...outboxMigrations,
    ...authMigrations,
    ...serverMigrations,
    ...notificationMigrations,
    ...DOMAINS.flatMap((domain) => domain.migrations ?? []),
    ...engineMigrations,
    // Generated from the resource definitions: a changed definition migrates again (ddl.ts).
    ...resourceMigrations(appRegistry),
    // What refers to the resource tables (procurement's approvals, receipts and attachments; data rows).
    ...DOMAINS.flatMap((domain) => domain.lateMigrations ?? []),
  ];
}

export async function migrate(db: Database): Promise<string[]> {
  return runMigrations(db, await allMigrations());
}

/** Opens the configured database (PGlite in dataDir, or PostgreSQL) and migrates it. */
export async function openAppDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
