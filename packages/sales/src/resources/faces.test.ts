import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SALES_FOLDERS } from './manifest.js';

/**
 * A document's public face (issue 30): a folder under `src/resources` is read by the others only
 * through its face files, and only its own code names its tables in SQL. Anything else a folder wants
 * of another (its states, a read of its rows) the owner exports from its face: its states and state
 * groups from `definition.ts`, typed reads from `facts.server.ts` (e.g. `reservationFacts`,
 * `RESERVATION_FACTS` for a join), operations from `index.server.ts`. The 58 imports and 73 file→table
 * pairs that broke the rule when it came were mended (issue 30); none is allowed now.
 */
const FACE_FILES = new Set(['definition', 'document', 'model', 'facts.server', 'index.server', 'links', 'screens.web']);

/** A table written and read by its document's part: receipt items are the receipt's lines. */
const PART_OF: Readonly<Record<string, string>> = { 'receipt-items': 'receipts' };

/** Which folder owns each document table (its definitions' tables, from the manifest). */
export const TABLE_OWNERS: ReadonlyMap<string, string> = new Map(
  Object.entries(SALES_FOLDERS).flatMap(([folder, defs]) => defs.map((def) => [def.table, PART_OF[folder] ?? folder] as const)),
);

/** `folder/file -> other/file` for each import of another folder's file that is not on its face. */
export function internalImports(folder: string, file: string, source: string, folders: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'\.\.\/([a-z-]+)\/([^'/]+?)(?:\.js)?'/g)) {
    const [, other, target] = match as unknown as [string, string, string];
    if (other !== folder && folders.has(other) && !FACE_FILES.has(target)) found.push(`${folder}/${file} -> ${other}/${target}`);
  }
  return [...new Set(found)];
}

/** `folder/file -> table` for each other document's table a server file's SQL names (comments aside). */
export function foreignTables(folder: string, file: string, source: string, owners: ReadonlyMap<string, string>): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const match of code.matchAll(/\b(?:from|join|update|into)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)\b/gi)) {
    const table = match[1]!.toLowerCase();
    const owner = owners.get(table);
    if (owner !== undefined && owner !== (PART_OF[folder] ?? folder)) found.push(`${folder}/${file} -> ${table}`);
  }
  return [...new Set(found)];
}


const root = fileURLToPath(new URL('.', import.meta.url));
const folders = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());
const files = folders.flatMap((folder) =>
  readdirSync(join(root, folder))
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.(ts|tsx)$/.test(file))
    .map((file) => ({ folder, file, source: readFileSync(join(root, folder, file), 'utf8') })),
);

describe("a document's public face", () => {
  it('knows every document table and folder', () => {
    expect(TABLE_OWNERS.get('reservations')).toBe('reservations');
    expect(TABLE_OWNERS.get('receipt_items')).toBe('receipts');
    expect(folders).toContain('unit-board');
  });

  it('finds an import of another folder’s internals and SQL naming another document’s table (a probe)', () => {
    const known = new Set(folders);
    expect(internalImports('contracts', 'x.server.ts', "import { a } from '../reservations/create.server.js';\nimport { b } from '../reservations/facts.server.js';", known)).toEqual([
      'contracts/x.server.ts -> reservations/create.server',
    ]);
    expect(internalImports('contracts', 'x.server.ts', "import { a } from '../reservations/definition.js';\nimport { b } from './lifecycle.server.js';", known)).toEqual([]);
    const sql = "// from reservations in a comment\nawait tx.query('select r.agent_id from contracts c join reservations r on r.id = c.reservation_id');\nawait tx.query(`update cheques set x = 1`);";
    expect(foreignTables('contracts', 'x.server.ts', sql, TABLE_OWNERS)).toEqual(['contracts/x.server.ts -> reservations', 'contracts/x.server.ts -> cheques']);
    expect(foreignTables('receipts', 'x.server.ts', 'select 1 from receipt_items i join receipts r on r.id = i.receipt_id', TABLE_OWNERS)).toEqual([]);
  });

  it('no folder imports another folder’s internals', () => {
    const known = new Set(folders);
    expect(files.flatMap(({ folder, file, source }) => internalImports(folder, file, source, known))).toEqual([]);
  });

  it('no server file names another document’s table', () => {
    expect(files.filter(({ file }) => file.endsWith('.server.ts')).flatMap(({ folder, file, source }) => foreignTables(folder, file, source, TABLE_OWNERS))).toEqual([]);
  });
});
