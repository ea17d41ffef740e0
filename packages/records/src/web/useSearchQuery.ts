import { useEffect, useState } from 'react';
import type { ListState } from './listState.js';
import type { SetListState } from './useListUrlState.js';

const SEARCH_DELAY_MS = 300;

/** The search box's text: it follows the URL, and writes to it 300 ms after the typing stops. */
export function useSearchQuery(state: ListState, setState: SetListState) {
  const [query, setQuery] = useState(state.q);
  useEffect(() => setQuery(state.q), [state.q]);
  useEffect(() => {
    if (query === state.q) return undefined;
    const timer = setTimeout(() => setState({ q: query, page: 1 }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, state.q, setState]);
  return [query, setQuery] as const;
}
