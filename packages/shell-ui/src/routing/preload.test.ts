import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverPreload, HOVER_PRELOAD_DELAY_MS, whenIdle } from './preload.js';

describe('createHoverPreload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('preloads after 200 ms of hover, not before', () => {
    expect(HOVER_PRELOAD_DELAY_MS).toBe(200);
    const preload = vi.fn();
    const hover = createHoverPreload(preload);
    hover.start('/sales/users');
    vi.advanceTimersByTime(199);
    expect(preload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(preload).toHaveBeenCalledWith('/sales/users');
  });

  it('cancels when the pointer leaves early, and restarts on a new link', () => {
    const preload = vi.fn();
    const hover = createHoverPreload(preload);
    hover.start('/a');
    vi.advanceTimersByTime(150);
    hover.cancel();
    vi.advanceTimersByTime(500);
    expect(preload).not.toHaveBeenCalled();
    hover.start('/a');
    vi.advanceTimersByTime(100);
    hover.start('/b');
    vi.advanceTimersByTime(200);
    expect(preload.mock.calls).toEqual([['/b']]);
  });
});

describe('whenIdle', () => {
  it('uses requestIdleCallback when the browser has it', () => {
    const requestIdleCallback = vi.fn((callback: () => void) => {
      callback();
      return 7;
    });
    const cancelIdleCallback = vi.fn();
    const task = vi.fn();
    const cancel = whenIdle(task, { requestIdleCallback, cancelIdleCallback });
    expect(task).toHaveBeenCalled();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });
});
