import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRegistry } from './resources.js';

/**
 * "Every write to a definition's table goes through the records engine" (docs/architecture.md),
 * kept by a scan of the non-test source: a raw SQL insert, update or delete naming a table of one of
 * the app's definitions is allowed only inside packages/records (the engine itself) and
 * packages/auth-session (sign-in, below the engine), in a password-hash write, or in the few places
 * named below, each with its reason. The tables are the registry's, not a hand list: a new
 * definition's table is covered the day it is added.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const ENGINE_PLACES = ['packages/records/', 'packages/auth-session/'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', '.turbo', '.reports', 'e2e', 'coverage']);

/** Raw writes to a definition's table that stay, each with why. `file` and `table` must both match; `text` narrows to the statement. */
const ALLOWED: readonly { file: string; table: string; text?: string; reason: string }[] = [
  { file: 'packages/settings/src/server/plugin.ts', table: 'unit_statuses', reason: 'a migration: the fixed unit statuses are inserted by the schema migration that creates the list, before the engine runs' },
  { file: 'packages/settings/src/server/plugin.ts', table: 'role_privileges', reason: 'a data migration (issue 27) of installations made before API keys: it ran once, as SQL, before the grants were an engine child; the role’s code writes grants through the engine' },
  { file: 'packages/settings/src/server/company.ts', table: 'role_privileges', reason: 'a data migration (issue 25) of installations made before the company profile: it ran once, as SQL, before the grants were an engine child; the role’s code writes grants through the engine' },
  { file: 'packages/settings/src/server/plugin.ts', table: 'users', text: 'password_hash', reason: 'a password-hash write (audited, never in a record’s history)' },
  { file: 'apps/server/src/cli.ts', table: 'users', text: 'password_hash', reason: 'a password-hash write by the command line (audited, never in a record’s history)' },
  { file: 'apps/server/src/seed.ts', table: 'users', text: 'set language', reason: 'the demo account’s language: an account preference of auth-session (decision 184), not a field of the users definition, so never in a record’s history' },
  { file: 'packages/settings/src/server/webhooks/index.ts', table: 'webhooks', text: 'set secret', reason: 'a webhook’s write-only secret, set by its update hook inside the engine’s transaction; never a field, so never in a record’s history' },
];

type RawWrite = { file: string; line: number; table: string; statement: string };

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** Every `insert into T`, `update T [as a] set`, `delete from T` in a file's text (statements may span lines). */
export function rawWrites(file: string, text: string, tables: ReadonlySet<string>): RawWrite[] {
  const writes: RawWrite[] = [];
  const patterns = [
    /\b(?:insert\s+into|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi,
    /\bupdate\s+"?([a-z_][a-z0-9_]*)"?(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s+set\b/gi,
    // Kysely's builders (`qb.insertInto('leads')`, `updateTable('leads as l')`, `deleteFrom('leads')`).
    /\b(?:insertInto|updateTable|deleteFrom)\(\s*['"`]([a-z_][a-z0-9_]*)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const table = match[1]!.toLowerCase();
      if (!tables.has(table)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      const statement = text.slice(match.index, text.indexOf('\n', match.index + match[0].length) + 1 || undefined).trim();
      writes.push({ file, line, table, statement });
    }
  }
  return writes;
}

describe('every write to a definition’s table goes through the engine', () => {
  const tables = new Set(appRegistry.resources.map((def) => def.table));
  const files = [...sourceFiles(join(ROOT, 'apps')), ...sourceFiles(join(ROOT, 'packages'))];
  const writes = files
    .map((path) => relative(ROOT, path))
    .filter((file) => !ENGINE_PLACES.some((place) => file.startsWith(place)))
    .flatMap((file) => rawWrites(file, readFileSync(join(ROOT, file), 'utf8'), tables));
  const allowedBy = (write: RawWrite) => ALLOWED.find((rule) => rule.file === write.file && rule.table === write.table && (!rule.text || write.statement.includes(rule.text)));

  it('finds the statements it looks for (the scan itself works)', () => {
    expect(tables.has('leads') && tables.has('lead_activities') && tables.has('users')).toBe(true);
    // Internal children's tables are definitions' tables too (a role's grants, a reservation's revisions).
    expect(tables.has('role_privileges') && tables.has('reservation_revisions')).toBe(true);
    expect(files.length).toBeGreaterThan(200);
    const sample = "await tx.query('update leads set notes = $2 where id = $1');\nawait tx.query(`insert into\n  lead_activities (lead_id) values ($1)`);\nawait tx.query('delete from \"customers\" where id = $1');\nawait tx.query('update lead_claims set lead_id = $1');\nawait run(tx, qb.updateTable('customers as c').set({}));";
    expect(rawWrites('x.ts', sample, tables).map((write) => `${write.line}:${write.table}`)).toEqual(['2:lead_activities', '4:customers', '1:leads', '6:customers']);
  });

  it('no raw insert, update or delete on a definition’s table outside the engine and the named exceptions', () => {
    const refused = writes.filter((write) => !allowedBy(write)).map((write) => `${write.file}:${write.line} ${write.table}: ${write.statement}`);
    expect(refused).toEqual([]);
  });

  it('every named exception is still needed (a fixed one leaves the list)', () => {
    const stale = ALLOWED.filter((rule) => !writes.some((write) => allowedBy(write) === rule)).map((rule) => `${rule.file} ${rule.table}`);
    expect(stale).toEqual([]);
  });
});
