import type { Action } from './types.js';

/** The registry's groups, in the order the Roles matrix shows them (its sections). */
export const ENTITY_GROUPS = ['sales', 'settings-leads', 'settings-general', 'settings-roles', 'procurement', 'system'] as const;
export type EntityGroup = (typeof ENTITY_GROUPS)[number];

/** A privilege entity as the package that owns it declares it (a document's `document.ts`, settings' `entities.ts`, ...). */
export type EntityDeclaration = {
  /** The name as the spec spells it. */
  name: string;
  label: string;
  group: EntityGroup;
  /** Its place within its group (10, 20, ...): the registry's order, the Roles matrix's rows. Unique in the group. */
  order: number;
  actions: readonly Action[];
  /** Actions of this entity beyond the common ones (lead: `readAll`, `assign`), granted like any other. */
  extraActions?: readonly string[];
};

/** A registry entry: the declaration and the other spellings the spec uses for it (from `ENTITY_ALIASES`). */
export type EntityDefinition = EntityDeclaration & {
  /** Other spellings the spec uses for the same entity (compared case-insensitively). */
  aliases?: readonly string[];
};

/**
 * Other words the spec uses for one entity (alias → the entity's name). The checker folds them before
 * any registry is composed, so they are the engine's, not a domain's; case differences (`Lead`/`lead`,
 * `paymentType`/`paymenttype`, `eoiPayment`/`eoipayment`) need no entry: names compare case-insensitively.
 */
export const ENTITY_ALIASES: Readonly<Record<string, string>> = { prheader: 'PurchaseRequest' };

const aliasTargets = new Map(Object.entries(ENTITY_ALIASES).map(([alias, name]) => [alias.toLowerCase(), name.toLowerCase()]));

/** The comparison key of an entity name: lower case, aliases folded onto one name. */
export function canonicalEntity(name: string): string {
  const key = name.trim().toLowerCase();
  return aliasTargets.get(key) ?? key;
}

/** The spec's other spellings of an entity (`PurchaseRequest` → `['prheader']`), as `ENTITY_ALIASES` names them. */
export function aliasesOf(name: string): readonly string[] {
  const key = canonicalEntity(name);
  return Object.keys(ENTITY_ALIASES).filter((alias) => canonicalEntity(alias) === key && alias.toLowerCase() !== key);
}

/** One package's part of the registry: who declares it (for the error messages) and its entities. */
export type EntityDeclarations = { owner: string; entities: readonly EntityDeclaration[] };

/** The composed registry: every entity, in the groups' order and each group's `order`. */
export type EntityRegistry = {
  readonly entities: readonly EntityDefinition[];
  /** The entry for a name or alias, in any case. */
  find(name: string): EntityDefinition | undefined;
};

const groupRank = (group: EntityGroup) => ENTITY_GROUPS.indexOf(group);

/**
 * The entity registry composed from the packages' declarations (apps/server's `domains.ts`, apps/web's
 * `entities.ts`). An entity declared twice (by one package or two, by name or alias, in any case), an
 * unknown group and two entities at one place of a group are errors that name both declarers.
 */
export function entityRegistry(declarations: readonly EntityDeclarations[]): EntityRegistry {
  const byKey = new Map<string, { owner: string; entity: EntityDefinition }>();
  const places = new Map<string, string>();
  for (const { owner, entities } of declarations) {
    for (const declared of entities) {
      const key = canonicalEntity(declared.name);
      const before = byKey.get(key);
      if (before) throw new Error(`Entity ${declared.name} is declared by ${before.owner} and ${owner}`);
      if (groupRank(declared.group) < 0) throw new Error(`Entity ${declared.name} (${owner}) has an unknown group ${declared.group}`);
      const place = `${declared.group} ${declared.order}`;
      const taken = places.get(place);
      if (taken) throw new Error(`Entities ${taken} and ${declared.name} (${owner}) both take place ${declared.order} of ${declared.group}`);
      places.set(place, declared.name);
      const aliases = aliasesOf(declared.name);
      byKey.set(key, { owner, entity: aliases.length > 0 ? { ...declared, aliases } : declared });
    }
  }
  const entities = [...byKey.values()]
    .map(({ entity }) => entity)
    .sort((a, b) => groupRank(a.group) - groupRank(b.group) || a.order - b.order);
  return { entities, find: (name) => byKey.get(canonicalEntity(name))?.entity };
}
