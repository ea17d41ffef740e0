import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOREGROUND_MAX_MS, foregroundBusy, foregroundEnded, foregroundStarted, whenForegroundIdle } from './foreground.js';

describe('requests in flight', () => {
  afterEach(() => vi.useRealTimers());

  it('counts a request from its start to its end, once, however often either is called', () => {
    const first = {};
    const second = {};
    expect(foregroundBusy()).toBe(false);
    foregroundStarted(first);
    foregroundStarted(first);
    foregroundStarted(second);
    foregroundEnded(first);
    expect(foregroundBusy()).toBe(true);
    foregroundEnded(first); // an abort after the response: nothing more to end
    expect(foregroundBusy()).toBe(true);
    foregroundEnded(second);
    expect(foregroundBusy()).toBe(false);
    foregroundEnded({}); // never started
    expect(foregroundBusy()).toBe(false);
  });

  it('reuses the slots of ended requests', () => {
    for (let round = 0; round < 1000; round += 1) {
      const request = {};
      foregroundStarted(request);
      expect(foregroundBusy()).toBe(true);
      foregroundEnded(request);
    }
    expect(foregroundBusy()).toBe(false);
  });

  it('stops counting a request open longer than the limit (a stream), and counts it no more when it ends', () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    const stream = {};
    foregroundStarted(stream);
    vi.advanceTimersByTime(FOREGROUND_MAX_MS - 1);
    expect(foregroundBusy()).toBe(true);
    vi.advanceTimersByTime(2);
    expect(foregroundBusy()).toBe(false);
    const quick = {};
    foregroundStarted(quick);
    expect(foregroundBusy()).toBe(true);
    foregroundEnded(quick);
    expect(foregroundBusy()).toBe(false);
    foregroundEnded(stream);
    expect(foregroundBusy()).toBe(false);
  });

  it('lets a waiter go when the last request ends, or at its floor', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    let atOnce = false;
    void whenForegroundIdle(50).then(() => {
      atOnce = true;
    });
    await Promise.resolve();
    expect(atOnce).toBe(true); // nobody in flight: no wait for the floor's timer
    const request = {};
    foregroundStarted(request);
    let released = false;
    const waiting = whenForegroundIdle(5_000).then(() => {
      released = true;
    });
    await Promise.resolve();
    expect(released).toBe(false);
    foregroundEnded(request);
    await waiting;
    expect(released).toBe(true);
    const stuck = {};
    foregroundStarted(stuck);
    let floored = false;
    const floor = whenForegroundIdle(100).then(() => {
      floored = true;
    });
    vi.advanceTimersByTime(99);
    await Promise.resolve();
    expect(floored).toBe(false);
    vi.advanceTimersByTime(1);
    await floor;
    expect(floored).toBe(true);
    foregroundEnded(stuck);
  });
});
