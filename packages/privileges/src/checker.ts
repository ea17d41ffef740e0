import { canonicalEntity } from './registry.js';
import type { Privilege, PrivilegeChecker } from './types.js';

/** Fields every reader may see (spec section 3). */
const ALWAYS_READABLE_FIELDS = new Set(['createdon', 'modifiedon']);

const norm = (value: string) => value.trim().toLowerCase();
const entityKey = (entity: string, action: string) => `${canonicalEntity(entity)}\u0000${norm(action)}`;
const fieldKey = (entity: string, field: string, action: string) =>
  `${canonicalEntity(entity)}\u0000${norm(field)}\u0000${norm(action)}`;

/**
 * Compiles a privilege list once into sets, so each check is a lookup. All names compare
 * case-insensitively and entity aliases are folded (spec section 5; architecture.md).
 */
export function createChecker(privileges: readonly Privilege[] | null | undefined): PrivilegeChecker {
  const list = privileges ?? [];
  const entityLevel = new Set<string>();
  const fieldLevel = new Set<string>();
  for (const privilege of list) {
    if (!privilege || typeof privilege.entityName !== 'string' || typeof privilege.action !== 'string') continue;
    if (privilege.fieldName) fieldLevel.add(fieldKey(privilege.entityName, privilege.fieldName, privilege.action));
    else entityLevel.add(entityKey(privilege.entityName, privilege.action));
  }
  const can = (entity: string, action: string) => entityLevel.has(entityKey(entity, action));
  return {
    privileges: list,
    can,
    canField(entity, field, action) {
      if (norm(action) === 'read' && ALWAYS_READABLE_FIELDS.has(norm(field))) return true;
      return fieldLevel.has(fieldKey(entity, field, action));
    },
    canAny: (entities, action) => entities.some((entity) => can(entity, action)),
  };
}

/** One-off entity check; build a checker with `createChecker` when checking many times. */
export function hasPrivilege(privileges: readonly Privilege[] | null | undefined, entity: string, action: string): boolean {
  return createChecker(privileges).can(entity, action);
}

/** One-off field check. */
export function hasFieldPrivilege(
  privileges: readonly Privilege[] | null | undefined,
  entity: string,
  field: string,
  action: string,
): boolean {
  return createChecker(privileges).canField(entity, field, action);
}
