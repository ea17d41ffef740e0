import { useState } from 'react';
import { isGroup, type FilterGroup, type FilterNode } from '../model/index.js';

const toDraft = (value: FilterNode | null): FilterGroup => (value === null ? { join: 'and', children: [] } : isGroup(value) ? value : { join: 'and', children: [value] });

/** A node's place in the draft: the index of each group on the way down, then its own. */
export type FilterPath = number[];
export type UpdateFilterNode = (path: FilterPath, change: (node: FilterNode) => FilterNode | null) => void;
export type ChangeFilterGroup = (path: FilterPath, change: (group: FilterGroup) => FilterGroup) => void;

/** The filter being edited in the dialog: a root group, changed node by node until it is applied. */
export function useFilterDraft(value: FilterNode | null) {
  const [draft, setDraft] = useState<FilterGroup>(() => toDraft(value));

  /** Replaces the node at `path` with what `change` makes of it; `null` removes it. */
  const update: UpdateFilterNode = (path, change) => {
    const apply = (node: FilterGroup, depth: number): FilterGroup => {
      const index = path[depth]!;
      const children = [...node.children];
      if (depth === path.length - 1) {
        const next = change(children[index]!);
        if (next === null) children.splice(index, 1);
        else children[index] = next;
      } else children[index] = apply(children[index] as FilterGroup, depth + 1);
      return { ...node, children };
    };
    setDraft((current) => apply(current, 0));
  };

  /** Changes the group at `path` (the root when it is empty). */
  const changeGroup: ChangeFilterGroup = (path, change) => {
    if (path.length === 0) setDraft((current) => change(current));
    else update(path, (node) => change(node as FilterGroup));
  };

  const clear = () => setDraft({ join: 'and', children: [] });
  return { draft, update, changeGroup, clear };
}
