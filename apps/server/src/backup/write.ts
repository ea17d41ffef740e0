import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Database, Snapshot } from '@propdesk/server-kit';
import { BACKUP_FORMAT, BACKUP_MAGIC, BackupError, EXCLUDED_TABLES, MARKER, appVersion, quoteIdent, type BackupHeader, type BackupTable } from './format.js';

export type BackupSummary = { tables: number; rows: number; createdAt: string };

/** Past this much waiting in the gzip stream, reading waits for the disk (or the socket); below it reading never does. */
const BUFFER_LIMIT = 64 * 1024 * 1024;

/** Tables parents first (a table after those its foreign keys refer to), by name where the order is free. */
export function dependencyOrder(names: readonly string[], edges: readonly { child: string; parent: string }[]): string[] {
  const known = new Set(names);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent && known.has(child) && known.has(parent)) parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  let left = [...names].sort();
  while (left.length > 0) {
    const ready = left.filter((name) => [...parents.get(name)!].every((parent) => placed.has(parent)));
    // A cycle of references: the rest by name (restore adds the foreign keys after every row is in).
    const next = ready.length > 0 ? ready : left;
    for (const name of next) {
      ordered.push(name);
      placed.add(name);
    }
    left = left.filter((name) => !placed.has(name));
  }
  return ordered;
}

/** What the header says, read inside the snapshot. */
async function describe(snapshot: Snapshot, kind: Database['kind']): Promise<BackupHeader> {
  const found = await snapshot.query<{ present: boolean }>(`select to_regclass('schema_migrations') is not null as present`);
  if (!found.rows[0]?.present) throw new BackupError('This database holds no Propdesk data (it has no schema_migrations table).');
  const columns = await snapshot.query<{ table: string; name: string; type: string }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const edges = await snapshot.query<{ child: string; parent: string }>(
    `select src.relname as child, dst.relname as parent from pg_constraint k
       join pg_class src on src.oid = k.conrelid join pg_class dst on dst.oid = k.confrelid
      where k.contype = 'f' and src.relnamespace = current_schema()::regnamespace`,
  );
  const byTable = new Map<string, BackupTable['columns']>();
  for (const column of columns.rows) {
    const list = byTable.get(column.table) ?? [];
    list.push({ name: column.name, type: column.type });
    byTable.set(column.table, list);
  }
  const tables = dependencyOrder([...byTable.keys()], edges.rows).map((name) => ({ name, columns: byTable.get(name)!, excluded: EXCLUDED_TABLES.includes(name) }));
  const sequenceNames = await snapshot.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'S' order by relname`,
  );
  const sequences: BackupHeader['sequences'] = [];
  for (const { name } of sequenceNames.rows) {
    // A sequence is outside the snapshot: its value now is at least any the snapshot's rows used.
    const value = await snapshot.query<{ last_value: string; is_called: boolean }>(`select last_value::text as last_value, is_called from ${quoteIdent(name)}`);
    sequences.push({ name, lastValue: value.rows[0]!.last_value, isCalled: value.rows[0]!.is_called });
  }
  const migrations = await snapshot.query<{ id: string }>('select id from schema_migrations order by applied_at, id');
  const version = await snapshot.query<{ version: string }>("select current_setting('server_version') as version");
  return {
    magic: BACKUP_MAGIC,
    format: BACKUP_FORMAT,
    app: appVersion(),
    createdAt: new Date().toISOString(),
    source: { kind, version: version.rows[0]?.version ?? 'unknown' },
    migrations: migrations.rows.map((row) => row.id),
    tables,
    sequences,
  };
}

/**
 * Writes a backup of `db` to `out` (gzip'd; `out` is ended): every table read in one consistent snapshot
 * (`Database.snapshot`), so it holds exactly the writes committed before it began, while others go on
 * writing. Resolves once `out` has taken every byte; rejects (and `out` is destroyed) on any failure.
 */
export async function writeBackup(db: Database, out: Writable): Promise<BackupSummary> {
  const gzip = createGzip();
  const hash = createHash('sha256');
  const flowing = pipeline(gzip, out);
  let failure: unknown;
  flowing.catch((error: unknown) => {
    failure ??= error;
  });
  const push = async (lines: readonly string[]) => {
    if (failure) throw failure;
    const text = `${lines.join('\n')}\n`;
    hash.update(text);
    if (!gzip.write(text) && gzip.writableLength > BUFFER_LIMIT) await Promise.race([once(gzip, 'drain'), flowing]);
  };
  try {
    const summary = await db.snapshot(async (snapshot) => {
      const header = await describe(snapshot, db.kind);
      await push([JSON.stringify(header)]);
      let rows = 0;
      for (const table of header.tables) {
        await push([`${MARKER}${JSON.stringify({ table: table.name })}`]);
        let count = 0;
        if (!table.excluded) {
          // json (not jsonb) keeps its text as written: a line break there is whitespace, never inside a string.
          const hasJson = table.columns.some((column) => column.type === 'json' || column.type === 'json[]');
          const row = hasJson ? `translate(row_to_json(t)::text, E'\\n\\r', '  ')` : 'row_to_json(t)::text';
          count = await snapshot.lines(`select ${row} from ${quoteIdent(table.name)} t`, (lines) => push(lines));
        }
        rows += count;
        await push([`${MARKER}${JSON.stringify({ end: table.name, rows: count })}`]);
      }
      return { tables: header.tables.length, rows, createdAt: header.createdAt };
    });
    const trailer = { endOfBackup: true, tables: summary.tables, rows: summary.rows, sha256: hash.digest('hex') };
    gzip.end(`${MARKER}${JSON.stringify(trailer)}\n`);
    await flowing;
    return summary;
  } catch (error) {
    gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    await flowing.catch(() => undefined);
    throw failure ?? error;
  }
}
