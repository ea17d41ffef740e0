import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './constants.js';
import { debounce } from './debounce.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce (search, 300 ms)', () => {
  it('applies the latest value 300 ms after the last call, not before', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const apply = vi.fn();
    const search = debounce(apply);
    search('l');
    vi.advanceTimersByTime(200);
    search('le');
    vi.advanceTimersByTime(299);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith('le');
  });

  it('can be cancelled or flushed', () => {
    const apply = vi.fn();
    const search = debounce(apply, 300);
    search('a');
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(apply).not.toHaveBeenCalled();
    search('b');
    search.flush();
    expect(apply).toHaveBeenCalledWith('b');
    vi.advanceTimersByTime(1000);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
