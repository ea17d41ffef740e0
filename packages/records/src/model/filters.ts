import { z } from 'zod';
import { BASE_FIELDS, isFilterable, isNumberKind, isSortable, isTextKind, type FieldDef, type FieldKind, type ResourceDef } from './definition.js';
import { valueSchema } from './schemas.js';

/**
 * One filter model everywhere: a tree of conditions joined by AND and OR. The list URL, saved
 * views, export, bulk actions and the API all carry this tree; the server turns it into SQL.
 */
export const FILTER_OPS = ['eq', 'ne', 'contains', 'startsWith', 'gt', 'gte', 'lt', 'lte', 'in', 'empty', 'notEmpty'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export type FilterCondition = { field: string; op: FilterOp; value?: unknown };
export type FilterGroup = { join: 'and' | 'or'; children: FilterNode[] };
export type FilterNode = FilterCondition | FilterGroup;

export const isGroup = (node: FilterNode): node is FilterGroup => 'join' in node;

const MAX_DEPTH = 4;
const MAX_CONDITIONS = 50;

const conditionSchema = z.strictObject({
  field: z.string().min(1).max(64),
  op: z.enum(FILTER_OPS),
  value: z.unknown().optional(),
});

type RawNode = z.infer<typeof conditionSchema> | { join: 'and' | 'or'; children: RawNode[] };

// Named (`components.schemas.FilterNode`): a recursive schema needs a name to be referred to in the OpenAPI document.
export const filterNodeSchema: z.ZodType<RawNode> = z.lazy(() =>
  z.union([conditionSchema, z.strictObject({ join: z.enum(['and', 'or']), children: z.array(filterNodeSchema).max(MAX_CONDITIONS) })]),
).meta({ id: 'FilterNode' });

/** The kinds each operator applies to. */
export function opsFor(kind: FieldKind): readonly FilterOp[] {
  if (kind === 'boolean') return ['eq', 'ne', 'empty', 'notEmpty'];
  if (kind === 'enum' || kind === 'reference') return ['eq', 'ne', 'in', 'empty', 'notEmpty'];
  if (kind === 'references') return ['eq', 'in', 'empty', 'notEmpty'];
  if (isNumberKind(kind) || kind === 'date' || kind === 'datetime') return ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'empty', 'notEmpty'];
  if (isTextKind(kind)) return ['eq', 'ne', 'contains', 'startsWith', 'in', 'empty', 'notEmpty'];
  return ['empty', 'notEmpty'];
}

export type FilterField = { name: string; field: FieldDef };

const BASE_FILTER_FIELDS: Record<string, FieldDef> = {
  createdOn: { kind: 'datetime', label: 'Created on' },
  modifiedOn: { kind: 'datetime', label: 'Modified on' },
  createdBy: { kind: 'reference', label: 'Created by', ref: 'users' },
  modifiedBy: { kind: 'reference', label: 'Modified by', ref: 'users' },
  active: { kind: 'boolean', label: 'Active' },
};

/** A field the list may filter by, including the base fields; undefined when unknown or not filterable. */
export function filterField(def: ResourceDef, name: string): FieldDef | undefined {
  const own = Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
  if (own) return isFilterable(own) ? own : undefined;
  if (name === 'active' && def.hasActive === false) return undefined;
  return Object.hasOwn(BASE_FILTER_FIELDS, name) ? BASE_FILTER_FIELDS[name] : undefined;
}

export function sortField(def: ResourceDef, name: string): FieldDef | undefined {
  const own = Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
  if (own) return isSortable(own) ? own : undefined;
  if (name === 'active' && def.hasActive === false) return undefined;
  return Object.hasOwn(BASE_FILTER_FIELDS, name) && (BASE_FIELDS as readonly string[]).includes(name) ? BASE_FILTER_FIELDS[name] : undefined;
}

export class FilterError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

function parseValue(field: FieldDef, name: string, op: FilterOp, value: unknown): unknown {
  if (op === 'empty' || op === 'notEmpty') return undefined;
  const scalarKind: FieldDef = field.kind === 'references' ? { ...field, kind: 'reference' } : field;
  const schema = op === 'contains' || op === 'startsWith' ? z.string().max(200) : valueSchema(scalarKind, 'text');
  if (op === 'in') {
    const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    if (list.length === 0 || list.length > 200) throw new FilterError(name, 'Needs between 1 and 200 values');
    return list.map((item) => {
      const parsed = schema.safeParse(typeof item === 'string' ? item.trim() : item);
      if (!parsed.success) throw new FilterError(name, parsed.error.issues[0]?.message ?? 'Invalid value');
      return parsed.data;
    });
  }
  if (value === undefined || value === null || value === '') throw new FilterError(name, 'Needs a value');
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new FilterError(name, parsed.error.issues[0]?.message ?? 'Invalid value');
  return parsed.data;
}

/** Checks a tree against a definition: known filterable fields, operators that fit them, typed values. */
export function validateFilter(def: ResourceDef, node: unknown, depth = 0): FilterNode {
  const parsed = filterNodeSchema.safeParse(node);
  if (!parsed.success) throw new FilterError('where', 'The filter is not a valid condition tree');
  return check(def, parsed.data, depth, { count: 0 });
}

function check(def: ResourceDef, node: RawNode, depth: number, counter: { count: number }): FilterNode {
  if ('join' in node) {
    if (depth >= MAX_DEPTH) throw new FilterError('where', `Conditions nest at most ${MAX_DEPTH} deep`);
    return { join: node.join, children: node.children.map((child) => check(def, child, depth + 1, counter)) };
  }
  counter.count += 1;
  if (counter.count > MAX_CONDITIONS) throw new FilterError('where', `At most ${MAX_CONDITIONS} conditions`);
  const field = filterField(def, node.field);
  if (!field) throw new FilterError(node.field, `Cannot filter by ${node.field}`);
  if (!opsFor(field.kind).includes(node.op)) throw new FilterError(node.field, `Cannot use ${node.op} on ${field.label}`);
  const value = parseValue(field, node.field, node.op, node.value);
  return value === undefined ? { field: node.field, op: node.op } : { field: node.field, op: node.op, value };
}

const FILTER_KEY = /^filter\[([A-Za-z][A-Za-z0-9]{0,63})\](?:\[([A-Za-z]{1,16})\])?$/;

/**
 * The list query of api.md: `filter[field]=v` (equals) and `filter[field][op]=v`, ANDed with the
 * `where` tree (JSON). Throws FilterError naming the field for anything unknown.
 */
export function parseListFilter(def: ResourceDef, query: Readonly<Record<string, unknown>>): FilterNode | null {
  const children: FilterNode[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith('filter')) continue;
    const match = FILTER_KEY.exec(key);
    if (!match) throw new FilterError(key, 'Use filter[field] or filter[field][op]');
    const op = (match[2] ?? 'eq') as FilterOp;
    if (!(FILTER_OPS as readonly string[]).includes(op)) throw new FilterError(match[1]!, `Unknown operator ${op}`);
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    children.push({ field: match[1]!, op, value: op === 'empty' || op === 'notEmpty' ? undefined : value });
  }
  const where = query.where;
  if (typeof where === 'string' && where.trim() !== '') {
    let tree: unknown;
    try {
      tree = JSON.parse(where);
    } catch {
      throw new FilterError('where', 'The filter is not valid JSON');
    }
    children.push(tree as FilterNode);
  }
  if (children.length === 0) return null;
  return validateFilter(def, { join: 'and', children });
}

export type SortTerm = { field: string; desc: boolean };

/** `sort=name,-createdOn`: known sortable fields only, at most 5. */
export function parseSort(def: ResourceDef, sort: string | undefined): SortTerm[] {
  const text = sort && sort.trim() !== '' ? sort : def.defaultSort.join(',');
  const terms = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (terms.length > 5) throw new FilterError('sort', 'Sort by at most 5 fields');
  return terms.map((term) => {
    const desc = term.startsWith('-');
    const name = desc ? term.slice(1) : term;
    if (name !== 'id' && !sortField(def, name)) throw new FilterError('sort', `Cannot sort by ${name}`);
    return { field: name, desc };
  });
}
