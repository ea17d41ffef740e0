import { canonicalEntity, type Privilege } from '@propdesk/privileges';
import type { ResourceDef } from '@propdesk/records/model';

/** One cell of the matrix: entity, field and action compared as the privileges engine compares them. */
export const matrixKey = (privilege: Privilege) =>
  `${canonicalEntity(privilege.entityName)}|${(privilege.fieldName ?? '').toLowerCase()}|${privilege.action.toLowerCase()}`;

/** Each entity's protected fields, from the resource definitions that use the entity. */
export function protectedFieldsByEntity(resources: readonly ResourceDef[]): Map<string, { name: string; label: string }[]> {
  const map = new Map<string, { name: string; label: string }[]>();
  for (const def of resources) {
    const fields = Object.entries(def.fields)
      .filter(([, field]) => field.protected)
      .map(([name, field]) => ({ name, label: field.label }));
    if (fields.length === 0) continue;
    const key = canonicalEntity(def.entity);
    map.set(key, [...(map.get(key) ?? []), ...fields]);
  }
  return map;
}
