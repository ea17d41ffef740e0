/**
 * People's requests being served in this process, for background work that must give way to them
 * (the outbox's sender, decisions 193 and 195 in docs/decisions.md). The app counts each API request
 * from `onRequest` to `onResponse`; a request open longer than `FOREGROUND_MAX_MS` (an event stream, a
 * hung client) no longer counts, so a long-lived stream never holds background work back for good.
 */
const inFlight = new Map<object, number>();
const idle = new Set<() => void>();

/** A request open longer than this is a stream or stuck: it no longer counts as someone waiting. */
export const FOREGROUND_MAX_MS = 10_000;

export function foregroundStarted(key: object): void {
  inFlight.set(key, performance.now());
}

export function foregroundEnded(key: object): void {
  if (!inFlight.delete(key)) return;
  if (!foregroundBusy()) for (const resolve of [...idle]) resolve();
}

/** Whether a request (open for less than `FOREGROUND_MAX_MS`) is being served now; older entries are dropped. */
export function foregroundBusy(): boolean {
  const now = performance.now();
  let busy = false;
  for (const [key, started] of inFlight) {
    if (now - started < FOREGROUND_MAX_MS) busy = true;
    else inFlight.delete(key);
  }
  return busy;
}

/** Resolves once no request is being served, or after `maxMs` at the latest (the floor: background work never starves). */
export function whenForegroundIdle(maxMs: number): Promise<void> {
  if (!foregroundBusy()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      idle.delete(done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    idle.add(done);
  });
}
