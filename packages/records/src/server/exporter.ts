import { PassThrough } from 'node:stream';
import type { RequestAuth } from '@propdesk/server-kit';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { RecordRow, ResourceDef, SortTerm } from '../model/index.js';
import { toRecord, type EngineContext } from './records.js';
import { orderSql, readableFields, selectRecords, whereSql, type ListCriteria } from './select.js';
import { qb, run } from './sql.js';

const BATCH = 2_000;

export type ExportColumn = { name: string; label: string; kind: string };

/** The columns of an export: the view's, else the list's, never one the caller may not read. */
export function exportColumns(def: ResourceDef, auth: RequestAuth | null, requested: readonly string[] | null): ExportColumn[] {
  const readable = new Map(readableFields(def, auth));
  const names = requested && requested.length > 0 ? requested : def.listColumns;
  const columns: ExportColumn[] = [];
  for (const name of names) {
    const field = readable.get(name);
    if (field) columns.push({ name, label: field.label, kind: field.kind });
    else if (name === 'active' && def.hasActive !== false) columns.push({ name, label: 'Active', kind: 'boolean' });
    else if (name === 'createdOn' || name === 'modifiedOn') columns.push({ name, label: name === 'createdOn' ? 'Created on' : 'Modified on', kind: 'datetime' });
  }
  return columns;
}

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

function cellValue(record: RecordRow, column: ExportColumn): string | number | Date | boolean | null {
  const text = cellText(record, column);
  if (text === '') return null;
  if (column.kind === 'integer' || column.kind === 'decimal' || column.kind === 'money' || column.kind === 'percent') return Number(text);
  return text;
}

/**
 * Streams every record the criteria match through a server-side cursor, a batch at a time, so the
 * server never holds the table in memory. Resolves when the last batch was written.
 */
async function streamRows(
  ctx: EngineContext,
  def: ResourceDef,
  auth: RequestAuth | null,
  criteria: ListCriteria,
  sort: readonly SortTerm[],
  onBatch: (rows: RecordRow[]) => Promise<void>,
) {
  const scope = ctx.rowScope ? ctx.rowScope(def, auth) : null;
  const query = selectRecords(ctx.registry, def, auth)
    .where(whereSql(def, { ...criteria, scope }) as never)
    .orderBy(orderSql(ctx.registry, def, sort) as never);
  const compiled = query.compile();
  await ctx.db.transaction(async (tx) => {
    await tx.query(`declare records_export no scroll cursor for ${compiled.sql}`, compiled.parameters);
    for (;;) {
      const batch = await tx.query(`fetch forward ${BATCH} from records_export`);
      if (batch.rows.length === 0) break;
      await onBatch(batch.rows.map((row) => toRecord(def, row as Record<string, unknown>)));
      if (batch.rows.length < BATCH) break;
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
): PassThrough {
  const out = new PassThrough();
  const fail = (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error)));
  if (format === 'csv') {
    void (async () => {
      await write(out, `\ufeff${stringify([columns.map((column) => column.label)])}`);
      await streamRows(ctx, def, auth, criteria, sort, async (rows) => {
        await write(out, stringify(rows.map((record) => columns.map((column) => cellText(record, column)))));
      });
      out.end();
    })().catch(fail);
    return out;
  }
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(def.label.slice(0, 31));
    sheet.columns = columns.map((column) => ({ header: column.label, key: column.name, width: Math.max(12, column.label.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    await streamRows(ctx, def, auth, criteria, sort, async (rows) => {
      for (const record of rows) sheet.addRow(columns.map((column) => cellValue(record, column))).commit();
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
