import { z } from 'zod';
import { writableFields, type FieldDef, type ResourceDef } from './definition.js';

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

function decimalSchema(scale: number, field: FieldDef) {
  return z
    .union([z.number(), z.string()], { error: 'Must be a number' })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(/,/g, '');
      if (!DECIMAL.test(text)) {
        ctx.addIssue({ code: 'custom', message: 'Must be a number' });
        return z.NEVER;
      }
      const [, fraction = ''] = text.split('.');
      if (fraction.length > scale) {
        ctx.addIssue({ code: 'custom', message: scale === 0 ? 'Must be a whole number' : `At most ${scale} decimal places` });
        return z.NEVER;
      }
      const numeric = Number(text);
      if (field.min !== undefined && numeric < field.min) {
        ctx.addIssue({ code: 'custom', message: `Must be at least ${field.min}` });
        return z.NEVER;
      }
      if (field.max !== undefined && numeric > field.max) {
        ctx.addIssue({ code: 'custom', message: `Must be at most ${field.max}` });
        return z.NEVER;
      }
      return text;
    });
}

/** The schema of one field's value when present (not null). */
export function valueSchema(field: FieldDef): z.ZodType<unknown> {
  switch (field.kind) {
    case 'text':
    case 'longtext': {
      const max = field.maxLength ?? (field.kind === 'text' ? 200 : 5000);
      return z.string({ error: 'Must be text' }).trim().max(max, `At most ${max} characters`);
    }
    case 'email':
      return z.string({ error: 'Must be text' }).trim().max(254).pipe(z.email({ error: 'Must be a valid email address' }));
    case 'phone':
      return z.string({ error: 'Must be text' }).trim().regex(PHONE, 'Must be a phone number');
    case 'url':
      return z.string({ error: 'Must be text' }).trim().max(2000).pipe(z.url({ error: 'Must be a web address' }));
    case 'color':
      return z.string({ error: 'Must be text' }).trim().regex(COLOR, 'Must be a colour like #1a73e8');
    case 'integer':
      return z
        .union([z.number(), z.string()], { error: 'Must be a whole number' })
        .transform((value, ctx) => {
          const numeric = typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
          if (!Number.isSafeInteger(numeric)) {
            ctx.addIssue({ code: 'custom', message: 'Must be a whole number' });
            return z.NEVER;
          }
          if (field.min !== undefined && numeric < field.min) {
            ctx.addIssue({ code: 'custom', message: `Must be at least ${field.min}` });
            return z.NEVER;
          }
          if (field.max !== undefined && numeric > field.max) {
            ctx.addIssue({ code: 'custom', message: `Must be at most ${field.max}` });
            return z.NEVER;
          }
          return numeric;
        });
    case 'decimal':
      return decimalSchema(field.scale ?? 4, field);
    case 'money':
      return decimalSchema(2, { ...field, min: field.min ?? 0 });
    case 'percent':
      return decimalSchema(4, { ...field, min: field.min ?? 0, max: field.max ?? 100 });
    case 'boolean':
      return z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'Must be yes or no' }).transform((value) => value === true || value === 'true');
    case 'date':
      return z.string({ error: 'Must be a date' }).trim().refine(isValidDate, 'Must be a date (YYYY-MM-DD)');
    case 'datetime':
      return z.iso.datetime({ offset: true, error: 'Must be a date and time' });
    case 'enum':
      return z.enum(field.options as [string, ...string[]], { error: `Must be one of: ${(field.options ?? []).join(', ')}` });
    case 'reference':
      return z.string({ error: 'Must be a record id' }).regex(UUID, 'Must be a record id');
    case 'references':
      return z.array(z.string().regex(UUID, 'Must be a record id'), { error: 'Must be a list of record ids' }).max(500);
    case 'json':
      return z.json();
  }
}

function fieldSchema(field: FieldDef, mode: 'create' | 'update') {
  const inner = valueSchema(field);
  const needed = field.required && (mode === 'update' || field.default === undefined || field.default === null);
  const required = z.preprocess(
    blankToNull,
    z.unknown().superRefine((value, ctx) => {
      if (value === null || value === undefined) ctx.addIssue({ code: 'custom', message: 'Required' });
    }).pipe(inner),
  );
  if (needed) return mode === 'update' ? required.optional() : required;
  return z.preprocess(blankToNull, inner.nullable().optional());
}

/** The body of `POST /api/{resource}`: writable fields only, unknown keys refused. */
export function createSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writableFields(def)) shape[name] = fieldSchema(field, 'create');
  if (def.hasActive !== false) shape.active = z.boolean({ error: 'Must be yes or no' }).optional();
  const base = z.strictObject(shape);
  const rule = def.rule;
  return rule ? base.superRefine((values, ctx) => addRuleIssues(rule, values, ctx)) : base;
}

/** The body of `PATCH /api/{resource}/{id}`: any writable fields plus the `version` read. */
export function updateSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writableFields(def)) shape[name] = fieldSchema(field, 'update');
  if (def.hasActive !== false) shape.active = z.boolean({ error: 'Must be yes or no' }).optional();
  shape.version = z.number({ error: 'Must be the version you read' }).int().positive();
  return z.strictObject(shape);
}

export function addRuleIssues(
  rule: NonNullable<ResourceDef['rule']>,
  values: Readonly<Record<string, unknown>>,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) {
  for (const problem of rule(values)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

/** Runs a definition's cross-field rule over a whole record; the server runs it on the merged record of an update. */
export function ruleErrors(def: ResourceDef, values: Readonly<Record<string, unknown>>) {
  return def.rule ? def.rule(values) : [];
}
