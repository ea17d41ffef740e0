import type { Queryable, RequestAuth } from '@propdesk/server-kit';
import { sql, type RawBuilder } from 'kysely';
import {
  columnOf,
  formatScalar,
  labelFieldOf,
  optionPartField,
  type FieldDef,
  type OptionPart,
  type PickMatch,
  type PickerOption,
  type Registry,
  type ResourceDef,
} from '../model/index.js';
import type { EngineContext } from './records.js';
import { searchWordSql } from './select.js';
import { searchWords } from './fold.js';
import { qb, run } from './sql.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many words of a search are matched (each against everything the option shows). */
const MAX_WORDS = 6;

export type OptionsQuery = {
  q?: string | undefined;
  /** Comma-separated ids: name these records (with `for`, only those its field may take). */
  ids?: string | undefined;
  /** `resource.field` of the reference being picked: its `pickWhere` and `pickMatch` narrow the options. */
  for?: string | undefined;
  /** The form's values of the fields `pickMatch` names: `project:<id>,unit:<id>`. */
  match?: string | undefined;
};

const ref = (alias: string, def: ResourceDef, name: string) => sql.ref(`${alias}.${columnOf(name, def.fields[name])}`);

/** The label column of a resource's row under `alias`. */
function labelOf(def: ResourceDef, alias: string): RawBuilder<unknown> {
  return ref(alias, def, labelFieldOf(def));
}

/** What an option part shows, as SQL text on the row `t` (a reference's label read from its table). */
function partSql(registry: Registry, def: ResourceDef, part: OptionPart): RawBuilder<unknown> {
  const name = optionPartField(part);
  const field = def.fields[name]!;
  if (field.kind === 'reference' && field.ref) {
    const target = registry.get(field.ref);
    return sql`(select ${labelOf(target, 'o')}::text from ${sql.table(target.table)} as o where o.id = ${ref('t', def, name)})`;
  }
  const last = typeof part === 'string' ? undefined : part.last;
  return last ? sql`right(${ref('t', def, name)}::text, ${last}::int)` : sql`${ref('t', def, name)}::text`;
}

/** The text a search word is matched against for a part (enum values as they read: "on hold"). */
function searchSql(registry: Registry, def: ResourceDef, part: OptionPart, field: FieldDef): RawBuilder<unknown> {
  const shown = partSql(registry, def, part);
  return field.kind === 'enum' ? sql`replace(${shown}, '_', ' ')` : shown;
}

/** An option part as a person reads it: "Block A", "…4567", "Palm Hills". */
export function partText(def: ResourceDef, part: OptionPart, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const name = optionPartField(part);
  const field = def.fields[name];
  const options: { prefix?: string; last?: number } = typeof part === 'string' ? {} : part;
  const text = field?.kind === 'reference' || options.last ? String(value) : formatScalar(field, value);
  return `${options.prefix ?? ''}${options.last ? `…${text}` : text}`;
}

/** The detail line of an option from its parts' values: "Palm Hills · Block A". */
export function detailText(def: ResourceDef, values: readonly unknown[]): string {
  return (def.optionDetail ?? [])
    .map((part, index) => partText(def, part, values[index]))
    .filter((text) => text !== '')
    .join(' · ');
}

/** The form's values named in `match`: `project:<id>,unit:<id>` (ids only). */
export function parseMatch(text: string | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const pair of (text ?? '').split(',')) {
    const [field, id] = pair.split(':');
    if (field && id && UUID.test(id)) values.set(field, id);
  }
  return values;
}

/**
 * The condition on the picked resource's row `t` for a `pickMatch`, given the id the form's field holds:
 * the target equals it, or (with `through`) the chosen record's `through` field; empty targets too with `orEmpty`.
 */
export function matchSql(registry: Registry, owner: ResourceDef, picked: ResourceDef, match: PickMatch, sourceId: string): RawBuilder<unknown> {
  const target = ref('t', picked, match.target);
  let expected: RawBuilder<unknown> = sql`${sourceId}::uuid`;
  if (match.through) {
    const source = registry.get(owner.fields[match.field]!.ref!);
    expected = sql`(select ${ref('s', source, match.through)} from ${sql.table(source.table)} as s where s.id = ${sourceId}::uuid)`;
  }
  return match.orEmpty ? sql`(${target} = ${expected} or ${target} is null)` : sql`${target} = ${expected}`;
}

/**
 * A picker's options (`GET /api/{resource}/options`): active records (or the ones `ids` names), at most 20,
 * each with its label and the detail its definition declares, searched word by word in all of it; a picker
 * of a reference with `pickWhere` or `pickMatch` (`for`) offers only what that field may take.
 */
export async function pickerOptions(ctx: EngineContext, db: Queryable, def: ResourceDef, auth: RequestAuth | null, query: OptionsQuery): Promise<PickerOption[]> {
  const label = labelOf(def, 't');
  const parts = def.optionDetail ?? [];
  const ids = query.ids ? query.ids.split(',').filter((id) => UUID.test(id)) : null;
  const where = [ids ? sql`t.id = any(${ids}::uuid[])` : def.hasActive === false ? sql`true` : sql`t.active`];
  if (!ids && def.archivedBy) where.push(sql`${sql.ref(`t.${columnOf(def.archivedBy, def.fields[def.archivedBy])}`)} is null`);
  const words = ids ? [] : searchWords(query.q, MAX_WORDS);
  const shown = [label, ...(def.codeField ? [ref('t', def, def.codeField)] : []), ...parts.map((part) => searchSql(ctx.registry, def, part, def.fields[optionPartField(part)]!))];
  for (const word of words) where.push(searchWordSql(shown, word));
  const scope = ctx.rowScope ? ctx.rowScope(def, auth) : null;
  if (scope) where.push(scope);
  // Named by id with `for`, a value is checked against what its field may take now (a form whose project changed).
  where.push(...narrowing(ctx.registry, def, query));
  const detail = parts.map((part, index) => partSql(ctx.registry, def, part).as(`d${index}`));
  const rows = await run<Record<string, unknown> & { id: string; label: string }>(
    db,
    qb
      .selectFrom(`${def.table} as t`)
      .select([sql`t.id::text`.as('id'), sql`${label}::text`.as('label'), ...detail] as never)
      .where(sql.join(where, sql` and `) as never)
      .orderBy(label as never)
      .orderBy(sql`t.id` as never)
      .limit(ids ? 500 : 20),
  );
  return rows.map((row) => {
    const text = detailText(def, parts.map((_part, index) => row[`d${index}`]));
    return text ? { id: row.id, label: row.label, detail: text } : { id: row.id, label: row.label };
  });
}

/** The conditions of the picked field (`for`): its `pickWhere` values, and its `pickMatch` against the form's values. */
function narrowing(registry: Registry, def: ResourceDef, query: OptionsQuery): RawBuilder<unknown>[] {
  const [ownerName, fieldName] = (query.for ?? '').split('.');
  const owner = ownerName ? registry.find(ownerName) : undefined;
  const picking = owner && fieldName ? owner.fields[fieldName] : undefined;
  if (!owner || picking?.ref !== def.name) return [];
  const conditions: RawBuilder<unknown>[] = [];
  for (const [key, allowed] of Object.entries(picking.pickWhere ?? {})) {
    if (def.fields[key]) conditions.push(sql`${ref('t', def, key)}::text = any(${[...allowed]}::text[])`);
  }
  const match = picking.pickMatch;
  const sourceId = match ? parseMatch(query.match).get(match.field) : undefined;
  if (match && sourceId) conditions.push(matchSql(registry, owner, def, match, sourceId));
  return conditions;
}
