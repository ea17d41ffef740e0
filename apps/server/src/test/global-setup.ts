import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@propdesk/server-kit';
import type { TestProject } from 'vitest/node';
import { migrate } from '../database.js';
import { seedDemoData } from '../seed.js';
import { DEMO_PASSWORD, TEST_ARGON2 } from './constants.js';
import { leanSnapshot } from './snapshot.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds once for the whole run: a PGlite dump every test file loads (initdb costs
 * seconds; `leanSnapshot` keeps it cheap to open), and with TEST_DATABASE_URL a template database
 * each file copies.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'propdesk-test-'));
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const template = adminUrl ? `propdesk_test_tpl_${Math.random().toString(36).slice(2, 10)}` : '';
  // Both at once: PGlite seeds on this process's CPU, PostgreSQL mostly on the server's.
  const [pglite, postgres] = await Promise.allSettled([
    (async () => {
      const db = await openDatabase({ dataDir: 'memory://' });
      await migrate(db);
      await seedDemoData(db, { password: DEMO_PASSWORD, argon2: TEST_ARGON2 });
      const snapshot = join(dir, 'seeded.tar');
      writeFileSync(snapshot, await leanSnapshot(db));
      await db.close();
      return snapshot;
    })(),
    (async () => {
      if (!adminUrl) return;
      const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
      await admin.exec(`create database ${template}`);
      const url = new URL(adminUrl);
      url.pathname = `/${template}`;
      const pg = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      await migrate(pg);
      await seedDemoData(pg, { password: DEMO_PASSWORD, argon2: TEST_ARGON2 });
      await pg.close();
      await admin.close();
    })(),
  ]);
  if (pglite.status === 'rejected' || postgres.status === 'rejected') {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate(adminUrl, template).catch(() => undefined);
    throw pglite.status === 'rejected' ? pglite.reason : (postgres as PromiseRejectedResult).reason;
  }
  project.provide('pgliteSnapshot', pglite.value);
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate(adminUrl, template);
  };
}

async function dropTemplate(adminUrl: string | undefined, template: string) {
  if (!adminUrl || !template) return;
  const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
  await admin.exec(`drop database if exists ${template} with (force)`);
  await admin.close();
}
