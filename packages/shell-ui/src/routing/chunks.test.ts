import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, installPreloadErrorHandler, loadChunk, memoizedChunk } from './chunks.js';

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 120000 ms by default', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });

  it('rejects a chunk that has not arrived at exactly 120000 ms, not a millisecond before', async () => {
    const never = new Promise<never>(() => undefined);
    const outcome = vi.fn();
    loadChunk('sales/leads', () => never).then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledTimes(1);
    const error = outcome.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk sales/leads failed', chunk: 'sales/leads', kind: 'js' });
  });

  it('resolves a chunk that arrives in time and leaves no timer behind', async () => {
    await expect(loadChunk('x', () => Promise.resolve(42))).resolves.toBe(42);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    await expect(loadChunk('settings/leads/sources', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow(
      'Loading chunk settings/leads/sources failed',
    );
    await expect(loadChunk('boom', () => { throw new Error('sync'); })).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('names a failed stylesheet a CSS chunk', async () => {
    const error = await loadChunk('login', () => Promise.reject(new Error('Unable to preload CSS for /assets/LoginPage-abc.css'))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: 'Loading CSS chunk login failed', kind: 'css' });
  });
});

describe('memoizedChunk', () => {
  it('shares one load and retries after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('page');
    const chunk = memoizedChunk('p', load);
    await expect(chunk()).rejects.toThrow('Loading chunk p failed');
    await expect(chunk()).resolves.toBe('page');
    await expect(chunk()).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('installPreloadErrorHandler', () => {
  it("reports Vite's vite:preloadError as a ChunkLoadError without cancelling it", () => {
    const report = vi.fn();
    const uninstall = installPreloadErrorHandler(window, report);
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/sales-1a2b.css'),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'Loading CSS chunk /assets/sales-1a2b.css failed' }));

    window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: new Error('Failed to fetch /assets/x.js') }));
    expect(report).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Loading chunk /assets/x.js failed' }));
    uninstall();
    window.dispatchEvent(new Event('vite:preloadError'));
    expect(report).toHaveBeenCalledTimes(2);
  });
});
