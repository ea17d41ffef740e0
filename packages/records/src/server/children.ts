import { badRequest, fieldError, text, type FieldError, type Queryable, type RequestAuth } from '@propdesk/server-kit';
import { recordsCatalog } from './i18n/catalog.js';
import { sql } from 'kysely';
import { z } from 'zod';
import { columnOf, createSchema, parseSort, updateSchema, type RecordRow, type ResourceDef } from '../model/index.js';
import { createRecord, deleteRecord, toRecord, updateRecord, type Caller, type EngineContext } from './records.js';
import { orderSql, selectRecords } from './select.js';
import { run } from './sql.js';

const MAX_LINES = 1000;
const idSchema = z.uuid({ error: 'Must be a line id' });

/** Splits a body into the header's values and each child list (validated later, per line). */
export function takeChildren(def: ResourceDef, body: unknown): { header: unknown; lists: Record<string, unknown[]> } {
  if (!def.children || typeof body !== 'object' || body === null || Array.isArray(body)) return { header: body, lists: {} };
  const header: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const lists: Record<string, unknown[]> = {};
  for (const key of Object.keys(def.children)) {
    if (!(key in header)) continue;
    const value = header[key];
    delete header[key];
    if (!Array.isArray(value)) throw badRequest('Validation failed', [fieldError(key, text(recordsCatalog, 'mustBeList'))]);
    if (value.length > MAX_LINES) throw badRequest('Validation failed', [fieldError(key, text(recordsCatalog, 'atMostLines', { max: String(MAX_LINES) }))]);
    lists[key] = value;
  }
  return { header, lists };
}

/** The lines of a header, in their resource's default order. */
export async function childRows(ctx: EngineContext, db: Queryable, def: ResourceDef, parentId: string, auth: RequestAuth | null) {
  const lists: Record<string, RecordRow[]> = {};
  for (const [key, spec] of Object.entries(def.children ?? {})) {
    const child = ctx.registry.get(spec.resource);
    const column = columnOf(spec.parentField, child.fields[spec.parentField]);
    const sort = parseSort(child, undefined);
    const rows = await run(
      db,
      selectRecords(ctx.registry, child, auth, { sort })
        .where(sql`${sql.ref(`t.${column}`)} = ${parentId}::uuid` as never)
        .orderBy(orderSql(ctx.registry, child, sort) as never)
        .limit(MAX_LINES),
    );
    lists[key] = rows.map((row) => toRecord(child, row));
  }
  return lists;
}

/**
 * Writes the lines of one header inside its transaction: each line is checked with its own
 * resource's schema (errors name `lines.3.quantity`), lines with an `id` of this header are updated,
 * new ones created, and the header's other lines deleted. The whole document is written or nothing.
 */
export async function writeChildren(ctx: EngineContext, tx: Queryable, def: ResourceDef, parentId: string, lists: Record<string, unknown[]>, caller: Caller) {
  for (const [key, items] of Object.entries(lists)) {
    const spec = def.children![key]!;
    const child = ctx.registry.get(spec.resource);
    const column = columnOf(spec.parentField, child.fields[spec.parentField]);
    const existing = await tx.query<{ id: string }>(`select id::text as id from "${child.table}" where "${column}" = $1`, [parentId]);
    const known = new Set(existing.rows.map((row) => row.id));
    const kept = new Set<string>();
    const problems: FieldError[] = [];
    const create = createSchema(child);
    const update = updateSchema(child);
    const writes: (() => Promise<unknown>)[] = [];
    items.forEach((item, index) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        problems.push(fieldError(`${key}.${index}`, text(recordsCatalog, 'mustBeLine')));
        return;
      }
      const { id, ...values } = item as Record<string, unknown>;
      delete values[spec.parentField];
      if (id !== undefined) {
        const parsedId = idSchema.safeParse(id);
        if (!parsedId.success || !known.has(parsedId.data)) {
          problems.push(fieldError(`${key}.${index}.id`, text(recordsCatalog, 'notALine')));
          return;
        }
        kept.add(parsedId.data);
        const { version: _version, ...rest } = values;
        const parsed = update.safeParse({ ...rest, version: 1 });
        if (!parsed.success) {
          for (const issue of parsed.error.issues) problems.push({ field: `${key}.${index}.${issue.path.join('.')}`, message: issue.message });
          return;
        }
        const { version: _parsedVersion, ...patch } = parsed.data as Record<string, unknown>;
        writes.push(() => updateRecord(ctx, tx, child, caller, parsedId.data, patch, { ignoreVersion: true }));
      } else {
        const parsed = create.safeParse({ ...values, [spec.parentField]: parentId });
        if (!parsed.success) {
          for (const issue of parsed.error.issues) problems.push({ field: `${key}.${index}.${issue.path.join('.')}`, message: issue.message });
          return;
        }
        writes.push(() => createRecord(ctx, tx, child, caller, parsed.data as Record<string, unknown>));
      }
    });
    if (problems.length > 0) throw badRequest('Validation failed', problems);
    for (const id of known) if (!kept.has(id)) await deleteRecord(ctx, tx, child, caller, id);
    for (const write of writes) await write();
  }
}
