import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@propdesk/server-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin } from './cli.js';
import { DB_KINDS, seededDatabases } from './test/harness.js';

describe.each(DB_KINDS)('create-admin on %s', (kind) => {
  const databases = seededDatabases(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-cli-'));
  afterAll(async () => {
    await databases.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function environment(): Promise<NodeJS.ProcessEnv> {
    if (kind === 'pglite') return { PROPDESK_DATA_DIR: dataDir };
    await (await databases.open()).close();
    return { DATABASE_URL: databases.url() };
  }

  it('creates an administrator with every privilege, and resets it when run again', async () => {
    const env: NodeJS.ProcessEnv = { ...(await environment()), PROPDESK_ADMIN_PASSWORD: 'a-long-admin-password' };
    expect(await createAdmin(['create-admin', '--username', 'root', '--full-name', 'Root Admin'], env)).toBe('Created administrator root.');
    expect(await createAdmin(['create-admin', '--username=ROOT'], env)).toMatch(/^Updated ROOT/);
    const db = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir });
    try {
      const rows = await db.query<{ full_name: string; role: string; n: string | number }>(
        `select u.full_name, r.name as role, (select count(*) from role_privileges rp where rp.role_id = r.id) as n
           from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where lower(u.username) = 'root'`,
      );
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({ full_name: 'Root Admin', role: 'Administrator' });
      expect(Number(rows.rows[0]!.n)).toBeGreaterThan(100);
    } finally {
      await db.close();
    }
  });

  it('rejects short passwords and bad usage', async () => {
    const env = await environment();
    await expect(createAdmin(['create-admin', '--username', 'x'], { ...env, PROPDESK_ADMIN_PASSWORD: 'short' })).rejects.toThrow('at least 12');
    await expect(createAdmin(['create-admin'], { ...env, PROPDESK_ADMIN_PASSWORD: 'long-enough-password' })).rejects.toThrow('--username');
    await expect(createAdmin(['delete-everything'], env)).rejects.toThrow('Usage');
  });
});
