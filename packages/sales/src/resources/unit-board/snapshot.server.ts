import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Database, Unlisten } from '@propdesk/server-kit';
import { UNIT_BOARD_CHANNEL } from './hub.server.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encodings a snapshot keeps (brotli first, as the app's compression prefers it). */
export type BoardEncoding = 'br' | 'gzip' | 'identity';

/** One view of one project's board, as every caller of that view is sent it. */
export type BoardSnapshot = {
  /** The answer's JSON (the envelope), UTF-8. */
  readonly body: Buffer;
  /** Weak validator over the body: equal bodies, equal tags. */
  readonly etag: string;
  /** The body in an encoding, compressed once for every caller (a promise, so concurrent callers share it). */
  encoded(encoding: Exclude<BoardEncoding, 'identity'>): Promise<Buffer>;
};

type Entry = {
  project: string;
  snapshot: { value: BoardSnapshot; tick: number } | null;
  running: { promise: Promise<BoardSnapshot>; tick: number } | null;
  queued: Promise<BoardSnapshot> | null;
};

export type BoardSnapshotOptions = {
  db: Database;
  /** Most views kept (projects × views); the least recently built go first. */
  maxEntries?: number;
  log?: { warn(obj: unknown, msg?: string): void } | undefined;
};

/** Bodies under 1 KiB go as they are (the app's compression threshold). */
const COMPRESS_FROM = 1024;

function snapshotOf(body: Buffer): BoardSnapshot {
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const encodings = new Map<string, Promise<Buffer>>();
  return {
    body,
    etag,
    encoded(encoding) {
      let pending = encodings.get(encoding);
      if (!pending) {
        pending =
          encoding === 'br'
            ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
            : gzipped(body, { level: 6 });
        encodings.set(encoding, pending);
      }
      return pending;
    },
  };
}

/** The answer's encoding for an `Accept-Encoding` header: brotli, else gzip, else none (q=0 refuses). */
export function chooseEncoding(header: string | undefined, size: number): BoardEncoding {
  if (!header || size < COMPRESS_FROM) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Whether an `If-None-Match` header names this tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === mine);
}

/**
 * The boards of this process, one snapshot per view (a project and what the caller may see of it),
 * shared by everyone who opens that view: built once, its JSON, validator and compressed bytes kept.
 *
 * Kept current by the `unit_board` NOTIFYs: database triggers raise one in every transaction that
 * changes what a board shows (units, their claims and status events, unit types, statuses, payment
 * plans, projects, a holder's name), with the project as payload ('' for all), delivered at commit to
 * every process on the database; this process hears its own before its COMMIT returns (`echo`). A
 * change marks the project's snapshots stale; the next request builds again, once: requests that
 * arrive while a build started after their change runs wait for it; those that arrive during an older
 * build wait for the one build queued behind it, never start their own. While the LISTEN connection is
 * down every request asks for a build that starts after it arrived (still shared by those waiting).
 */
export function createBoardSnapshots(options: BoardSnapshotOptions) {
  const { db } = options;
  const maxEntries = options.maxEntries ?? 64;
  const entries = new Map<string, Entry>();
  /** Advances on every change heard; a snapshot built from `tick` T is current while nothing after T touched its project. */
  let tick = 0;
  let allChangedAt = 0;
  const changedAt = new Map<string, number>();
  let listening = false;
  let starting: Promise<void> | null = null;
  let unlisten: Unlisten | null = null;
  let stopped = false;
  let builds = 0;

  const changed = (payload: string) => {
    tick += 1;
    if (payload === '') {
      // A change to every board (reference data), or a reconnect after NOTIFYs may have been lost.
      allChangedAt = tick;
      changedAt.clear();
      listening = true;
    } else changedAt.set(payload, tick);
  };

  const lastChange = (project: string) => Math.max(allChangedAt, changedAt.get(project) ?? 0);

  /** What a request may be served: a snapshot built after every change it can know of. */
  const needFor = (project: string) => {
    if (listening) return lastChange(project);
    // Not hearing changes: only a build that starts after this request arrived will do.
    tick += 1;
    allChangedAt = tick;
    return tick;
  };

  function start(): Promise<void> {
    starting ??= (async () => {
      try {
        unlisten = await db.listen(UNIT_BOARD_CHANNEL, changed, {
          echo: true,
          onLost: () => {
            listening = false;
          },
        });
        if (stopped) {
          await unlisten();
          return;
        }
        listening = true;
      } catch (error) {
        options.log?.warn({ err: error }, 'unit board snapshots could not listen; every request builds its board');
        starting = null;
      }
    })();
    return starting;
  }

  function run(key: string, entry: Entry, build: () => Promise<Buffer>): Promise<BoardSnapshot> {
    builds += 1;
    const startedAt = tick;
    const promise = build().then(snapshotOf);
    const running = { promise, tick: startedAt };
    entry.running = running;
    promise.then(
      (value) => {
        if (!entry.snapshot || entry.snapshot.tick <= startedAt) entry.snapshot = { value, tick: startedAt };
        if (entry.running === running) entry.running = null;
        // Least recently built last out: kept in build order.
        entries.delete(key);
        entries.set(key, entry);
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      },
      () => {
        if (entry.running === running) entry.running = null;
        if (!entry.snapshot && !entry.running && !entry.queued) entries.delete(key);
      },
    );
    return promise;
  }

  return {
    start,
    /**
     * The snapshot of view `key` of `project`: the stored one when nothing changed since it was built,
     * else the one build running or queued. `build` answers the body (the envelope's JSON).
     */
    async get(key: string, project: string, build: () => Promise<Buffer>): Promise<BoardSnapshot> {
      await start();
      const need = needFor(project);
      let entry = entries.get(key);
      if (!entry) {
        entry = { project, snapshot: null, running: null, queued: null };
        entries.set(key, entry);
      }
      if (entry.snapshot && entry.snapshot.tick >= need) return entry.snapshot.value;
      if (entry.running && entry.running.tick >= need) return entry.running.promise;
      if (!entry.running) return run(key, entry, build);
      // A build is under way from before this request's change: one more after it, shared by all who wait.
      const current = entry;
      current.queued ??= entry.running.promise
        .catch(() => undefined)
        .then(() => {
          current.queued = null;
          return run(key, current, build);
        });
      return current.queued;
    },
    /** Boards built since the start (a test's count of computations). */
    get builds() {
      return builds;
    },
    get listening() {
      return listening;
    },
    async stop(): Promise<void> {
      stopped = true;
      listening = false;
      await starting?.catch(() => undefined);
      const off = unlisten;
      unlisten = null;
      await off?.().catch(() => undefined);
      entries.clear();
    },
  };
}

export type BoardSnapshots = ReturnType<typeof createBoardSnapshots>;
