/**
 * People's requests being served in this process, for background work that must give way to them
 * (the outbox's sender, decisions 193 and 195 in docs/decisions.md). The app counts each API request
 * from `onRequest` to `onResponse`; a request open longer than `FOREGROUND_MAX_MS` (an event stream, a
 * hung client) no longer counts, so a long-lived stream never holds background work back for good.
 *
 * Every request passes through here twice, so the bookkeeping is a slot per request in a plain
 * array (its start time; -1 when free) and the slot's index kept on the request under a symbol: no
 * hashing of the request and no table to grow and shrink as requests come and go (a `Map` keyed by
 * the request was 1–1.5 µs of each guarded call, issue 26). The slots are looked at only when
 * someone asks whether a request is in flight, and at a request's end only when someone is waiting.
 */
const SLOT = Symbol('foregroundSlot');
type Tracked = { [SLOT]?: number };

/** Start time (`performance.now()`) per slot; -1 for a free slot. As long as the most requests ever open at once. */
const startedAt: number[] = [];
const freeSlots: number[] = [];
let open = 0;
const idle = new Set<() => void>();

/** A request open longer than this is a stream or stuck: it no longer counts as someone waiting. */
export const FOREGROUND_MAX_MS = 10_000;

export function foregroundStarted(key: object): void {
  const tracked = key as Tracked;
  if (tracked[SLOT] !== undefined && tracked[SLOT] >= 0) return;
  const slot = freeSlots.pop() ?? startedAt.length;
  startedAt[slot] = performance.now();
  tracked[SLOT] = slot;
  open += 1;
}

export function foregroundEnded(key: object): void {
  const tracked = key as Tracked;
  const slot = tracked[SLOT];
  if (slot === undefined || slot < 0) return;
  tracked[SLOT] = -1;
  startedAt[slot] = -1;
  freeSlots.push(slot);
  open -= 1;
  if (idle.size > 0 && !foregroundBusy()) for (const resolve of [...idle]) resolve();
}

/** Whether a request (open for less than `FOREGROUND_MAX_MS`) is being served now. */
export function foregroundBusy(): boolean {
  if (open === 0) return false;
  const now = performance.now();
  for (const started of startedAt) if (started >= 0 && now - started < FOREGROUND_MAX_MS) return true;
  return false;
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
