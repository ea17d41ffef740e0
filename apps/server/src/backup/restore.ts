import { audit, runMigrations, type Database, type Migration, type Transaction } from '@propdesk/server-kit';
import { allMigrations } from '../database.js';
import { BackupError, GENERATED_MIGRATION, quoteIdent, type BackupHeader } from './format.js';
import { readBackup, type VerifiedBackup } from './read.js';

export type RestoreOptions = {
  /** Replace whatever the target holds (in the same transaction); without it a target that is not empty is refused. */
  force: boolean;
  /** Names the file in the audit entry. */
  file: string;
};

export type RestoreSummary = { tables: number; rows: number; replaced: number; upgraded: string[] };

/** Refuses a backup whose migrations this build does not know (the generated ones converge, see GENERATED_MIGRATION). */
export function checkMigrationLevel(path: string, header: BackupHeader, migrations: readonly Migration[]): void {
  const known = new Set(migrations.map((migration) => migration.id));
  const unknown = header.migrations.filter((id) => !known.has(id) && !GENERATED_MIGRATION.test(id));
  if (unknown.length === 0) return;
  const named = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
  throw new BackupError(
    `${path} was made by a newer version of Propdesk: its database has migrations this build does not know (${named}). Restore it with that version or a newer one.`,
  );
}

/** The target's own database inside the restore's one transaction: each migration runs in it, so a failure anywhere undoes all. */
function within(tx: Transaction, kind: Database['kind']): Database {
  const unavailable = () => Promise.reject(new Error('Not available inside a restore'));
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    transactionThen: async (fn, then) => then(tx, await fn(tx)),
    listen: unavailable,
    snapshot: unavailable,
    close: async () => undefined,
  };
}

const SCHEMA = 'current_schema()::regnamespace';

/** Refuses a target that holds anything, or with `force` drops all of it (tables, views, sequences, functions, types). */
async function clearTarget(tx: Transaction, force: boolean): Promise<number> {
  const objects = await tx.query<{ kind: string; name: string }>(
    `select kind, name from (
       select case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end as kind,
              format('%I', c.relname) as name, c.oid, 1 as step
         from pg_class c where c.relnamespace = ${SCHEMA} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       union all
       select case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end, p.oid::regprocedure::text, p.oid, 2
         from pg_proc p where p.pronamespace = ${SCHEMA}
       union all
       select case t.typtype when 'd' then 'domain' else 'type' end, format_type(t.oid, null), t.oid, 3
         from pg_type t left join pg_class c on c.oid = t.typrelid
        where t.typnamespace = ${SCHEMA} and (t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and c.relkind = 'c'))
     ) o where not exists (select 1 from pg_depend d where d.objid = o.oid and d.deptype = 'e')
     order by step, name`,
  );
  const tables = objects.rows.filter((object) => object.kind === 'table').length;
  if (objects.rows.length === 0) return 0;
  if (!force) {
    throw new BackupError(
      `The target database is not empty (${tables} tables, ${objects.rows.length} objects in its schema). Restore into an empty database, or add --force to replace everything in it.`,
    );
  }
  await tx.exec(objects.rows.map((object) => `drop ${object.kind} if exists ${object.name} cascade;`).join('\n'));
  return tables;
}

/** Table → its columns (as restore inserts them: no generated columns). */
async function targetColumns(tx: Transaction): Promise<Map<string, Set<string>>> {
  const rows = await tx.query<{ table: string; name: string }>(
    `select c.relname as table, a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = ${SCHEMA} and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`,
  );
  const columns = new Map<string, Set<string>>();
  for (const row of rows.rows) columns.set(row.table, (columns.get(row.table) ?? new Set()).add(row.name));
  return columns;
}

async function checkColumns(tx: Transaction, path: string, header: BackupHeader): Promise<void> {
  const target = await targetColumns(tx);
  for (const table of header.tables) {
    const columns = target.get(table.name);
    const missing = columns ? table.columns.find((column) => !columns.has(column.name))?.name : undefined;
    if (!columns || missing) {
      throw new BackupError(
        `${path} holds ${missing ? `column ${table.name}.${missing}` : `table ${table.name}`}, which this build does not have: it was made by a newer version of Propdesk.`,
      );
    }
  }
}

type Constraint = { table: string; name: string; definition: string };
type Trigger = { table: string; name: string; enabled: string };

/** Drops every foreign key (kept to add again once every row is in: that checks them all at once, whatever the load order). */
async function dropForeignKeys(tx: Transaction): Promise<Constraint[]> {
  const found = await tx.query<Constraint>(
    `select format('%I', c.relname) as table, format('%I', k.conname) as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid
      where k.contype = 'f' and c.relnamespace = ${SCHEMA} order by c.relname, k.conname`,
  );
  if (found.rows.length > 0) await tx.exec(found.rows.map((fk) => `alter table ${fk.table} drop constraint ${fk.name};`).join('\n'));
  return found.rows;
}

/** Turns off the schema's own triggers while rows go in: they are the backup's rows, not new changes (as pg_dump --disable-triggers). */
async function disableTriggers(tx: Transaction): Promise<Trigger[]> {
  const found = await tx.query<Trigger>(
    `select format('%I', c.relname) as table, format('%I', t.tgname) as name, t.tgenabled::text as enabled
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgenabled <> 'D' and c.relnamespace = ${SCHEMA}`,
  );
  if (found.rows.length > 0) await tx.exec(found.rows.map((trigger) => `alter table ${trigger.table} disable trigger ${trigger.name};`).join('\n'));
  return found.rows;
}

async function enableTriggers(tx: Transaction, triggers: readonly Trigger[]): Promise<void> {
  const how = (enabled: string) => (enabled === 'A' ? 'enable always' : enabled === 'R' ? 'enable replica' : 'enable');
  if (triggers.length > 0) await tx.exec(triggers.map((trigger) => `alter table ${trigger.table} ${how(trigger.enabled)} trigger ${trigger.name};`).join('\n'));
}

/** Empties the tables the migrations put rows in (only those: truncating every table makes new files for each, slow on PGlite). */
async function emptyTables(tx: Transaction, header: BackupHeader): Promise<void> {
  const holding: string[] = [];
  for (const table of header.tables) {
    const found = await tx.query(`select 1 from ${quoteIdent(table.name)} limit 1`);
    if (found.rows.length > 0) holding.push(quoteIdent(table.name));
  }
  if (holding.length > 0) await tx.exec(`truncate table ${holding.join(', ')};`);
}

async function restoreSequences(tx: Transaction, path: string, header: BackupHeader): Promise<void> {
  for (const sequence of header.sequences) {
    const found = await tx.query<{ present: boolean }>('select to_regclass($1) is not null as present', [quoteIdent(sequence.name)]);
    if (!found.rows[0]?.present) throw new BackupError(`${path} holds sequence ${sequence.name}, which this build does not have: it was made by a newer version of Propdesk.`);
    await tx.query('select setval($1::regclass, $2::bigint, $3)', [quoteIdent(sequence.name), sequence.lastValue, sequence.isCalled]);
  }
}

async function compareCounts(tx: Transaction, verified: VerifiedBackup): Promise<void> {
  for (const table of verified.header.tables) {
    const found = await tx.query<{ n: string | number }>(`select count(*) as n from ${quoteIdent(table.name)}`);
    const expected = verified.rows.get(table.name) ?? 0;
    if (Number(found.rows[0]?.n) !== expected) throw new Error(`Table ${table.name} holds ${String(found.rows[0]?.n)} rows after the restore, the backup ${expected}.`);
  }
}

/**
 * Restores a verified backup into `db` (opened without migrations) in ONE transaction, so the target ends
 * either restored or exactly as it was: refuse (or with `force` drop) what it holds; run this build's
 * migrations up to the backup's level; check every table and column of the backup exists; load the rows
 * (foreign keys dropped, triggers off), set the sequences, compare the counts, put the foreign keys back
 * (checking every row); run the newer migrations this build has; clear job leases; audit.
 */
export async function restoreBackup(db: Database, path: string, verified: VerifiedBackup, options: RestoreOptions): Promise<RestoreSummary> {
  const migrations = await allMigrations();
  const { header } = verified;
  checkMigrationLevel(path, header, migrations);
  const levels = new Set(header.migrations);
  const columns = new Map(header.tables.map((table) => [table.name, table.columns.map((column) => quoteIdent(column.name)).join(', ')]));
  return db.transaction(async (tx) => {
    const inner = within(tx, db.kind);
    const replaced = await clearTarget(tx, options.force);
    await runMigrations(inner, migrations.filter((migration) => levels.has(migration.id) || GENERATED_MIGRATION.test(migration.id)));
    await checkColumns(tx, path, header);
    const foreignKeys = await dropForeignKeys(tx);
    const triggers = await disableTriggers(tx);
    await emptyTables(tx, header);
    await readBackup(path, async (table, rows) => {
      if (rows.length === 0) return;
      const list = columns.get(table)!;
      await tx.query(
        `insert into ${quoteIdent(table)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb)`,
        [`[${rows.join(',')}]`],
      );
    });
    await restoreSequences(tx, path, header);
    await compareCounts(tx, verified);
    await enableTriggers(tx, triggers);
    if (foreignKeys.length > 0) await tx.exec(foreignKeys.map((fk) => `alter table ${fk.table} add constraint ${fk.name} ${fk.definition};`).join('\n'));
    const upgraded = await runMigrations(inner, migrations);
    // A lease held when the backup was taken belongs to a process that is not running here.
    await tx.query('update scheduled_jobs set leased_by = null, lease_until = null where leased_by is not null');
    await audit(tx, {
      actorId: null,
      action: 'cli.restore',
      entity: 'database',
      details: { file: options.file, createdAt: header.createdAt, source: header.source.kind, rows: verified.totalRows, replaced, upgraded },
    });
    return { tables: header.tables.length, rows: verified.totalRows, replaced, upgraded };
  });
}
