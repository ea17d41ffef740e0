import { onCLS, onFCP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** Spec section 9: thresholds used for logging only (ms, except CLS which has no unit). */
export const PERFORMANCE_THRESHOLDS = { FCP: 2000, LCP: 2500, FID: 100, CLS: 0.1, TTFB: 500, TTI: 3500 } as const;

export type PerformanceMetricName = keyof typeof PERFORMANCE_THRESHOLDS;

type Log = Pick<Console, 'info' | 'warn'>;

/** One console line per metric: '[perf] LCP 1830 ms: ok (threshold 2500 ms)' or '… over threshold …'. */
export function formatMetric(name: PerformanceMetricName, value: number): { line: string; ok: boolean } {
  const threshold = PERFORMANCE_THRESHOLDS[name];
  // Compared as shown (whole ms; CLS to 3 decimals), so a line never reads '2500 ms: over threshold (2500 ms)'.
  const rounded = name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
  const ok = rounded <= threshold;
  const shown = name === 'CLS' ? rounded.toFixed(3) : `${rounded} ms`;
  const limit = name === 'CLS' ? String(threshold) : `${threshold} ms`;
  return { line: `[perf] ${name} ${shown}: ${ok ? 'ok' : 'over threshold'} (threshold ${limit})`, ok };
}

export function logMetric(name: PerformanceMetricName, value: number, log: Log = console): void {
  const { line, ok } = formatMetric(name, value);
  if (ok) log.info(line);
  else log.warn(line);
}

/** A 5 s window without long tasks: the usual definition of "interactive" (Lighthouse's TTI). */
export const TTI_QUIET_WINDOW_MS = 5000;

/**
 * Approximate Time to Interactive: the end of the last long task before the first window of
 * `quietMs` without long tasks, starting at FCP (network quiet, part of Lighthouse's definition,
 * is left out). Null while no such window has passed yet (`now` is the current time).
 */
export function approximateTti(
  fcp: number,
  longTasks: readonly { startTime: number; duration: number }[],
  now: number,
  quietMs: number = TTI_QUIET_WINDOW_MS,
): number | null {
  let candidate = fcp;
  for (const task of [...longTasks].sort((a, b) => a.startTime - b.startTime)) {
    const end = task.startTime + task.duration;
    if (end <= candidate) continue;
    if (task.startTime - candidate >= quietMs) return candidate;
    candidate = Math.max(candidate, end);
  }
  return now - candidate >= quietMs ? candidate : null;
}

const supports = (type: string) =>
  typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes(type);

type FirstInputEntry = PerformanceEntry & { processingStart: number };

/** FID from the `first-input` entry (web-vitals 5 dropped onFID): processing start minus input time. */
export function observeFirstInputDelay(report: (value: number) => void): () => void {
  if (!supports('first-input')) return () => undefined;
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntries()[0] as FirstInputEntry | undefined;
    if (!entry) return;
    report(entry.processingStart - entry.startTime);
    observer.disconnect();
  });
  observer.observe({ type: 'first-input', buffered: true });
  return () => observer.disconnect();
}

/** Collects long tasks and reports the approximate TTI once a quiet window has passed after FCP. */
export function observeTimeToInteractive(report: (value: number) => void, fcp: () => number | null): () => void {
  if (!supports('longtask')) return () => undefined;
  const tasks: { startTime: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ startTime: entry.startTime, duration: entry.duration });
  });
  observer.observe({ type: 'longtask', buffered: true });
  const stop = () => {
    clearInterval(timer);
    observer.disconnect();
  };
  const timer = setInterval(() => {
    const start = fcp();
    if (start === null) return;
    const tti = approximateTti(start, tasks, performance.now());
    if (tti === null) return;
    report(tti);
    stop();
  }, 1000);
  return stop;
}

/** Logs FCP, LCP, CLS and TTFB (web-vitals), FID and an approximate TTI against their thresholds. */
export function startPerformanceLogging(log: Log = console): void {
  let fcp: number | null = null;
  const handle = (metric: Metric) => logMetric(metric.name as PerformanceMetricName, metric.value, log);
  onFCP((metric) => {
    fcp = metric.value;
    handle(metric);
  });
  onLCP(handle);
  onCLS(handle);
  onTTFB(handle);
  observeFirstInputDelay((value) => logMetric('FID', value, log));
  observeTimeToInteractive((value) => logMetric('TTI', value, log), () => fcp);
}
