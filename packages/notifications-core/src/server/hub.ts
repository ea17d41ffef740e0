import type { Database, Unlisten } from '@propdesk/server-kit';
import type { Notification } from '../model/index.js';
import { NOTIFICATION_CHANNEL, NOTIFICATION_COLUMNS, SESSION_CHANNEL, toNotification, type NotificationRow } from './store.js';

/** One open event stream, as the hub sees it. */
export type StreamClient = {
  readonly kind: 'user' | 'department';
  readonly userId: string;
  /** The department a department stream follows. */
  readonly departmentId: string | null;
  readonly sessionId: string;
  /** Sends one notification (the stream handles its own replay buffering and de-duplication). */
  push(notification: Notification): void;
  /** Sends the heartbeat comment. */
  ping(): void;
  /** Ends the stream (idempotent); `reason` goes to the log only. */
  end(reason: string): void;
};

export type HubOptions = {
  db: Database;
  heartbeatMs: number;
  /** Periodic catch-up in case a NOTIFY was lost (listener reconnect, restart of PostgreSQL). */
  sweepMs: number;
  log?: { warn(obj: unknown, msg?: string): void } | undefined;
};

/** Rows fetched per fan-out query; more are fetched in further rounds. */
const FETCH_BATCH = 1000;
/**
 * Sequence values are taken at insert but rows appear at commit, so under concurrency seq 12
 * can become visible before seq 11. A missing seq below the highest one fetched (a "hole") holds
 * back delivery of the rows after it, so every stream gets rows in seq order and a
 * `Last-Event-ID` never skips a row that commits later. A hole is given up on (the insert was
 * rolled back) once every transaction that was running when it was seen has ended, and it is at
 * least MIN_HOLE_MS old (covers the instant between nextval and the inserting transaction
 * getting its id). A given-up hole is still looked for until HOLE_TTL_MS and, should it appear,
 * delivered late rather than lost.
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

/**
 * The per-process fan-out: one LISTEN on the notifications channel; on each NOTIFY (or sweep)
 * one query reads the rows stored since the last one seen, and each goes to the open streams
 * of its user or department. The rows are the source of truth; the NOTIFY only says "look".
 */
export function createHub(options: HubOptions) {
  const { db } = options;
  const byUser = new Map<string, Set<StreamClient>>();
  const byDepartment = new Map<string, Set<StreamClient>>();
  const all = new Set<StreamClient>();
  /** Every seq at or below it was delivered or given up on. */
  let frontier = 0;
  /** The highest seq fetched. */
  let maxFetched = 0;
  const buffered = new Map<number, NotificationRow>();
  const holes = new Map<number, { xids: number[]; since: number }>();
  const late = new Map<number, number>();
  let started = false;
  let stopped = false;
  let unlisten: Unlisten[] = [];
  let timers: NodeJS.Timeout[] = [];
  let recheck: NodeJS.Timeout | null = null;
  let fetching: Promise<void> | null = null;
  let fetchAgain = false;
  let checking: Promise<void> | null = null;
  let checkAgain = false;

  const index = (client: StreamClient): [Map<string, Set<StreamClient>>, string] =>
    client.kind === 'user' ? [byUser, client.userId] : [byDepartment, client.departmentId ?? ''];

  function deliver(row: NotificationRow) {
    const targets = row.user_id ? byUser.get(row.user_id) : row.department_id ? byDepartment.get(row.department_id) : undefined;
    if (!targets || targets.size === 0) return;
    const notification = toNotification(row, false);
    for (const client of [...targets]) client.push(notification);
  }

  async function fetchOnce(): Promise<void> {
    for (;;) {
      const lookFor = [...holes.keys(), ...late.keys()];
      // One statement, so the snapshot is the one the rows were read with.
      const result = await db.query<{ snapshot: string; rows: NotificationRow[] | string | null }>(
        `select pg_current_snapshot()::text as snapshot,
                (select json_agg(x order by x.seq) from (
                   select ${NOTIFICATION_COLUMNS} from notifications n
                    where n.seq > $1::bigint or n.seq = any($2::bigint[])
                    order by n.seq limit ${FETCH_BATCH}) x) as rows`,
        [maxFetched, lookFor],
      );
      const first = result.rows[0];
      const snapshot = parseSnapshot(first?.snapshot ?? '0:0:');
      const rawRows = first?.rows ?? [];
      const rows = (typeof rawRows === 'string' ? JSON.parse(rawRows) : rawRows) as NotificationRow[];
      const now = Date.now();
      for (const row of rows) {
        const seq = Number(row.seq);
        if (seq > maxFetched) {
          for (let missing = maxFetched + 1; missing < seq && holes.size < MAX_HOLES; missing++) {
            holes.set(missing, { xids: snapshot.xip, since: now });
          }
          maxFetched = seq;
        }
        holes.delete(seq);
        late.delete(seq);
        if (seq <= frontier) deliver(row);
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
      const ready = [...buffered.keys()].filter((seq) => seq < lowestHole).sort((a, b) => a - b);
      for (const seq of ready) {
        deliver(buffered.get(seq)!);
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

  /** Runs the fan-out; calls while one runs are folded into one more round after it. */
  function fetchNew(): Promise<void> {
    if (stopped) return Promise.resolve();
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
        if (!stopped) options.log?.warn({ err: error }, 'notification fan-out failed; the next NOTIFY or sweep retries');
      } finally {
        fetching = null;
      }
    })();
    return fetching;
  }

  /** Ends the streams whose session is over (logout, revoked, expired, user deactivated) or whose user left the department. */
  async function checkOnce(): Promise<void> {
    const sessionIds = [...new Set([...all].map((client) => client.sessionId))];
    if (sessionIds.length === 0) return;
    const live = await db.query<{ session_id: string; department_id: string | null }>(
      `select s.id::text as session_id, u.department_id::text as department_id
         from sessions s join users u on u.id = s.user_id
        where s.id = any($1::uuid[]) and s.revoked_at is null and s.expires_at > now() and u.active`,
      [sessionIds],
    );
    const departments = new Map(live.rows.map((row) => [row.session_id, row.department_id]));
    for (const client of [...all]) {
      if (!departments.has(client.sessionId)) client.end('session ended');
      else if (client.kind === 'department' && departments.get(client.sessionId) !== client.departmentId) client.end('department changed');
    }
  }

  function checkSessions(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (checking) {
      checkAgain = true;
      return checking;
    }
    checking = (async () => {
      try {
        do {
          checkAgain = false;
          await checkOnce();
        } while (checkAgain && !stopped);
      } catch (error) {
        if (!stopped) options.log?.warn({ err: error }, 'stream session check failed');
      } finally {
        checking = null;
      }
    })();
    return checking;
  }

  return {
    /** LISTENs and starts the timers; rows stored before this are not pushed (replay serves them). */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      const max = await db.query<{ seq: string | null }>('select max(seq)::text as seq from notifications');
      frontier = maxFetched = Number(max.rows[0]?.seq ?? 0);
      unlisten.push(await db.listen(NOTIFICATION_CHANNEL, () => void fetchNew()));
      unlisten.push(await db.listen(SESSION_CHANNEL, () => void checkSessions()));
      const heartbeat = setInterval(() => {
        for (const client of all) client.ping();
        void checkSessions();
      }, options.heartbeatMs);
      const sweep = setInterval(() => void fetchNew(), options.sweepMs);
      heartbeat.unref();
      sweep.unref();
      timers = [heartbeat, sweep];
    },
    add(client: StreamClient): void {
      const [map, key] = index(client);
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(client);
      all.add(client);
    },
    remove(client: StreamClient): void {
      const [map, key] = index(client);
      const set = map.get(key);
      set?.delete(client);
      if (set?.size === 0) map.delete(key);
      all.delete(client);
    },
    /**
     * Every row at or below this seq has been pushed (or given up on); every row above it will
     * be pushed to the streams registered now. Replay reads up to it, live takes over after it.
     */
    get frontier() {
      return frontier;
    },
    fetchNew,
    checkSessions,
    get size() {
      return all.size;
    },
    /** Ends every stream (server shutdown) and stops listening. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      if (recheck) clearTimeout(recheck);
      recheck = null;
      for (const client of [...all]) client.end('server shutting down');
      const pending = unlisten;
      unlisten = [];
      for (const off of pending) await off().catch(() => undefined);
      await Promise.allSettled([fetching, checking]);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
