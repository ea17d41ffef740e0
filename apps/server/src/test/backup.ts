import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase, type Database } from '@propdesk/server-kit';
import { seededSnapshot } from './snapshot.js';

/** Each table's rows (as JSON, sorted) hashed, and the sequences: equal digests mean equal databases. */
export async function digest(db: Database, options: { skipRestoreAudit?: boolean } = {}): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.query(`set local timezone = 'UTC'`);
    const tables = await tx.query<{ name: string }>(`select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' order by 1`);
    const result: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const where = name === 'audit_log' && options.skipRestoreAudit ? `where t.action <> 'cli.restore'` : '';
      const found = await tx.query<{ d: string; n: string | number }>(
        `select md5(coalesce(string_agg(j, '|' order by j), '')) as d, count(*) as n from (select row_to_json(t)::text as j from "${name}" t ${where}) s`,
      );
      result[name] = `${String(found.rows[0]!.n)}:${found.rows[0]!.d}`;
    }
    const sequences = await tx.query<{ name: string }>(`select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'S' order by 1`);
    for (const { name } of sequences.rows) {
      const value = await tx.query<{ v: string }>(`select last_value::text || ':' || is_called::text as v from "${name}"`);
      result[`sequence ${name}`] = value.rows[0]!.v;
    }
    return result;
  });
}

/** How many tables a backup of this database holds: every ordinary table of the schema (the header's count). */
export async function tableCount(db: Database): Promise<number> {
  const found = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and not relispartition`,
  );
  return found.rows[0]!.n;
}

/** Files, sizes and times under a folder (a data directory nobody opened keeps all three). */
export function folderFingerprint(dir: string): string {
  if (!existsSync(dir)) return 'missing';
  const lines: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const info = statSync(full);
      if (info.isDirectory()) walk(full);
      else lines.push(`${full.slice(dir.length)} ${info.size} ${info.mtimeMs}`);
    }
  };
  walk(dir);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** The run's seeded database, unpacked into a data directory. */
export async function unpackSeeded(dir: string): Promise<void> {
  const db = await openDatabase({ dataDir: dir, snapshot: seededSnapshot() });
  await db.close();
}

/** Rewrites a backup's uncompressed lines (header first) and seals it again with a correct checksum. */
export function rewriteBackup(from: string, to: string, edit: (lines: string[]) => string[]): void {
  const lines = gunzipSync(readFileSync(from)).toString('utf8').split('\n');
  lines.pop();
  const body = edit(lines.slice(0, -1));
  const trailer = JSON.parse(lines.at(-1)!.slice(1)) as Record<string, unknown>;
  const text = body.map((line) => `${line}\n`).join('');
  trailer['sha256'] = createHash('sha256').update(text).digest('hex');
  writeFileSync(to, gzipSync(`${text}@${JSON.stringify(trailer)}\n`));
}

/**
 * What a database restored from a backup of one with `digest` reads: the same, but for what restore adds
 * (skipped by `digest(db, { skipRestoreAudit: true })`): its audit entry took the next audit id, and the
 * signing secret is never in a backup.
 */
export function restoredDigest(source: Record<string, string>): Record<string, string> {
  const [last, called] = (source['sequence audit_log_id_seq'] ?? '1:false').split(':');
  return {
    ...source,
    app_secrets: '0:d41d8cd98f00b204e9800998ecf8427e',
    'sequence audit_log_id_seq': `${called === 'true' ? Number(last) + 1 : Number(last)}:true`,
  };
}
