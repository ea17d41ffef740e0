import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@propdesk/server-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { sendNotification } from './cli.js';
import { DB_KINDS, seededDatabases } from './test/harness.js';
import { seededSnapshot } from './test/snapshot.js';

describe.each(DB_KINDS)('cli notify on %s', (kind) => {
  const databases = seededDatabases(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-cli-notify-'));
  afterAll(async () => {
    await databases.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function environment(): Promise<NodeJS.ProcessEnv> {
    if (kind === 'pglite') {
      // The run's seeded snapshot, unpacked into a data dir the command opens (seeding anew takes long).
      const db = await openDatabase({ dataDir, snapshot: seededSnapshot() });
      await db.close();
      return { PROPDESK_DATA_DIR: dataDir };
    }
    await (await databases.open()).close();
    return { DATABASE_URL: databases.url() };
  }

  it('stores a notification for a department or a user, and refuses bad usage', async () => {
    const env = await environment();
    expect(await sendNotification(['notify', '--department', 'Sales', '--title', 'Site visit at 10', '--link', '/sales/leads'], env)).toMatch(
      /^Sent notification \d+ to department Sales\.$/,
    );
    expect(await sendNotification(['notify', '--username=sales.agent', '--title=Hello'], env)).toMatch(/to user sales\.agent/);
    const db = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir });
    try {
      const rows = await db.query<{ title: string; link: string | null; target: string }>(
        `select n.title, n.link, coalesce(d.name, u.username) as target from notifications n
           left join departments d on d.id = n.department_id left join users u on u.id = n.user_id
          where n.title in ('Site visit at 10', 'Hello') order by n.seq`,
      );
      expect(rows.rows).toEqual([
        { title: 'Site visit at 10', link: '/sales/leads', target: 'Sales' },
        { title: 'Hello', link: null, target: 'sales.agent' },
      ]);
    } finally {
      await db.close();
    }
    await expect(sendNotification(['notify', '--department', 'Nowhere', '--title', 'x'], env)).rejects.toThrow('No department Nowhere');
    await expect(sendNotification(['notify', '--title', 'x'], env)).rejects.toThrow('exactly one');
    await expect(sendNotification(['notify', '--department', 'Sales', '--title', ''], env)).rejects.toThrow('title');
    await expect(sendNotification(['notify', '--department', 'Sales', '--title', 'x', '--link', 'http://x'], env)).rejects.toThrow('link');
  });
});
