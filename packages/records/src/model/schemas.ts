import { z } from 'zod';
import { isEmptyValue, isShown, writableFields, type FieldDef, type FieldError, type ResourceDef } from './definition.js';
import { E164_MESSAGE, isE164, toE164 } from './phones.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^-?\d{1,16}(\.\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE = /^\+?[0-9][0-9 ()-]{4,22}$/;
const COLOR = /^#[0-9a-f]{6}$/i;

export function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** '' and whitespace-only text mean "no value", as a person leaves an input empty. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * Where a value comes from. A JSON body is typed: an integer is a JSON number, a yes/no a JSON
 * boolean, an amount a JSON number or a decimal string, and nothing is coerced (`"5"` is not 5,
 * `true` is not 1). CSV cells, query strings and a form's inputs are text: `'text'` reads them
 * first ("1,250" → 1250, "yes" → true, a JSON cell parsed) and then checks them with the same rules.
 */
export type ValueSource = 'json' | 'text';

const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0']);

/** Text as the typed value it stands for; anything it cannot read is left for the typed check to refuse. */
export function valueFromText(field: FieldDef, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  switch (field.kind) {
    case 'integer': {
      const plain = text.replace(/[,\s]/g, '');
      return /^[-+]?\d{1,16}$/.test(plain) ? Number(plain) : value;
    }
    case 'decimal':
    case 'money':
    case 'percent':
      return text.replace(/[,\s]/g, '').replace(field.kind === 'percent' ? /%$/ : /$^/, '');
    case 'boolean': {
      const lower = text.toLowerCase();
      return YES.has(lower) ? true : NO.has(lower) ? false : value;
    }
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    case 'phone':
      // "0100 123 4567" in a CSV cell is the Egyptian mobile +201001234567.
      return field.e164 && !isE164(text) ? (toE164(text) ?? value) : value;
    default:
      return value;
  }
}

function decimalSchema(scale: number, field: FieldDef) {
  return z
    .union([z.number(), z.string()], { error: 'Must be a number' })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
      if (!DECIMAL.test(text)) {
        ctx.addIssue({ code: 'custom', message: 'Must be a number' });
        return z.NEVER;
      }
      const [, fraction = ''] = text.split('.');
      if (fraction.length > scale) {
        ctx.addIssue({ code: 'custom', message: scale === 0 ? 'Must be a whole number' : `At most ${scale} decimal places` });
        return z.NEVER;
      }
      const range = outOfRange(field, Number(text));
      if (range) {
        ctx.addIssue({ code: 'custom', message: range });
        return z.NEVER;
      }
      return text;
    });
}

/** The field's bounds, in words, when a number falls outside them. */
function outOfRange(field: FieldDef, numeric: number): string | null {
  if (field.min !== undefined && numeric < field.min) return `Must be at least ${field.min}`;
  if (field.max !== undefined && numeric > field.max) return `Must be at most ${field.max}`;
  return null;
}

function integerSchema(field: FieldDef) {
  return z.number({ error: 'Must be a whole number' }).transform((numeric, ctx) => {
    if (!Number.isSafeInteger(numeric)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a whole number' });
      return z.NEVER;
    }
    const range = outOfRange(field, numeric);
    if (range) {
      ctx.addIssue({ code: 'custom', message: range });
      return z.NEVER;
    }
    return numeric;
  });
}

/** The schema of one field's value when present (not null): typed JSON by default, or text read first. */
export function valueSchema(field: FieldDef, source: ValueSource = 'json'): z.ZodType<unknown> {
  const typed = typedValueSchema(field, source);
  return source === 'text' ? z.preprocess((value) => valueFromText(field, value), typed) : typed;
}

function typedValueSchema(field: FieldDef, source: ValueSource): z.ZodType<unknown> {
  switch (field.kind) {
    case 'text':
    case 'longtext': {
      const max = field.maxLength ?? (field.kind === 'text' ? 200 : 5000);
      return z.string({ error: 'Must be text' }).trim().max(max, `At most ${max} characters`);
    }
    case 'email':
      return z.string({ error: 'Must be text' }).trim().max(254).pipe(z.email({ error: 'Must be a valid email address' }));
    case 'phone':
      if (field.e164) return z.string({ error: 'Must be text' }).trim().refine(isE164, E164_MESSAGE);
      return z.string({ error: 'Must be text' }).trim().regex(PHONE, 'Must be a phone number');
    case 'url':
      return z.string({ error: 'Must be text' }).trim().max(2000).pipe(z.url({ error: 'Must be a web address' }));
    case 'color':
      return z.string({ error: 'Must be text' }).trim().regex(COLOR, 'Must be a colour like #1a73e8');
    case 'integer':
      return integerSchema(field);
    case 'decimal':
      return decimalSchema(field.scale ?? 4, field);
    case 'money':
      return decimalSchema(2, { ...field, min: field.min ?? 0 });
    case 'percent':
      return decimalSchema(4, { ...field, min: field.min ?? 0, max: field.max ?? 100 });
    case 'boolean':
      return z.boolean({ error: 'Must be yes or no (true or false)' });
    case 'date':
      return z
        .string({ error: 'Must be a date' })
        .trim()
        .refine(isValidDate, source === 'text' ? 'Must be a whole date: day, month and year' : 'Must be a real date (YYYY-MM-DD)');
    case 'datetime':
      return z.iso.datetime({ offset: true, error: 'Must be a date and time' });
    case 'enum':
      return z.enum(field.options as [string, ...string[]], { error: `Must be one of: ${(field.options ?? []).join(', ')}` });
    case 'reference':
      return z.string({ error: 'Must be a record id' }).regex(UUID, 'Must be a record id');
    case 'references':
      return z.array(z.string().regex(UUID, 'Must be a record id'), { error: 'Must be a list of record ids' }).max(500);
    case 'json':
      return field.columns ? rowsSchema(field, field.columns, source) : z.json();
  }
}

/**
 * A `columns` field: a list of rows, each cell checked by its column's rules (errors name
 * `tiers.2.pct`). Numbers are stored as JSON numbers, amounts as decimal strings; every column is
 * present in each stored row (null when empty).
 */
function rowsSchema(field: FieldDef, columns: Readonly<Record<string, FieldDef>>, source: ValueSource) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, column] of Object.entries(columns)) {
    const stored = valueSchema(column, source).transform((value) =>
      (column.kind === 'decimal' || column.kind === 'percent') && typeof value === 'string' ? Number(value) : value,
    );
    shape[name] = column.required
      ? z.preprocess(blankToNull, z.unknown().superRefine(requireValue).pipe(stored))
      : z.preprocess(blankToNull, stored.nullable().optional());
  }
  const max = field.maxRows ?? 100;
  return z
    .array(z.strictObject(shape), { error: 'Must be a list of rows' })
    .max(max, `At most ${max} rows`)
    .transform((rows) => rows.map((row) => Object.fromEntries(Object.keys(columns).map((name) => [name, (row as Record<string, unknown>)[name] ?? null]))));
}

function requireValue(value: unknown, ctx: z.RefinementCtx) {
  if (value === null || value === undefined) ctx.addIssue({ code: 'custom', message: 'Required' });
}

function fieldSchema(field: FieldDef, mode: 'create' | 'update', source: ValueSource) {
  const inner = valueSchema(field, source);
  const needed = field.required && (mode === 'update' || field.default === undefined || field.default === null);
  const required = z.preprocess(blankToNull, z.unknown().superRefine(requireValue).pipe(inner));
  if (needed) return mode === 'update' ? required.optional() : required;
  return z.preprocess(blankToNull, inner.nullable().optional());
}

export type SchemaOptions = { source?: ValueSource };

/** The body of `POST /api/{resource}`: writable fields only, unknown keys refused. */
export function createSchema(def: ResourceDef, options: SchemaOptions = {}) {
  const source = options.source ?? 'json';
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writableFields(def)) shape[name] = fieldSchema(field, 'create', source);
  if (def.hasActive !== false) shape.active = (source === 'text' ? valueSchema({ kind: 'boolean', label: 'Active' }, 'text') : z.boolean({ error: 'Must be yes or no (true or false)' })).optional();
  const base = z.strictObject(shape);
  const rule = def.rule;
  const conditional = Object.values(def.fields).some((field) => field.showWhen);
  if (!rule && !conditional) return base;
  return base.superRefine((values, ctx) => {
    for (const problem of hiddenValueErrors(def, withDefaults(def, values))) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    if (rule) addRuleIssues(rule, values, ctx);
  });
}

/** The body of `PATCH /api/{resource}/{id}`: any writable fields plus the `version` read. */
export function updateSchema(def: ResourceDef, options: SchemaOptions = {}) {
  const source = options.source ?? 'json';
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writableFields(def)) shape[name] = fieldSchema(field, 'update', source);
  if (def.hasActive !== false) shape.active = (source === 'text' ? valueSchema({ kind: 'boolean', label: 'Active' }, 'text') : z.boolean({ error: 'Must be yes or no (true or false)' })).optional();
  shape.version = z.number({ error: 'Must be the version you read' }).int().positive();
  return z.strictObject(shape);
}

/** A new record's values with the defaults the server fills in. */
function withDefaults(def: ResourceDef, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...values };
  for (const [name, field] of Object.entries(def.fields)) if (merged[name] === undefined && field.default !== undefined) merged[name] = field.default;
  return merged;
}

const optionText = (option: string | boolean) => (typeof option === 'boolean' ? (option ? 'yes' : 'no') : option.replace(/_/g, ' '));

/**
 * A value in a field its `showWhen` hides (a fixed amount on a percentage commission) is refused,
 * not silently dropped: the caller clears it (the form sends null for the fields it hides).
 */
export function hiddenValueErrors(def: ResourceDef, values: Readonly<Record<string, unknown>>): FieldError[] {
  const problems: FieldError[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.showWhen || isShown(field, values) || isEmptyValue(values[name])) continue;
    const condition = def.fields[field.showWhen.field];
    problems.push({
      field: name,
      message: `Only when ${(condition?.label ?? field.showWhen.field).toLowerCase()} is ${field.showWhen.in.map(optionText).join(' or ')}: leave it empty`,
    });
  }
  return problems;
}

export function addRuleIssues(
  rule: NonNullable<ResourceDef['rule']>,
  values: Readonly<Record<string, unknown>>,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) {
  for (const problem of rule(values)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

/** Runs a definition's cross-field rule over a whole record; the server runs it on the merged record of an update. */
export function ruleErrors(def: ResourceDef, values: Readonly<Record<string, unknown>>): FieldError[] {
  return [...hiddenValueErrors(def, values), ...(def.rule ? def.rule(values) : [])];
}
