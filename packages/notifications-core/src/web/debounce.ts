import { SEARCH_DEBOUNCE_MS } from './constants.js';

export type Debounced<Args extends unknown[]> = ((...args: Args) => void) & {
  /** Drops the pending call. */
  cancel: () => void;
  /** Runs the pending call now, if there is one. */
  flush: () => void;
};

/** Calls `fn` with the latest arguments once `waitMs` (300 ms by default) pass without another call. */
export function debounce<Args extends unknown[]>(
  fn: (...args: Args) => void,
  waitMs: number = SEARCH_DEBOUNCE_MS,
): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Args | undefined;

  const run = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };

  const debounced = (...args: Args) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, waitMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  return debounced;
}
