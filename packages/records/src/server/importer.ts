import { HttpError, badRequest, type Queryable } from '@propdesk/server-kit';
import { parse } from 'csv-parse/sync';
import {
  columnOf,
  createSchema,
  isTextKind,
  labelFieldOf,
  updateSchema,
  writableFields,
  type FieldDef,
  type ImportReport,
  type ImportRowError,
  type Registry,
  type ResourceDef,
} from '../model/index.js';
import { checkProtectedWrites, createRecord, createRecords, flushRollups, fullRecord, updateRecord, type Caller, type EngineContext } from './records.js';

/** New records per multi-row INSERT (a few columns each: far below the 65,535 parameters of one statement). */
const IMPORT_BATCH = 500;

/** Thrown inside the import transaction to roll it back while keeping the report. */
class RollBack extends Error {
  readonly report: ImportReport;
  constructor(report: ImportReport) {
    super('rolled back');
    this.report = report;
  }
}

const norm = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** Maps the file's header to fields: the explicit mapping first, then by label or name as a person writes them. */
export function mapColumns(def: ResourceDef, header: readonly string[], mapping: Readonly<Record<string, string>>) {
  const fields = new Map<string, string>();
  for (const [name, field] of writableFields(def)) {
    fields.set(norm(name), name);
    fields.set(norm(field.label), name);
  }
  if (def.hasActive !== false) fields.set('active', 'active');
  return header.map((column) => {
    const explicit = Object.hasOwn(mapping, column) ? mapping[column] : undefined;
    if (explicit !== undefined) return { column, field: explicit === '' ? null : explicit };
    return { column, field: fields.get(norm(column)) ?? null };
  });
}

type Lookup = Map<string, string>;

/** Loads name → id (and code → id) of a referenced resource once per import. */
async function loadLookup(db: Queryable, target: ResourceDef): Promise<Lookup> {
  const labelName = labelFieldOf(target);
  const label = columnOf(labelName, target.fields[labelName]);
  const code = target.codeField ? columnOf(target.codeField, target.fields[target.codeField]) : null;
  const result = await db.query<{ id: string; label: string | null; code: string | null }>(
    `select id::text as id, "${label}"::text as label, ${code ? `"${code}"::text` : 'null::text'} as code from "${target.table}"`,
  );
  const lookup: Lookup = new Map();
  for (const row of result.rows) {
    if (row.code) lookup.set(row.code.trim().toLowerCase(), row.id);
    if (row.label) lookup.set(row.label.trim().toLowerCase(), row.id);
    lookup.set(row.id, row.id);
  }
  return lookup;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A cell as the field's JSON value; references by name or code; errors as a person would say them. */
function cellToValue(
  registry: Registry,
  lookups: Map<string, Lookup>,
  name: string,
  field: FieldDef | undefined,
  text: string,
  errors: { field: string; message: string }[],
): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (name === 'active' || field?.kind === 'boolean') {
    const lower = trimmed.toLowerCase();
    if (YES.has(lower)) return true;
    if (NO.has(lower)) return false;
    errors.push({ field: name, message: 'Must be yes or no' });
    return undefined;
  }
  if (!field) return trimmed;
  if (field.kind === 'reference' || field.kind === 'references') {
    const target = registry.get(field.ref!);
    const lookup = lookups.get(target.name)!;
    const parts = field.kind === 'references' ? trimmed.split(/[;,]/).map((part) => part.trim()).filter(Boolean) : [trimmed];
    const ids: string[] = [];
    for (const part of parts) {
      const id = lookup.get(part.toLowerCase());
      if (id) ids.push(id);
      else errors.push({ field: name, message: `Unknown ${target.singular.toLowerCase()}: ${part}` });
    }
    return field.kind === 'references' ? ids : ids[0];
  }
  if (field.kind === 'json') {
    try {
      return JSON.parse(trimmed);
    } catch {
      errors.push({ field: name, message: 'Must be JSON' });
      return undefined;
    }
  }
  return trimmed;
}

export type ImportOptions = {
  dryRun: boolean;
  mapping: Record<string, string>;
  key: string | null;
  /**
   * Create each new row on its own, as a create through the screen would (the resource's hooks: a
   * lead's duplicate and ownership rules, dry run included), instead of in batches.
   */
  perRow?: boolean | undefined;
};

/**
 * CSV import of api.md: every row runs the real validators and the database's constraints inside
 * one transaction. A dry run always rolls back; a real import commits only when every row is good
 * (all or nothing). With `key`, a row whose unique key matches an existing record updates it.
 */
export async function importCsv(ctx: EngineContext, def: ResourceDef, caller: Caller, csv: string, options: ImportOptions): Promise<ImportReport> {
  const { rows, columns, mappedFields } = readImportFile(def, csv, options);
  // Cells are text: read as the typed values they stand for ("1,250" → 1250), then the JSON body's own checks.
  const create = createSchema(def, { source: 'text' });
  const update = updateSchema(def, { source: 'text' });
  const report: ImportReport = {
    dryRun: options.dryRun,
    committed: false,
    total: rows.length,
    valid: 0,
    invalid: 0,
    created: 0,
    updated: 0,
    columns: columns.map(({ column, field }) => ({ column, field })),
    rows: [],
  };
  const importCaller: Caller = { ...caller, source: 'import' };
  const errorsOf = new Map<number, ImportRowError['errors']>();
  const fail = (index: number, errors: ImportRowError['errors']) => errorsOf.set(index, [...(errorsOf.get(index) ?? []), ...errors]);
  try {
    await ctx.db.transaction(async (tx) => {
      const keySpec = options.key ? def.fields[options.key]! : null;
      const keyColumn = options.key && keySpec ? columnOf(options.key, keySpec) : null;
      const keyText = (value: unknown) => (keySpec && isTextKind(keySpec.kind) ? String(value).toLowerCase() : String(value));
      const findByKey = async (value: unknown) => {
        const found = await tx.query<{ id: string }>(
          `select id::text as id from "${def.table}" where ${isTextKind(keySpec!.kind) ? `lower("${keyColumn}") = lower($1)` : `"${keyColumn}" = $1`} limit 1`,
          [value],
        );
        return found.rows[0]?.id ?? null;
      };

      const parsed = await readCells(ctx, tx, def, rows, columns, mappedFields);
      // Which rows update an existing record: one query for the whole file's keys.
      const existing = options.key && keyColumn && keySpec ? await existingByKey(tx, def, options.key, keySpec, parsed) : new Map<string, string>();

      // New records go in batches (one INSERT, one read back, one history INSERT per batch). When the
      // database refuses a batch, its rows are created one by one to name the row and its error.
      let pending: { index: number; data: Record<string, unknown> }[] = [];
      const pendingKeys = new Set<string>();
      const flush = async () => {
        const batch = pending;
        pending = [];
        pendingKeys.clear();
        if (batch.length === 0) return;
        try {
          await createRecords(ctx, tx, def, importCaller, batch.map((item) => item.data));
          report.created += batch.length;
          return;
        } catch (error) {
          if (!isDatabaseError(error)) throw error;
        }
        for (const item of batch) {
          try {
            await createRecord(ctx, tx, def, importCaller, item.data);
            report.created += 1;
          } catch (error) {
            fail(item.index, rowErrors(error));
          }
        }
      };

      for (const [index, { values, errors }] of parsed.entries()) {
        if (errors.length > 0) {
          fail(index, errors);
          continue;
        }
        let existingId: string | null = null;
        if (options.key && values[options.key] !== null && values[options.key] !== undefined) {
          const key = keyText(values[options.key]);
          if (pendingKeys.has(key)) {
            // An earlier row of this file creates this key: create it first, then this row updates it.
            await flush();
            existingId = await findByKey(values[options.key]);
          } else existingId = existing.get(key) ?? null;
        }
        if (existingId) {
          // Updates keep the file's order with the creates before them.
          await flush();
          const current = await fullRecord(ctx, tx, def, existingId);
          const result = update.safeParse({ ...values, version: current?.version ?? 1 });
          if (!result.success) fail(index, result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })));
          else {
            try {
              await updateRecord(ctx, tx, def, importCaller, existingId, result.data, { ignoreVersion: true });
              report.updated += 1;
            } catch (error) {
              fail(index, rowErrors(error));
            }
          }
          continue;
        }
        const result = create.safeParse(values);
        if (!result.success) {
          fail(index, result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })));
          continue;
        }
        const data = result.data as Record<string, unknown>;
        if (def.numbering || options.perRow) {
          // Document numbers are taken one by one inside the transaction (gap-free), and a domain's
          // create hooks (a lead's duplicate and ownership rules) run for each row as for a create.
          try {
            await createRecord(ctx, tx, def, importCaller, data);
            report.created += 1;
          } catch (error) {
            fail(index, rowErrors(error));
          }
          continue;
        }
        try {
          checkProtectedWrites(def, importCaller, data);
        } catch (error) {
          fail(index, rowErrors(error));
          continue;
        }
        pending.push({ index, data });
        if (options.key && data[options.key] != null) pendingKeys.add(keyText(data[options.key]));
        if (pending.length >= IMPORT_BATCH) await flush();
      }
      await flush();
      report.invalid = errorsOf.size;
      report.valid = rows.length - errorsOf.size;
      // Row numbers as a spreadsheet shows them: the header is row 1.
      report.rows = [...errorsOf].sort(([a], [b]) => a - b).map(([index, errors]) => ({ row: index + 2, errors }));
      if (options.dryRun || report.invalid > 0) throw new RollBack(report);
      await flushRollups(ctx, tx);
    });
    report.committed = true;
    return report;
  } catch (error) {
    if (error instanceof RollBack) {
      return { ...error.report, created: options.dryRun ? error.report.created : 0, updated: options.dryRun ? error.report.updated : 0 };
    }
    throw error;
  }
}

/** The file's rows and how its columns map to fields, refused (400) when it cannot be imported. */
function readImportFile(def: ResourceDef, csv: string, options: ImportOptions) {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }) as string[][];
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message.split('\n')[0]}`);
  }
  const [header, ...rows] = records;
  if (!header || header.length === 0) throw badRequest('The file is empty: it needs a header row and at least one row.');
  const columns = mapColumns(def, header, options.mapping);
  const known = new Set([...writableFields(def).map(([name]) => name), ...(def.hasActive !== false ? ['active'] : [])]);
  for (const column of columns) {
    if (column.field !== null && !known.has(column.field)) throw badRequest('Validation failed', [{ field: 'mapping', message: `${column.column}: ${column.field} is not a field you can import` }]);
  }
  const mappedFields = new Set(columns.map((column) => column.field).filter((field): field is string => field !== null));
  if (options.key) {
    const keyField = def.fields[options.key];
    if (!keyField || keyField.unique !== true) throw badRequest('Validation failed', [{ field: 'key', message: `${options.key} is not a unique field` }]);
    if (!mappedFields.has(options.key)) throw badRequest('Validation failed', [{ field: 'key', message: `No column is mapped to ${options.key}` }]);
  }
  return { rows, columns, mappedFields };
}

type ParsedRow = { values: Record<string, unknown>; errors: ImportRowError['errors'] };

/** Every cell read and every reference resolved in memory (one query per referenced resource). */
async function readCells(
  ctx: EngineContext,
  tx: Queryable,
  def: ResourceDef,
  rows: string[][],
  columns: ReturnType<typeof mapColumns>,
  mappedFields: ReadonlySet<string>,
): Promise<ParsedRow[]> {
  const lookups = new Map<string, Lookup>();
  for (const field of mappedFields) {
    const spec = def.fields[field];
    if (spec?.ref && !lookups.has(spec.ref)) lookups.set(spec.ref, await loadLookup(tx, ctx.registry.get(spec.ref)));
  }
  return rows.map((cells): ParsedRow => {
    const errors: ImportRowError['errors'] = [];
    const values: Record<string, unknown> = {};
    columns.forEach((column, position) => {
      if (!column.field) return;
      const value = cellToValue(ctx.registry, lookups, column.field, def.fields[column.field], cells[position] ?? '', errors);
      if (value !== undefined) values[column.field] = value;
    });
    return { values, errors };
  });
}

/** The existing records the file's keys name, by key (lower-cased for text): one query per 5,000 keys. */
async function existingByKey(tx: Queryable, def: ResourceDef, key: string, keySpec: FieldDef, parsed: ParsedRow[]): Promise<Map<string, string>> {
  const keyColumn = columnOf(key, keySpec);
  const keyText = (value: unknown) => (isTextKind(keySpec.kind) ? String(value).toLowerCase() : String(value));
  const existing = new Map<string, string>();
  const keys = [...new Set(parsed.filter((row) => row.errors.length === 0 && row.values[key] != null).map((row) => keyText(row.values[key])))];
  for (let from = 0; from < keys.length; from += 5_000) {
    const found = await tx.query<{ id: string; key: string }>(
      `select id::text as id, ${isTextKind(keySpec.kind) ? `lower("${keyColumn}")` : `"${keyColumn}"::text`} as key from "${def.table}"
        where ${isTextKind(keySpec.kind) ? `lower("${keyColumn}")` : `"${keyColumn}"::text`} = any($1::text[])`,
      [keys.slice(from, from + 5_000)],
    );
    for (const row of found.rows) existing.set(row.key, row.id);
  }
  return existing;
}

/** A statement the database refused (it carries a SQLSTATE), as opposed to a fault of ours. */
const isDatabaseError = (error: unknown) => typeof (error as { code?: unknown } | null)?.code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

function rowErrors(error: unknown): { field: string; message: string }[] {
  if (error instanceof HttpError) {
    if (error.errors && error.errors.length > 0) return error.errors.map(({ field, message }) => ({ field, message }));
    return [{ field: '', message: error.message }];
  }
  throw error;
}
