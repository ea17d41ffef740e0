import type { Database, Queryable } from '@propdesk/server-kit';
import { columnOf, createSchema, labelFieldOf, valueSchema, type Registry } from '../model/index.js';
import { createRecord, type EngineContext } from './records.js';

export type SeedData = readonly { resource: string; rows: readonly Record<string, unknown>[] }[];

/**
 * Writes demo or fixture rows through the engine (validation, uniques, history), in one
 * transaction. References are given as the referenced record's label or code, as a person
 * writes them. Returns the number of rows written per resource.
 */
export async function seedResources(
  db: Database,
  registry: Registry,
  data: SeedData,
  options: { claim?: (tx: Queryable) => Promise<boolean> } = {},
): Promise<Record<string, number>> {
  const ctx: EngineContext = { db, registry };
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    // Claimed inside the same transaction, so two processes starting together seed once.
    if (options.claim && !(await options.claim(tx))) return;
    const lookups = new Map<string, Map<string, string>>();
    const lookup = async (resource: string) => {
      const cached = lookups.get(resource);
      if (cached) return cached;
      const def = registry.get(resource);
      const label = labelFieldOf(def);
      const code = def.codeField;
      const result = await tx.query<{ id: string; label: string | null; code: string | null }>(
        `select id::text as id, "${columnOf(label, def.fields[label])}"::text as label, ${code ? `"${columnOf(code, def.fields[code])}"::text` : 'null::text'} as code from "${def.table}"`,
      );
      const map = new Map<string, string>();
      for (const row of result.rows) {
        if (row.label) map.set(row.label.toLowerCase(), row.id);
        if (row.code) map.set(row.code.toLowerCase(), row.id);
      }
      lookups.set(resource, map);
      return map;
    };
    for (const { resource, rows } of data) {
      const def = registry.get(resource);
      const schema = createSchema(def);
      let count = 0;
      for (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(row)) {
          const field = def.fields[name];
          if (field?.kind === 'reference' && typeof value === 'string') {
            const id = (await lookup(field.ref!)).get(value.toLowerCase());
            if (!id) throw new Error(`Seed ${resource}: unknown ${field.ref} "${value}"`);
            values[name] = id;
          } else if (field?.kind === 'references' && Array.isArray(value)) {
            const map = await lookup(field.ref!);
            values[name] = value.map((item) => {
              const id = map.get(String(item).toLowerCase());
              if (!id) throw new Error(`Seed ${resource}: unknown ${field.ref} "${String(item)}"`);
              return id;
            });
          } else values[name] = value;
        }
        // Workflow-owned fields (a unit's status) are the seed's to set, checked by their own schema.
        const system: Record<string, unknown> = {};
        for (const [name, field] of Object.entries(def.fields)) {
          if (!field.readOnly || values[name] === undefined) continue;
          const checked = valueSchema(field).safeParse(values[name]);
          if (!checked.success) throw new Error(`Seed ${resource}: ${name} ${checked.error.issues[0]?.message ?? 'invalid'} in ${JSON.stringify(row)}`);
          system[name] = checked.data;
          delete values[name];
        }
        const parsed = schema.safeParse(values);
        if (!parsed.success) throw new Error(`Seed ${resource}: ${JSON.stringify(parsed.error.issues[0])} in ${JSON.stringify(row)}`);
        await createRecord(ctx, tx, def, { auth: null, source: 'system' }, { ...(parsed.data as Record<string, unknown>), ...system });
        count += 1;
      }
      lookups.delete(resource);
      counts[resource] = count;
    }
  });
  return counts;
}
