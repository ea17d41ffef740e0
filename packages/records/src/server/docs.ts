import { dateString, dateTimeString, decimalString, listEnvelope, okEnvelope } from '@propdesk/server-kit';
import { z } from 'zod';
import { valueSchema, type ActionDef, type FieldDef, type Registry, type ResourceDef } from '../model/index.js';

/**
 * The OpenAPI description of the engine's calls, built from the same definitions (and, for text,
 * the same `valueSchema` zod schemas: lengths, patterns) the engine validates and answers with
 * (decision 150). Documentation only: nothing here validates or serializes.
 */

const numberOrDecimal = (what: string) => z.union([z.number(), decimalString]).meta({ description: `${what}: a number or a decimal string; answered as a decimal string` });

/** One field's value as a caller sends it (`input`) or the engine answers it (`output`). */
export function fieldValueDoc(field: FieldDef, io: 'input' | 'output'): z.ZodType {
  const described = (schema: z.ZodType) => (field.label ? schema.meta({ title: field.label }) : schema);
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'phone':
    case 'color':
      return described(io === 'input' ? valueSchema(field) : z.string());
    case 'email':
      return described(z.email().max(254));
    case 'url':
      return described(z.url().max(2000));
    case 'integer': {
      let schema = z.int();
      if (field.min !== undefined) schema = schema.min(field.min);
      if (field.max !== undefined) schema = schema.max(field.max);
      return described(schema);
    }
    case 'money':
      return described(io === 'input' ? numberOrDecimal('An amount (2 places)') : decimalString);
    case 'decimal':
    case 'percent':
      return described(io === 'input' ? numberOrDecimal(field.kind === 'percent' ? 'A percentage (0–100)' : 'A decimal') : decimalString);
    case 'boolean':
      return described(z.boolean());
    case 'date':
      return described(dateString);
    case 'datetime':
      return described(dateTimeString);
    case 'enum':
      return described(z.enum(field.options as [string, ...string[]]));
    case 'reference':
      return described(z.uuid().meta({ description: `A record id (${field.ref ?? 'record'})` }));
    case 'references':
      return described(z.array(z.uuid()).max(500).meta({ description: `Record ids (${field.ref ?? 'records'})` }));
    case 'json': {
      if (!field.columns) return described(z.unknown());
      const row: Record<string, z.ZodType> = {};
      for (const [name, column] of Object.entries(field.columns)) {
        const cell = fieldValueDoc(column, io);
        row[name] = column.required ? cell : cell.nullable().optional();
      }
      return described(z.array(z.object(row)).max(field.maxRows ?? 100));
    }
  }
}

const writable = (def: ResourceDef) => Object.entries(def.fields).filter(([, field]) => !field.readOnly);

function bodyShape(def: ResourceDef, mode: 'create' | 'update', skip?: string): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writable(def)) {
    if (name === skip) continue;
    const value = fieldValueDoc(field, 'input');
    const needed = mode === 'create' && field.required && (field.default === undefined || field.default === null);
    shape[name] = needed ? value : field.required ? value.optional() : value.nullable().optional();
  }
  if (def.hasActive !== false) shape.active = z.boolean().optional();
  return shape;
}

function linesShape(registry: Registry, def: ResourceDef, mode: 'create' | 'update'): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, spec] of Object.entries(def.children ?? {})) {
    const child = registry.get(spec.resource);
    const line = z.object({ id: z.uuid().optional().meta({ description: 'An existing line (left out: a new line)' }), ...bodyShape(child, 'create', spec.parentField) });
    shape[key] = z
      .array(line)
      .max(500)
      .optional()
      .meta({ description: `The ${key}: ${mode === 'create' ? 'created with it' : 'lines with an id are changed, new ones created, the others deleted'}` });
  }
  return shape;
}

/**
 * The named schemas of one definition (`components.schemas.Lead`, `LeadCreate`, `LeadUpdate`, ...),
 * made once per definition and process: zod's global registry holds each id once, and every app
 * built in this process has the same definitions and hooks.
 */
const named = new WeakMap<ResourceDef, Map<string, z.ZodType>>();
function once(def: ResourceDef, suffix: string, make: () => z.ZodType): z.ZodType {
  let byName = named.get(def);
  if (!byName) named.set(def, (byName = new Map()));
  const found = byName.get(suffix);
  if (found) return found;
  const id = `${def.name.replace(/(^|[-_])([a-z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase())}${suffix}`;
  const schema = make().meta({ id });
  byName.set(suffix, schema);
  return schema;
}

/** The body of `POST /api/{resource}`: required fields, the domain's extra fields, and the child lines. */
export function createBodyDoc(registry: Registry, def: ResourceDef, extra: z.ZodRawShape): z.ZodType {
  return once(def, 'Create', () => z.strictObject({ ...bodyShape(def, 'create'), ...extra, ...linesShape(registry, def, 'create') }));
}

/** The body of `PATCH /api/{resource}/{id}`: any writable field, and the version read. */
export function updateBodyDoc(registry: Registry, def: ResourceDef, extra: z.ZodRawShape): z.ZodType {
  return once(def, 'Update', () => updateBody(registry, def, extra));
}

function updateBody(registry: Registry, def: ResourceDef, extra: z.ZodRawShape): z.ZodType {
  const optionalExtra = Object.fromEntries(Object.entries(extra).map(([name, schema]) => [name, (schema as z.ZodType).optional()]));
  return z.strictObject({
    ...bodyShape(def, 'update'),
    ...optionalExtra,
    ...linesShape(registry, def, 'update'),
    version: z.int().positive().meta({ description: 'The version you read (409 when someone saved in between)' }),
  });
}

/** A record as the engine answers it: the base fields, every readable field, the referenced records' names. */
export function recordDoc(registry: Registry, def: ResourceDef, withLines = false): z.ZodType {
  const lines = withLines && Object.keys(def.children ?? {}).length > 0;
  return once(def, lines ? 'WithLines' : '', () => record(registry, def, lines));
}

function record(registry: Registry, def: ResourceDef, withLines: boolean): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    id: z.uuid(),
    version: z.int(),
    createdOn: dateTimeString,
    modifiedOn: dateTimeString,
    createdBy: z.uuid().nullable(),
    modifiedBy: z.uuid().nullable(),
    refLabels: z.record(z.string(), z.union([z.string(), z.array(z.string())]).nullable()).meta({ description: 'The names of the referenced records, by field' }),
  };
  if (def.hasActive !== false) shape.active = z.boolean();
  // A protected field the caller may not read is left out of the answer, so fields are optional.
  for (const [name, field] of Object.entries(def.fields)) shape[name] = fieldValueDoc(field, 'output').nullable().optional();
  if (withLines) for (const [key, spec] of Object.entries(def.children ?? {})) shape[key] = z.array(recordDoc(registry, registry.get(spec.resource))).optional();
  // A domain may add computed facts to one record's answer (`extendRecord`).
  return z.looseObject(shape);
}

export const historyEntryDoc = z.object({
  id: z.string(),
  at: dateTimeString,
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  source: z.enum(['screen', 'import', 'api', 'action', 'job', 'system']),
  action: z.string(),
  changes: z.record(
    z.string(),
    z.object({
      before: z.unknown(),
      after: z.unknown(),
      beforeLabel: z.union([z.string(), z.array(z.string())]).nullable().optional(),
      afterLabel: z.union([z.string(), z.array(z.string())]).nullable().optional(),
    }),
  ),
  reason: z.string().nullable(),
});

export const usageDoc = z.object({ resource: z.string(), label: z.string(), field: z.string(), count: z.int(), route: z.string().nullable() });

export const pickerOptionDoc = z.object({ id: z.uuid(), label: z.string(), detail: z.string().optional() });

export const importReportDoc = z.object({
  dryRun: z.boolean(),
  committed: z.boolean(),
  total: z.int(),
  valid: z.int(),
  invalid: z.int(),
  created: z.int(),
  updated: z.int(),
  columns: z.array(z.object({ column: z.string(), field: z.string().nullable() })),
  rows: z.array(z.object({ row: z.int(), errors: z.array(z.object({ field: z.string(), message: z.string() })) })),
});

export const uniqueDoc = z.object({
  available: z.boolean(),
  clash: z.object({ id: z.uuid(), label: z.string(), link: z.string().nullable() }).nullable(),
});

export const deleteDoc = z.object({ deleted: z.boolean(), deactivated: z.boolean(), usage: z.array(usageDoc) });

/** The path of `POST /api/{resource}/{id}/actions/{action}`: the action is one of the definition's. */
export function actionParamsDoc(actions: Readonly<Record<string, ActionDef>>): z.ZodType {
  const names = Object.keys(actions) as [string, ...string[]];
  const lines = Object.entries(actions).map(
    ([name, action]) => `${name}: ${action.label} (${action.from.join(', ')} → ${action.to}${action.reason === 'required' ? '; reason required' : ''})`,
  );
  return z.object({ id: z.uuid(), action: z.enum(names).meta({ description: lines.join('; ') }) });
}

export const actionBodyDoc = z
  .strictObject({
    reason: z.string().max(2000).optional().meta({ description: 'Required by the actions marked "reason required"' }),
    version: z.int().positive().optional().meta({ description: 'The version you read' }),
  })
  .optional();

export { listEnvelope, okEnvelope };
