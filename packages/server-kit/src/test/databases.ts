import { openDatabase, type Database } from '../db.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];

/** Opens a fresh empty database; on PostgreSQL a new `propdesk_test_<random>` database, dropped by `cleanup`. */
export function databaseFactory(kind: DbKind) {
  const created: string[] = [];
  const open: Database[] = [];
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? '';
  // initdb costs seconds on PGlite: run it once per file and open copies of the dump.
  let template: Promise<Blob> | undefined;
  const pgliteTemplate = () =>
    (template ??= openDatabase({ dataDir: 'memory://' }).then(async (db) => {
      const blob = await db.dump!();
      await db.close();
      return blob;
    }));
  return {
    /** Pays PGlite's initdb up front (in a hook, with the hook's longer timeout). */
    async prepare() {
      if (kind === 'pglite') await pgliteTemplate();
    },
    async fresh(): Promise<Database> {
      if (kind === 'pglite') {
        const db = await openDatabase({ dataDir: 'memory://', snapshot: await pgliteTemplate() });
        open.push(db);
        return db;
      }
      const name = `propdesk_test_${Math.random().toString(36).slice(2, 10)}`;
      const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
      await admin.exec(`create database ${name}`);
      await admin.close();
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      open.push(db);
      return db;
    },
    /** A second connection pool to the newest PostgreSQL database (another "process"). */
    async another(): Promise<Database> {
      const url = new URL(adminUrl);
      url.pathname = `/${created.at(-1)}`;
      const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      open.push(db);
      return db;
    },
    async cleanup() {
      for (const db of open) await db.close().catch(() => undefined);
      if (created.length === 0) return;
      const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
      for (const name of created) await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
