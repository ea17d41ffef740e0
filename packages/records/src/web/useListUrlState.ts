import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceDef } from '../model/index.js';
import { useSavedViewsQuery } from './api.js';
import { fromViewState, readListState, writeListState, type ListState } from './listState.js';

/** A list's whole state, read from and written to the URL; the user's default view opens on a bare URL. */
export function useListUrlState(def: ResourceDef) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readListState(def, search), [def, search]);
  const views = useSavedViewsQuery(def.name);
  const appliedDefault = useRef(false);

  const setState = useCallback(
    (change: Partial<ListState>, options: { replace?: boolean } = {}) => {
      const next = { ...state, ...change };
      setSearch(writeListState(def, next, new URLSearchParams(search)), { replace: options.replace ?? false });
    },
    [def, search, setSearch, state],
  );

  // A user's default view opens when the list is opened without any state in the URL.
  useEffect(() => {
    if (appliedDefault.current || !views.data) return;
    appliedDefault.current = true;
    const fallback = views.data.find((view) => view.isDefault);
    if (fallback && [...search.keys()].length === 0) setSearch(writeListState(def, fromViewState(def, fallback)), { replace: true });
  }, [views.data, search, setSearch, def]);

  return { state, setState, setSearch, views };
}

export type SetListState = ReturnType<typeof useListUrlState>['setState'];
