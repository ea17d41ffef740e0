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
 * `RESERVATION_FACTS` for a join). What already broke the rule is listed below by file; the list only
 * shrinks (an entry no longer true fails too, so it is taken out when its file is mended).
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

/** The breaches that were there when the rule came (issue 30), to mend folder by folder. */
const KNOWN_IMPORTS = new Set([
  'bulk-deals/lifecycle.server.ts -> eois/lifecycle.server',
  'bulk-deals/lifecycle.server.ts -> unit-claims/claims.server',
  'bulk-deals/reserve.server.ts -> reservations/create.server',
  'cheques/demo.server.ts -> contracts/demo.server',
  'cheques/demo.server.ts -> reservations/setup.server',
  'cheques/lifecycle.server.ts -> collection-settings/settings.server',
  'cheques/lifecycle.server.ts -> installments/ledger.server',
  'cheques/lifecycle.server.ts -> receipts/lifecycle.server',
  'cheques/upgrade.server.ts -> installments/ledger.server',
  'collections/customerExtras.web.tsx -> messages/CustomerMessages.web',
  'collections/customerExtras.web.tsx -> reservations/customerExtras.web',
  'collections/remind.server.ts -> messages/queue.server',
  'collections/remind.server.ts -> messages/store.server',
  'collections/remind.server.ts -> messages/templates',
  'collections/remind.server.ts -> messages/transport.server',
  'collections/routes.server.ts -> messages/routes.server',
  'collections/routes.server.ts -> messages/templates',
  'collections/statement.server.ts -> contracts/print.server',
  'commissions/demo.server.ts -> contracts/demo.server',
  'commissions/demo.server.ts -> reservations/create.server',
  'commissions/statement.server.ts -> contracts/print.server',
  'contracts/demo.server.ts -> reservations/create.server',
  'contracts/demo.server.ts -> reservations/setup.server',
  'contracts/index.server.ts -> installments/jobs.server',
  'contracts/index.server.ts -> installments/ledger.server',
  'contracts/index.server.ts -> receipts/lifecycle.server',
  'contracts/lifecycle.server.ts -> installments/ledger.server',
  'contracts/lifecycle.server.ts -> reservation-payments/carry.server',
  'contracts/lifecycle.server.ts -> reservations/create.server',
  'contracts/routes.server.ts -> installments/ledger.server',
  'eoi-payments/lifecycle.server.ts -> eois/lifecycle.server',
  'eoi-setups/lifecycle.server.ts -> eois/lifecycle.server',
  'eois/demo.server.ts -> bulk-deals/reserve.server',
  'eois/demo.server.ts -> unit-claims/claims.server',
  'eois/lifecycle.server.ts -> unit-claims/claims.server',
  'hold-requests/demo.server.ts -> reservations/create.server',
  'hold-requests/demo.server.ts -> unit-claims/claims.server',
  'hold-requests/jobs.server.ts -> unit-claims/claims.server',
  'hold-requests/lifecycle.server.ts -> unit-board/publish.server',
  'hold-requests/lifecycle.server.ts -> unit-claims/claims.server',
  'installments/ledger.server.ts -> unit-claims/claims.server',
  'leads/screens.web.ts -> collections/customerExtras.web',
  'messages/send.server.ts -> collections/statement.server',
  'messages/send.server.ts -> receipts/print.server',
  'receipts/lifecycle.server.ts -> installments/ledger.server',
  'receipts/print.server.ts -> contracts/print.server',
  'reservation-payments/lifecycle.server.ts -> reservations/setup.server',
  'reservations/create.server.ts -> unit-claims/claims.server',
  'reservations/demo.server.ts -> unit-claims/claims.server',
  'reservations/from-eois.server.ts -> unit-claims/claims.server',
  'reservations/index.server.ts -> reservation-payments/carry.server',
  'reservations/index.server.ts -> reservation-payments/lifecycle.server',
  'reservations/jobs.server.ts -> unit-claims/claims.server',
  'reservations/lifecycle.server.ts -> hold-requests/lifecycle.server',
  'reservations/lifecycle.server.ts -> unit-claims/claims.server',
  'reservations/revisions.server.ts -> unit-claims/claims.server',
  'reservations/rules.server.ts -> unit-claims/claims.server',
  'reservations/setup.server.ts -> unit-claims/claims.server',
]);

const KNOWN_TABLES = new Set([
  'bulk-deals/lifecycle.server.ts -> customers',
  'bulk-deals/lifecycle.server.ts -> eois',
  'cheques/demo.server.ts -> collection_settings',
  'cheques/demo.server.ts -> contracts',
  'cheques/demo.server.ts -> installments',
  'cheques/routes.server.ts -> customers',
  'cheques/upgrade.server.ts -> collection_settings',
  'cheques/upgrade.server.ts -> receipt_items',
  'collections/dashboard.server.ts -> cheques',
  'collections/dashboard.server.ts -> contracts',
  'collections/dashboard.server.ts -> installments',
  'collections/remind.server.ts -> contracts',
  'collections/remind.server.ts -> customers',
  'collections/remind.server.ts -> installments',
  'collections/statement.server.ts -> cheques',
  'collections/statement.server.ts -> contracts',
  'collections/statement.server.ts -> customers',
  'collections/statement.server.ts -> installments',
  'collections/statement.server.ts -> receipts',
  'commissions/demo.server.ts -> customers',
  'commissions/demo.server.ts -> installments',
  'commissions/statement.server.ts -> customers',
  'contracts/demo.server.ts -> customers',
  'contracts/demo.server.ts -> installments',
  'contracts/demo.server.ts -> reservation_setups',
  'contracts/lifecycle.server.ts -> customers',
  'contracts/print.server.ts -> customers',
  'eoi-payments/lifecycle.server.ts -> eoi_setups',
  'eoi-payments/lifecycle.server.ts -> eois',
  'eoi-setups/lifecycle.server.ts -> eois',
  'eois/lifecycle.server.ts -> customers',
  'eois/lifecycle.server.ts -> eoi_payments',
  'eois/lifecycle.server.ts -> eoi_setups',
  'eois/lifecycle.server.ts -> leads',
  'hold-requests/demo.server.ts -> customers',
  'installments/ledger.server.ts -> cheques',
  'installments/ledger.server.ts -> receipt_items',
  'messages/queue.server.ts -> cheques',
  'messages/queue.server.ts -> collection_settings',
  'messages/queue.server.ts -> contracts',
  'messages/queue.server.ts -> customers',
  'messages/queue.server.ts -> installments',
  'messages/queue.server.ts -> receipts',
  'messages/queue.server.ts -> reservations',
  'messages/routes.server.ts -> cheques',
  'messages/routes.server.ts -> contracts',
  'messages/routes.server.ts -> customers',
  'messages/routes.server.ts -> installments',
  'messages/routes.server.ts -> receipts',
  'messages/routes.server.ts -> reservations',
  'messages/send.server.ts -> cheques',
  'messages/send.server.ts -> contracts',
  'messages/send.server.ts -> customers',
  'messages/send.server.ts -> installments',
  'messages/send.server.ts -> receipts',
  'messages/send.server.ts -> reservation_setups',
  'messages/send.server.ts -> reservations',
  'messages/store.server.ts -> customers',
  'receipts/lifecycle.server.ts -> customers',
  'receipts/print.server.ts -> customers',
  'reservations/create.server.ts -> customers',
  'reservations/demo.server.ts -> customers',
  'reservations/from-eois.server.ts -> eoi_payments',
  'reservations/from-eois.server.ts -> eois',
  'reservations/lifecycle.server.ts -> customers',
  'reservations/lifecycle.server.ts -> eois',
  'reservations/lifecycle.server.ts -> hold_requests',
  'reservations/portfolio.server.ts -> customers',
  'reservations/portfolio.server.ts -> eoi_payments',
  'reservations/portfolio.server.ts -> eois',
  'reservations/portfolio.server.ts -> hold_requests',
  'reservations/portfolio.server.ts -> leads',
  'reservations/portfolio.server.ts -> reservation_payments',
]);

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

  it('no folder imports another folder’s internals beyond the known ones', () => {
    const known = new Set(folders);
    const found = files.flatMap(({ folder, file, source }) => internalImports(folder, file, source, known));
    expect(found.filter((entry) => !KNOWN_IMPORTS.has(entry))).toEqual([]);
    expect([...KNOWN_IMPORTS].filter((entry) => !found.includes(entry))).toEqual([]);
  });

  it('no server file names another document’s table beyond the known ones', () => {
    const found = files.filter(({ file }) => file.endsWith('.server.ts')).flatMap(({ folder, file, source }) => foreignTables(folder, file, source, TABLE_OWNERS));
    expect(found.filter((entry) => !KNOWN_TABLES.has(entry))).toEqual([]);
    expect([...KNOWN_TABLES].filter((entry) => !found.includes(entry))).toEqual([]);
  });
});
