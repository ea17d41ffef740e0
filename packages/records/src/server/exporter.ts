import { PassThrough } from 'node:stream';
import type { Language } from '@propdesk/i18n';
import type { RequestAuth } from '@propdesk/server-kit';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { XLSX_FORMATS } from '../model/display.js';
import type { RecordRow, ResourceDef, SortTerm } from '../model/index.js';
import { definitionWord } from './i18n/catalog.js';
import type { EngineContext } from './records.js';
import { orderSql, readableFields, selectRecords, whereSql, type ListCriteria } from './select.js';
import { qb, run } from './sql.js';

/**
 * Rows per cursor fetch. PostgreSQL: few round trips; the batch is plain JS objects (~10 MB).
 * PGlite runs in this process's memory, where a bigger batch grows the WASM heap for good.
 */
const BATCH = { postgres: 10_000, pglite: 2_000 } as const;

export type ExportColumn = { name: string; label: string; kind: string };

/** The base columns' names in Arabic (the records web catalog's words for them). */
const BASE_ARABIC: Readonly<Record<string, string>> = { active: 'نشط', createdOn: 'تاريخ الإنشاء', modifiedOn: 'تاريخ التعديل' };

/**
 * The columns of an export: the view's, else the list's, never one the caller may not read. Their labels are in
 * `language` (the definitions' Arabic words, `registerDefinitionWords`; English where a word is missing).
 */
export function exportColumns(def: ResourceDef, auth: RequestAuth | null, requested: readonly string[] | null, language: Language = 'en'): ExportColumn[] {
  const readable = new Map(readableFields(def, auth));
  const names = requested && requested.length > 0 ? requested : def.listColumns;
  const columns: ExportColumn[] = [];
  const base = (name: string, english: string) => (language === 'ar' ? (BASE_ARABIC[name] ?? english) : english);
  for (const name of names) {
    const field = readable.get(name);
    if (field) columns.push({ name, label: language === 'ar' ? (definitionWord(def, `fields.${name}.label`, field.label).ar ?? field.label) : field.label, kind: field.kind });
    else if (name === 'active' && def.hasActive !== false) columns.push({ name, label: base(name, 'Active'), kind: 'boolean' });
    else if (name === 'createdOn' || name === 'modifiedOn') columns.push({ name, label: base(name, name === 'createdOn' ? 'Created on' : 'Modified on'), kind: 'datetime' });
  }
  return columns;
}

/** A sheet's name: the list's name in `language`, at most 31 characters (Excel's limit). */
export const sheetName = (def: ResourceDef, language: Language = 'en'): string =>
  (language === 'ar' ? (definitionWord(def, 'label', def.label).ar ?? def.label) : def.label).slice(0, 31);

/** A cell as a person reads it: the referenced record's name, Yes/No, lists joined by "; ". */
export function cellText(record: RecordRow, column: ExportColumn): string {
  if (column.kind === 'reference') return String(record.refLabels[column.name] ?? '');
  if (column.kind === 'references') {
    const labels = record.refLabels[column.name];
    return Array.isArray(labels) ? labels.join('; ') : '';
  }
  const value = record[column.name];
  if (value === null || value === undefined) return '';
  if (column.kind === 'boolean') return value ? 'Yes' : 'No';
  if (column.kind === 'json') return JSON.stringify(value);
  return String(value);
}

const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

/**
 * `cellText(toRecord(row), column)` straight from the database row, without building the record
 * first: an export formats every cell of every row, so this is its inner loop.
 */
function rawCellText(row: Record<string, unknown>, column: ExportColumn): string {
  if (column.kind === 'reference') {
    const label = row[`${column.name}__label`];
    return label === null || label === undefined ? '' : String(label);
  }
  if (column.kind === 'references') {
    const labels = row[`${column.name}__label`];
    return Array.isArray(labels) ? labels.join('; ') : '';
  }
  const value = row[column.name];
  if (value === null || value === undefined) return '';
  if (column.kind === 'boolean') return value ? 'Yes' : 'No';
  if (column.kind === 'json') return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  if ((column.kind === 'decimal' || column.kind === 'percent') && typeof value === 'string') return trimDecimal(value);
  return String(value);
}

const NUMERIC = new Set(['integer', 'decimal', 'money', 'percent']);

/**
 * An XLSX cell: numbers as numbers and dates as real dates (Excel sorts and sums them), shown with
 * the display formats people read on screen (`XLSX_FORMATS`: 146,000.00 EGP, 2.5%, 24 Nov 2026).
 */
function rawCellValue(row: Record<string, unknown>, column: ExportColumn): string | number | Date | null {
  const value = row[column.name];
  if (column.kind === 'date' && value !== null && value !== undefined) {
    const date = value instanceof Date ? value : new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  if (column.kind === 'datetime' && value !== null && value !== undefined) {
    const date = value instanceof Date ? value : new Date(String(value));
    if (!Number.isNaN(date.getTime())) return date;
  }
  const text = rawCellText(row, column);
  if (text === '') return null;
  return NUMERIC.has(column.kind) ? Number(text) : text;
}

/** A CSV field as csv-stringify writes it by default: quoted only when it holds a quote, comma or line break. */
const NEEDS_QUOTES = /[",\r\n]/;
const csvField = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const csvLine = (cells: readonly string[]) => cells.map(csvField).join(',');

/**
 * Streams every record the criteria match through a server-side cursor, a batch at a time, so the
 * server never holds the table in memory; the next batch is fetched while this one is written.
 * Only the exported columns (and their references' names) are selected. Resolves when the last
 * batch was written.
 */
async function streamRows(
  ctx: EngineContext,
  def: ResourceDef,
  auth: RequestAuth | null,
  criteria: ListCriteria,
  sort: readonly SortTerm[],
  columns: readonly ExportColumn[],
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
) {
  const scope = ctx.rowScope ? ctx.rowScope(def, auth) : null;
  // The sort's fields too: a reference sorts by its record's name, which needs the join. A hash
  // join over the whole export beats a label lookup per row.
  const selected = [...columns.map((column) => column.name), ...sort.map((term) => term.field)];
  const query = selectRecords(ctx.registry, def, auth, { columns: selected, baseColumns: false, joinAll: true })
    .where(whereSql(def, { ...criteria, scope }) as never)
    .orderBy(orderSql(ctx.registry, def, sort) as never);
  const compiled = query.compile();
  const batchSize = BATCH[ctx.db.kind];
  await ctx.db.transaction(async (tx) => {
    await tx.query(`declare records_export no scroll cursor for ${compiled.sql}`, compiled.parameters);
    const fetchBatch = () => tx.query<Record<string, unknown>>(`fetch forward ${batchSize} from records_export`);
    let next = fetchBatch();
    for (;;) {
      const batch = await next;
      const more = batch.rows.length === batchSize;
      if (more) next = fetchBatch();
      if (batch.rows.length > 0) await onBatch(batch.rows);
      if (!more) break;
    }
    await tx.query('close records_export');
  });
}

/** Writes with backpressure: waits for the socket to drain rather than buffering the whole export. */
const write = (stream: PassThrough, chunk: string | Buffer) =>
  new Promise<void>((resolve, reject) => {
    if (stream.destroyed) {
      reject(new Error('The client went away'));
      return;
    }
    if (stream.write(chunk)) resolve();
    else stream.once('drain', resolve);
  });

export type ExportFormat = 'csv' | 'xlsx';

export function exportStream(
  ctx: EngineContext,
  def: ResourceDef,
  auth: RequestAuth | null,
  criteria: ListCriteria,
  sort: readonly SortTerm[],
  columns: ExportColumn[],
  format: ExportFormat,
  language: Language = 'en',
): PassThrough {
  const out = new PassThrough();
  const fail = (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error)));
  if (format === 'csv') {
    void (async () => {
      await write(out, `\ufeff${csvLine(columns.map((column) => column.label))}\n`);
      await streamRows(ctx, def, auth, criteria, sort, columns, async (rows) => {
        let chunk = '';
        for (const row of rows) chunk += `${csvLine(columns.map((column) => rawCellText(row, column)))}\n`;
        await write(out, chunk);
      });
      out.end();
    })().catch(fail);
    return out;
  }
  void (async () => {
    // No shared strings (a table the writer keeps in memory for the whole sheet). Styles are on for
    // the few column formats only (one style per formatted column, not per cell): dates, amounts, percentages.
    const formatted = columns.some((column) => XLSX_FORMATS[column.kind as keyof typeof XLSX_FORMATS]);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: formatted, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName(def, language));
    sheet.columns = columns.map((column) => {
      const numFmt = XLSX_FORMATS[column.kind as keyof typeof XLSX_FORMATS];
      return { header: column.label, key: column.name, width: Math.max(numFmt ? 16 : 12, column.label.length + 4), ...(numFmt ? { style: { numFmt } } : {}) };
    });
    sheet.getRow(1).commit();
    await streamRows(ctx, def, auth, criteria, sort, columns, async (rows) => {
      for (const row of rows) sheet.addRow(columns.map((column) => rawCellValue(row, column))).commit();
      // Let the zip stream flush before the next batch.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    });
    sheet.commit();
    await workbook.commit();
  })().catch(fail);
  return out;
}

/** The number of records an export will write (sent as a header so the browser can show progress). */
export async function countMatching(ctx: EngineContext, def: ResourceDef, auth: RequestAuth | null, criteria: ListCriteria) {
  const scope = ctx.rowScope ? ctx.rowScope(def, auth) : null;
  const rows = await run<{ n: number }>(
    ctx.db,
    qb.selectFrom(`${def.table} as t`).select(sql<number>`count(*)::int`.as('n')).where(whereSql(def, { ...criteria, scope }) as never),
  );
  return rows[0]?.n ?? 0;
}
