import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The backup file (decision 141): gzip'd UTF-8 lines.
 *   line 1          the header (JSON): magic, format, app version, source, migrations, tables, sequences
 *   per table       `@{"table":"name"}`, then one line per row (`row_to_json`), then `@{"end":"name","rows":N}`
 *   last line       `@{"endOfBackup":true,"tables":N,"rows":N,"sha256":"…"}`, the hash of every byte before it
 * A row line starts with `{`, a marker with `@`, so no column name can pass for a marker. Values stay the
 * database's own JSON text (numeric digits, timestamps with microseconds, bytea as \x…), never parsed in
 * JavaScript, and are read back with `jsonb_populate_recordset`, so a backup of either database restores
 * into either.
 */
export const BACKUP_MAGIC = 'propdesk-backup';
/** The format this build writes and the newest it reads. */
export const BACKUP_FORMAT = 1;
export const MARKER = '@';

/**
 * Tables whose rows a backup never holds (decision 142): live sessions and their refresh tokens, sign-in
 * throttling and the signing secret. A restored product starts with none, so every browser signs in again
 * and the first start makes a new secret (unless PROPDESK_SECRET is set).
 */
export const EXCLUDED_TABLES: readonly string[] = ['sessions', 'refresh_tokens', 'login_throttle', 'app_secrets'];

const columnSchema = z.object({ name: z.string().min(1), type: z.string().min(1) });
const tableSchema = z.object({ name: z.string().min(1), columns: z.array(columnSchema).min(1), excluded: z.boolean() });
const sequenceSchema = z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() });

export const headerSchema = z.object({
  magic: z.literal(BACKUP_MAGIC),
  format: z.number().int().positive(),
  app: z.string(),
  createdAt: z.string(),
  source: z.object({ kind: z.enum(['pglite', 'postgres']), version: z.string() }),
  migrations: z.array(z.string().min(1)),
  tables: z.array(tableSchema),
  sequences: z.array(sequenceSchema),
});
export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupTable = z.infer<typeof tableSchema>;

export const tableStartSchema = z.object({ table: z.string() }).strict();
export const tableEndSchema = z.object({ end: z.string(), rows: z.number().int().nonnegative() }).strict();
export const trailerSchema = z
  .object({ endOfBackup: z.literal(true), tables: z.number().int().nonnegative(), rows: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })
  .strict();

/** A refusal a person can act on: the CLI prints its message, never a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * The resource tables' generated migrations (`records/<table>/<hash>`, `records/<table>/constraints/<hash>`):
 * they converge on the definition whatever ran before (ddl.ts), so a backup naming an older hash is not newer.
 */
export const GENERATED_MIGRATION = /^records\/[a-z0-9_]+\/(constraints\/)?[0-9a-f]{12}$/;

/** The server package's version (informational, in the header). */
export function appVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
