import { useEffect, useMemo, useState } from 'react';
import { isGroup, type FilterNode, type PickerOption, type ResourceDef } from '../model/index.js';
import { useReferenceCalls } from './api.js';

/** The records a filter names (`{ field: 'source', op: 'eq', value: <id> }`), by referenced resource. */
export function referencedIds(def: ResourceDef, node: FilterNode | null): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const walk = (current: FilterNode) => {
    if (isGroup(current)) {
      current.children.forEach(walk);
      return;
    }
    const field = def.fields[current.field];
    if (!field?.ref || (field.kind !== 'reference' && field.kind !== 'references')) return;
    const values = Array.isArray(current.value) ? current.value : [current.value];
    for (const value of values) if (typeof value === 'string' && value) found.set(field.ref, (found.get(field.ref) ?? new Set()).add(value));
  };
  if (node) walk(node);
  return found;
}

/** The names of the records a filter names, read from the pickers' options (`?ids=`), so a chip says "Source is Google Ads". */
export function useReferenceLabels(def: ResourceDef, where: FilterNode | null): ReadonlyMap<string, string> {
  const wanted = useMemo(() => referencedIds(def, where), [def, where]);
  const key = [...wanted].map(([resource, ids]) => `${resource}:${[...ids].sort().join(',')}`).join('|');
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const { options } = useReferenceCalls();
  useEffect(() => {
    if (wanted.size === 0) return undefined;
    const controller = new AbortController();
    void Promise.all(
      [...wanted].map(([resource, ids]) =>
        options({ resource, ids: [...ids].join(',') }, controller.signal).catch(() => [] as PickerOption[]),
      ),
    ).then((lists) => {
      if (controller.signal.aborted) return;
      setLabels(new Map(lists.flat().map((option) => [option.id, option.label])));
    });
    return () => controller.abort();
    // `key` stands for `wanted`'s contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, options]);
  return labels;
}
