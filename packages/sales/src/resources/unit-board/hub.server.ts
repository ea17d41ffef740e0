import type { Database, Unlisten } from '@propdesk/server-kit';
import { EVENT_COLUMNS, EVENT_FROM, toBoardEvent, type EventRow, type ProjectEvent } from './board.server.js';
import type { BoardEvent } from './model.js';

/** The channel a unit status change NOTIFYs after its transaction commits (the units hook). */
export const UNIT_BOARD_CHANNEL = 'unit_board';

/** One open board stream, as the hub sees it. */
export type BoardClient = {
  readonly projectId: string;
  readonly sessionId: string;
  /** The units of the project the caller may read; null when the row scope limits nothing. */
  readonly units: ReadonlySet<string> | null;
  push(event: BoardEvent): void;
  ping(): void;
  end(reason: string): void;
};

export type BoardHubOptions = {
  db: Database;
  heartbeatMs: number;
  /** Periodic catch-up in case a NOTIFY was lost. */
  sweepMs: number;
  log?: { warn(obj: unknown, msg?: string): void } | undefined;
};

const FETCH_BATCH = 1000;
/**
 * As the notification hub (notifications-core `hub.ts`): event ids are taken at insert but rows
 * appear at commit, so a missing id below the highest fetched (a hole) holds back what follows it
 * until the transactions running when it was seen have ended (then it was rolled back), so a
 * stream gets events in id order and a `Last-Event-ID` never skips one that commits later.
 */
const MIN_HOLE_MS = 200;
const HOLE_TTL_MS = 60_000;
const MAX_HOLES = 10_000;
const RECHECK_MS = 50;

type Snapshot = { xmin: number; xmax: number; xip: number[] };
function parseSnapshot(text: string): Snapshot {
  const [xmin = '0', xmax = '0', xip = ''] = text.split(':');
  return { xmin: Number(xmin), xmax: Number(xmax), xip: xip === '' ? [] : xip.split(',').map(Number) };
}
const running = (xid: number, snapshot: Snapshot) => xid >= snapshot.xmin && (xid >= snapshot.xmax || snapshot.xip.includes(xid));

/**
 * The per-process fan-out of unit status events: one LISTEN on `unit_board`; on each NOTIFY (or
 * sweep) one query reads the events stored since the last one seen, and each goes to the open
 * streams of its unit's project. The events table is the source of truth; the NOTIFY (sent by the
 * units hook inside the writing transaction, so only when it commits) only says "look".
 */
export function createBoardHub(options: BoardHubOptions) {
  const { db } = options;
  const byProject = new Map<string, Set<BoardClient>>();
  const all = new Set<BoardClient>();
  let frontier = 0;
  let maxFetched = 0;
  const buffered = new Map<number, ProjectEvent>();
  const holes = new Map<number, { xids: number[]; since: number }>();
  const late = new Map<number, number>();
  let starting: Promise<void> | null = null;
  let stopped = false;
  let unlisten: Unlisten | null = null;
  let timers: NodeJS.Timeout[] = [];
  let recheck: NodeJS.Timeout | null = null;
  let fetching: Promise<void> | null = null;
  let fetchAgain = false;

  function deliver({ projectId, event }: ProjectEvent) {
    const targets = byProject.get(projectId);
    if (!targets) return;
    for (const client of [...targets]) if (!client.units || client.units.has(event.unitId)) client.push(event);
  }

  async function fetchOnce(): Promise<void> {
    for (;;) {
      const lookFor = [...holes.keys(), ...late.keys()];
      const result = await db.query<{ snapshot: string; rows: EventRow[] | string | null }>(
        `select pg_current_snapshot()::text as snapshot,
                (select json_agg(x order by x.seq::bigint) from (
                   select ${EVENT_COLUMNS} from ${EVENT_FROM}
                    where e.id > $1::bigint or e.id = any($2::bigint[])
                    order by e.id limit ${FETCH_BATCH}) x) as rows`,
        [maxFetched, lookFor],
      );
      const first = result.rows[0];
      const snapshot = parseSnapshot(first?.snapshot ?? '0:0:');
      const raw = first?.rows ?? [];
      const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as EventRow[];
      const now = Date.now();
      for (const row of rows) {
        const seq = Number(row.seq);
        if (seq > maxFetched) {
          for (let missing = maxFetched + 1; missing < seq && holes.size < MAX_HOLES; missing++) holes.set(missing, { xids: snapshot.xip, since: now });
          maxFetched = seq;
        }
        holes.delete(seq);
        late.delete(seq);
        const event = toBoardEvent(row);
        if (seq <= frontier) deliver(event);
        else buffered.set(seq, event);
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

  /** Runs the fan-out; calls while one runs fold into one more round after it. */
  function fetchNew(): Promise<void> {
    if (stopped || !starting) return Promise.resolve();
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
        if (!stopped) options.log?.warn({ err: error }, 'unit board fan-out failed; the next NOTIFY or sweep retries');
      } finally {
        fetching = null;
      }
    })();
    return fetching;
  }

  /** Ends the streams whose session is over (logout, revoked, expired, user deactivated). */
  async function checkSessions(): Promise<void> {
    const sessionIds = [...new Set([...all].map((client) => client.sessionId))];
    if (sessionIds.length === 0) return;
    try {
      const live = await db.query<{ id: string }>(
        `select s.id::text as id from sessions s join users u on u.id = s.user_id
          where s.id = any($1::uuid[]) and s.revoked_at is null and s.expires_at > now() and u.active`,
        [sessionIds],
      );
      const alive = new Set(live.rows.map((row) => row.id));
      for (const client of [...all]) if (!alive.has(client.sessionId)) client.end('session ended');
    } catch (error) {
      if (!stopped) options.log?.warn({ err: error }, 'unit board session check failed');
    }
  }

  return {
    /** LISTENs and starts the timers, once (the first stream starts it); events before it are replayed, not pushed. */
    start(): Promise<void> {
      if (stopped) return Promise.resolve();
      starting ??= (async () => {
        const max = await db.query<{ seq: string | null }>('select max(id)::text as seq from unit_status_events');
        frontier = maxFetched = Number(max.rows[0]?.seq ?? 0);
        unlisten = await db.listen(UNIT_BOARD_CHANNEL, () => void fetchNew());
        if (stopped) return;
        const heartbeat = setInterval(() => {
          for (const client of all) client.ping();
          void checkSessions();
        }, options.heartbeatMs);
        const sweep = setInterval(() => void fetchNew(), options.sweepMs);
        heartbeat.unref();
        sweep.unref();
        timers = [heartbeat, sweep];
      })();
      return starting;
    },
    add(client: BoardClient): void {
      let set = byProject.get(client.projectId);
      if (!set) byProject.set(client.projectId, (set = new Set()));
      set.add(client);
      all.add(client);
    },
    remove(client: BoardClient): void {
      const set = byProject.get(client.projectId);
      set?.delete(client);
      if (set?.size === 0) byProject.delete(client.projectId);
      all.delete(client);
    },
    /** Every event at or below it was pushed (or given up on); every one above it reaches the streams registered now. */
    get frontier() {
      return frontier;
    },
    get size() {
      return all.size;
    },
    fetchNew,
    checkSessions,
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      if (recheck) clearTimeout(recheck);
      recheck = null;
      for (const client of [...all]) client.end('server shutting down');
      await starting?.catch(() => undefined);
      const off = unlisten;
      unlisten = null;
      await off?.().catch(() => undefined);
      await Promise.allSettled([fetching]);
    },
  };
}

export type BoardHub = ReturnType<typeof createBoardHub>;
