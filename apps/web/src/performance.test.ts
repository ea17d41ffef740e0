import { describe, expect, it, vi } from 'vitest';
import { approximateTti, formatMetric, logMetric, PERFORMANCE_THRESHOLDS } from './performance.js';

describe('performance logging', () => {
  it('states the thresholds of spec section 9', () => {
    expect(PERFORMANCE_THRESHOLDS).toEqual({ FCP: 2000, LCP: 2500, FID: 100, CLS: 0.1, TTFB: 500, TTI: 3500 });
  });

  it('says ok at or under the threshold and over threshold above it', () => {
    expect(formatMetric('FCP', 2000)).toEqual({ line: '[perf] FCP 2000 ms: ok (threshold 2000 ms)', ok: true });
    expect(formatMetric('LCP', 2500.4).ok).toBe(true);
    expect(formatMetric('TTFB', 501)).toEqual({ line: '[perf] TTFB 501 ms: over threshold (threshold 500 ms)', ok: false });
    expect(formatMetric('CLS', 0.25)).toEqual({ line: '[perf] CLS 0.250: over threshold (threshold 0.1)', ok: false });
    expect(formatMetric('FID', 12).line).toBe('[perf] FID 12 ms: ok (threshold 100 ms)');
  });

  it('logs ok lines as info and over-threshold lines as warnings', () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    logMetric('TTI', 3000, log);
    logMetric('TTI', 4000, log);
    expect(log.info).toHaveBeenCalledWith('[perf] TTI 3000 ms: ok (threshold 3500 ms)');
    expect(log.warn).toHaveBeenCalledWith('[perf] TTI 4000 ms: over threshold (threshold 3500 ms)');
  });
});

describe('approximateTti', () => {
  it('is FCP when no long task follows it for 5 s', () => {
    expect(approximateTti(800, [], 5800)).toBe(800);
    expect(approximateTti(800, [], 5799)).toBeNull();
  });

  it('is the end of the last long task before the first 5 s quiet window', () => {
    const tasks = [
      { startTime: 900, duration: 100 }, // ends 1000
      { startTime: 2000, duration: 300 }, // ends 2300
      { startTime: 9000, duration: 200 }, // after a quiet window: ignored
    ];
    expect(approximateTti(800, tasks, 20_000)).toBe(2300);
  });

  it('ignores long tasks that ended before FCP', () => {
    expect(approximateTti(1000, [{ startTime: 100, duration: 200 }], 7000)).toBe(1000);
  });
});
