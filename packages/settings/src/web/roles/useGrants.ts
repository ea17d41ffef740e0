import { useMemo } from 'react';
import type { Privilege } from '@propdesk/privileges';
import { matrixKey } from './matrix.js';

/** A change to one cell of the matrix: the privilege granted (on) or taken away. */
export type GrantChange = { privilege: Privilege; on: boolean };

/** What the matrix's rows ask of the role's privileges: is one granted, and change some at once. */
export type Grants = {
  has: (privilege: Privilege) => boolean;
  set: (changes: GrantChange[]) => void;
};

/** The role's privileges as the matrix reads and changes them (cells compared as the engine compares them). */
export function useGrants(value: readonly Privilege[], onChange: ((next: Privilege[]) => void) | undefined): Grants {
  const granted = useMemo(() => new Set(value.map(matrixKey)), [value]);
  const set = (changes: GrantChange[]) => {
    if (!onChange) return;
    const next = new Map(value.map((privilege) => [matrixKey(privilege), privilege]));
    for (const { privilege, on } of changes) {
      if (on) next.set(matrixKey(privilege), privilege);
      else next.delete(matrixKey(privilege));
    }
    onChange([...next.values()]);
  };
  const has = (privilege: Privilege) => granted.has(matrixKey(privilege));
  return { has, set };
}
