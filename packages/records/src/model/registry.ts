import { checkDefinition, type ResourceDef } from './definition.js';

/**
 * A `pickMatch` names fields that exist and line up: the form's `field` (and its `through`) are references,
 * and the picked record's `target` refers to what they hold.
 */
function pickMatchProblems(def: ResourceDef, byName: ReadonlyMap<string, ResourceDef>): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    const match = field.pickMatch;
    if (!match) continue;
    const where = `resource ${def.name}: ${name} matches ${match.field}`;
    const picked = field.kind === 'reference' && field.ref ? byName.get(field.ref) : undefined;
    const source = def.fields[match.field];
    if (!picked) problems.push(`${where}, but is not a reference`);
    if (match.field === name || source?.kind !== 'reference' || !source.ref) {
      problems.push(`${where}, which is not another reference of the form`);
      continue;
    }
    let expected = source.ref;
    if (match.through) {
      const via = byName.get(source.ref)?.fields[match.through];
      if (via?.kind !== 'reference' || !via.ref) {
        problems.push(`${where} through ${match.through}, which is not a reference of ${source.ref}`);
        continue;
      }
      expected = via.ref;
    }
    const target = picked?.fields[match.target];
    if (picked && (target?.kind !== 'reference' || target.ref !== expected)) problems.push(`${where}, but ${picked.name}.${match.target} does not refer to ${expected}`);
  }
  return problems;
}

/**
 * An internal child's parent exists, is not itself internal, lists no internal child among its
 * `children` (those are written through the parent's REST body), and lends the child its entity.
 */
function internalParentProblems(def: ResourceDef, byName: ReadonlyMap<string, ResourceDef>): string[] {
  const problems: string[] = [];
  for (const [key, child] of Object.entries(def.children ?? {})) {
    if (byName.get(child.resource)?.internal) problems.push(`resource ${def.name}: child list ${key} is internal resource ${child.resource}`);
  }
  if (!def.internal) return problems;
  const parent = byName.get(def.fields[def.internal.parentField]?.ref ?? '');
  if (!parent) return problems;
  if (parent.internal) problems.push(`resource ${def.name}: its parent ${parent.name} is itself internal`);
  if (parent.entity.toLowerCase() !== def.entity.toLowerCase()) problems.push(`resource ${def.name}: an internal child's entity is its parent's (${parent.entity}), not ${def.entity}`);
  return problems;
}

/** Every resource by name; domains find each other's resources here, never by importing a domain package. */
export type Registry = {
  readonly resources: readonly ResourceDef[];
  get(name: string): ResourceDef;
  find(name: string): ResourceDef | undefined;
  /** Resources with a reference field pointing at `name`: [resource, field] (internal children aside). */
  referrers(name: string): [ResourceDef, string][];
  /** The internal children of `name` (definitions whose `internal.parentField` refers to it): [child, parentField]. */
  internalChildren(name: string): [ResourceDef, string][];
};

/** Builds the registry and refuses a definition that is malformed or refers to an unknown resource. */
export function createRegistry(resources: readonly ResourceDef[]): Registry {
  const byName = new Map<string, ResourceDef>();
  for (const def of resources) {
    if (byName.has(def.name)) throw new Error(`Duplicate resource ${def.name}`);
    byName.set(def.name, def);
  }
  const tables = new Set<string>();
  const known = new Set(byName.keys());
  const problems: string[] = [];
  for (const def of resources) {
    if (tables.has(def.table)) problems.push(`Duplicate table ${def.table}`);
    tables.add(def.table);
    problems.push(...checkDefinition(def, known));
    const archive = def.archivedBy === undefined ? undefined : def.fields[def.archivedBy];
    if (def.archivedBy !== undefined && (archive?.kind !== 'reference' || !archive.readOnly)) {
      problems.push(`resource ${def.name}: archivedBy ${def.archivedBy} must be a read-only reference field`);
    }
  }
  for (const def of resources) {
    for (const [key, child] of Object.entries(def.children ?? {})) {
      const childDef = byName.get(child.resource);
      const parent = childDef?.fields[child.parentField];
      if (childDef && (parent?.kind !== 'reference' || parent.ref !== def.name)) {
        problems.push(`resource ${def.name}: child list ${key} needs ${child.resource}.${child.parentField} to refer to ${def.name}`);
      }
    }
  }
  for (const def of resources) problems.push(...pickMatchProblems(def, byName), ...internalParentProblems(def, byName));
  if (problems.length > 0) throw new Error(`Invalid resource definitions:\n${problems.join('\n')}`);
  const referrers = new Map<string, [ResourceDef, string][]>();
  // An internal child is part of its parent, not a use of what it refers to (nor a way to its pickers).
  for (const def of resources) {
    if (def.internal) continue;
    for (const [fieldName, field] of Object.entries(def.fields)) {
      if (!field.ref) continue;
      const list = referrers.get(field.ref) ?? [];
      list.push([def, fieldName]);
      referrers.set(field.ref, list);
    }
  }
  const internalChildren = new Map<string, [ResourceDef, string][]>();
  for (const def of resources) {
    if (!def.internal) continue;
    const parent = def.fields[def.internal.parentField]!.ref!;
    internalChildren.set(parent, [...(internalChildren.get(parent) ?? []), [def, def.internal.parentField]]);
  }
  return {
    resources,
    find: (name) => byName.get(name),
    get(name) {
      const def = byName.get(name);
      if (!def) throw new Error(`Unknown resource ${name}`);
      return def;
    },
    referrers: (name) => referrers.get(name) ?? [],
    internalChildren: (name) => internalChildren.get(name) ?? [],
  };
}
