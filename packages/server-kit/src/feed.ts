import type { Database } from './db.js';

/** Rows fetched per round; more are fetched in further rounds. */
const FETCH_BATCH = 1000;
/**
 * Sequence values are taken at insert but rows appear at commit, so under concurrency seq 12 can
 * become visible before seq 11. A missing seq below the highest one fetched (a "hole") holds back
 * delivery of the rows after it, so every listener gets rows in seq order and a `Last-Event-ID`
 * never skips a row that commits later. A hole is given up on (the insert was rolled back) once every
 * transaction that was running when it was seen has ended, and it is at least MIN_HOLE_MS old (covers
 * the instant between nextval and the inserting transaction getting its id). A given-up hole is still
 * looked for until HOLE_TTL_MS and, should it appear, delivered late rather than lost.
 */
const MIN_HOLE_MS = 200;
const HOLE_TTL_MS = 60_000;
const MAX_HOLES = 10_000;
const RECHECK_MS = 50;

type Snapshot = { xmin: number; xmax: number; xip: number[] };

/** `pg_current_snapshot()` as text: `xmin:xmax:xip,xip,...`. */
function parseSnapshot(text: string): Snapshot {
  const [xmin = '0', xmax = '0', xip = ''] = text.split(':');
  return { xmin: Number(xmin), xmax: Number(xmax), xip: xip === '' ? [] : xip.split(',').map(Number) };
}
const running = (xid: number, snapshot: Snapshot) => xid >= snapshot.xmin && (xid >= snapshot.xmax || snapshot.xip.includes(xid));

export type OrderedFeedOptions<Row extends { seq: string | number }> = {
  db: Database;
  /**
   * The rows of a table in `seq` order, as a query to run: a `select` of the row's columns (one named
   * `seq`) from `from`, where `seqColumn` is the table's sequence column; `latest` selects the highest
   * seq stored (as `seq`).
   */
  source: { columns: string; from: string; seqColumn: string; latest: string };
  /** Hands one row on, in seq order. */
  deliver(row: Row): void;
  log?: { warn(obj: unknown, msg?: string): void } | undefined;
  /** What the log calls this feed. */
  name: string;
};

/**
 * One process's reader of an append-only table with a sequence column (notifications, unit status
 * events): called on each NOTIFY or sweep, one query reads the rows stored since the last one seen,
 * and each is delivered in seq order, holes waited for as above. The rows are the source of truth;
 * a NOTIFY only says "look". Calls made while a round runs fold into one more round after it.
 */
export function createOrderedFeed<Row extends { seq: string | number }>(options: OrderedFeedOptions<Row>) {
  const { db, source } = options;
  /** Every seq at or below it was delivered or given up on. */
  let frontier = 0;
  /** The highest seq fetched. */
  let maxFetched = 0;
  const buffered = new Map<number, Row>();
  const holes = new Map<number, { xids: number[]; since: number }>();
  const late = new Map<number, number>();
  let started = false;
  let stopped = false;
  let recheck: NodeJS.Timeout | null = null;
  let fetching: Promise<void> | null = null;
  let fetchAgain = false;

  async function fetchOnce(): Promise<void> {
    for (;;) {
      const lookFor = [...holes.keys(), ...late.keys()];
      // One statement, so the snapshot is the one the rows were read with.
      const result = await db.query<{ snapshot: string; rows: Row[] | string | null }>(
        `select pg_current_snapshot()::text as snapshot,
                (select json_agg(x order by x.seq::bigint) from (
                   select ${source.columns} from ${source.from}
                    where ${source.seqColumn} > $1::bigint or ${source.seqColumn} = any($2::bigint[])
                    order by ${source.seqColumn} limit ${FETCH_BATCH}) x) as rows`,
        [maxFetched, lookFor],
      );
      const first = result.rows[0];
      const snapshot = parseSnapshot(first?.snapshot ?? '0:0:');
      const raw = first?.rows ?? [];
      const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Row[];
      const now = Date.now();
      for (const row of rows) {
        const seq = Number(row.seq);
        if (seq > maxFetched) {
          for (let missing = maxFetched + 1; missing < seq && holes.size < MAX_HOLES; missing++) holes.set(missing, { xids: snapshot.xip, since: now });
          maxFetched = seq;
        }
        holes.delete(seq);
        late.delete(seq);
        if (seq <= frontier) options.deliver(row);
        else buffered.set(seq, row);
      }
      for (const [seq, hole] of holes) {
        if (now - hole.since >= MIN_HOLE_MS && !hole.xids.some((xid) => running(xid, snapshot))) {
          holes.delete(seq);
          late.set(seq, hole.since);
        } else if (now - hole.since > HOLE_TTL_MS) holes.delete(seq);
      }
      for (const [seq, since] of late) if (now - since > HOLE_TTL_MS) late.delete(seq);
      const lowestHole = holes.size > 0 ? Math.min(...holes.keys()) : Number.POSITIVE_INFINITY;
      for (const seq of [...buffered.keys()].filter((one) => one < lowestHole).sort((a, b) => a - b)) {
        options.deliver(buffered.get(seq)!);
        buffered.delete(seq);
      }
      frontier = Math.max(frontier, Math.min(maxFetched, lowestHole - 1));
      if (rows.length < FETCH_BATCH || stopped) break;
    }
    if (holes.size > 0 && !recheck && !stopped) {
      recheck = setTimeout(() => {
        recheck = null;
        void fetchNew();
      }, RECHECK_MS);
      recheck.unref();
    }
  }

  function fetchNew(): Promise<void> {
    if (stopped || !started) return Promise.resolve();
    if (fetching) {
      fetchAgain = true;
      return fetching;
    }
    fetching = (async () => {
      try {
        do {
          fetchAgain = false;
          await fetchOnce();
        } while (fetchAgain && !stopped);
      } catch (error) {
        if (!stopped) options.log?.warn({ err: error }, `${options.name} fan-out failed; the next NOTIFY or sweep retries`);
      } finally {
        fetching = null;
      }
    })();
    return fetching;
  }

  return {
    /** Starts after the rows stored so far (they are for replay, not for pushing). */
    async start(): Promise<void> {
      const max = await db.query<{ seq: string | null }>(source.latest);
      frontier = maxFetched = Number(max.rows[0]?.seq ?? 0);
      started = true;
    },
    fetchNew,
    /** Every row at or below this seq has been delivered (or given up on); every row above it will be. */
    get frontier() {
      return frontier;
    },
    async stop(): Promise<void> {
      stopped = true;
      if (recheck) clearTimeout(recheck);
      recheck = null;
      await Promise.allSettled([fetching]);
    },
  };
}

export type OrderedFeed = ReturnType<typeof createOrderedFeed>;

/**
 * The shared part of the event-stream hubs: the open streams (by a key such as a user or a project),
 * the heartbeat that pings them and checks their sessions, and the ending of streams whose session is
 * over. `sessionCheck` answers, for the given session ids, which are still live (with a detail per
 * session the hub may compare, e.g. the user's department).
 */
export type StreamHubClient = { readonly sessionId: string; ping(): void; end(reason: string): void };

export function createStreamRegistry<Client extends StreamHubClient>(keysOf: (client: Client) => readonly string[]) {
  const byKey = new Map<string, Set<Client>>();
  const all = new Set<Client>();
  return {
    add(client: Client): void {
      for (const key of keysOf(client)) {
        let set = byKey.get(key);
        if (!set) byKey.set(key, (set = new Set()));
        set.add(client);
      }
      all.add(client);
    },
    remove(client: Client): void {
      for (const key of keysOf(client)) {
        const set = byKey.get(key);
        set?.delete(client);
        if (set?.size === 0) byKey.delete(key);
      }
      all.delete(client);
    },
    /** The open streams under a key (a copy: a stream may end while it is written to). */
    under(key: string): Client[] {
      const set = byKey.get(key);
      return set ? [...set] : [];
    },
    get all(): Client[] {
      return [...all];
    },
    get size() {
      return all.size;
    },
    sessionIds(): string[] {
      return [...new Set([...all].map((client) => client.sessionId))];
    },
  };
}
