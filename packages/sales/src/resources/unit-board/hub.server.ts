import { createOrderedFeed, createStreamRegistry, type Database, type Unlisten } from '@propdesk/server-kit';
import { EVENT_COLUMNS, EVENT_FROM, toBoardEvent, type EventRow } from './board.server.js';
import type { BoardEvent } from './model.js';

/** The channel a board change NOTIFYs when its transaction commits (the triggers of `notify.server.ts`; payload: the project id, or empty for every project). */
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

/**
 * The per-process fan-out of unit status events: one LISTEN on `unit_board`; on each NOTIFY (or
 * sweep) the ordered feed (server-kit, as the notification hub) reads the events stored since the last
 * one seen, in id order, and each goes to the open streams of its unit's project. The events table is
 * the source of truth; the NOTIFY (raised by a trigger inside the writing transaction, so only when
 * it commits) only says "look".
 */
export function createBoardHub(options: BoardHubOptions) {
  const { db } = options;
  const streams = createStreamRegistry<BoardClient>((client) => [client.projectId]);
  const feed = createOrderedFeed<EventRow>({
    db,
    name: 'unit board',
    log: options.log,
    source: { columns: EVENT_COLUMNS, from: EVENT_FROM, seqColumn: 'e.id', latest: 'select max(id)::text as seq from unit_status_events' },
    deliver(row) {
      const { projectId, event } = toBoardEvent(row);
      for (const client of streams.under(projectId)) if (!client.units || client.units.has(event.unitId)) client.push(event);
    },
  });
  let starting: Promise<void> | null = null;
  let stopped = false;
  let unlisten: Unlisten | null = null;
  let timers: NodeJS.Timeout[] = [];
  const fetchNew = () => feed.fetchNew();

  /** Ends the streams whose session is over (logout, revoked, expired, user deactivated). */
  async function checkSessions(): Promise<void> {
    const sessionIds = streams.sessionIds();
    if (sessionIds.length === 0) return;
    try {
      const live = await db.query<{ id: string }>(
        `select s.id::text as id from sessions s join users u on u.id = s.user_id
          where s.id = any($1::uuid[]) and s.revoked_at is null and s.expires_at > now() and u.active`,
        [sessionIds],
      );
      const alive = new Set(live.rows.map((row) => row.id));
      for (const client of streams.all) if (!alive.has(client.sessionId)) client.end('session ended');
    } catch (error) {
      if (!stopped) options.log?.warn({ err: error }, 'unit board session check failed');
    }
  }

  return {
    /** LISTENs and starts the timers, once (the first stream starts it); events before it are replayed, not pushed. */
    start(): Promise<void> {
      if (stopped) return Promise.resolve();
      starting ??= (async () => {
        await feed.start();
        unlisten = await db.listen(UNIT_BOARD_CHANNEL, () => void fetchNew());
        if (stopped) return;
        const heartbeat = setInterval(() => {
          for (const client of streams.all) client.ping();
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
      streams.add(client);
    },
    remove(client: BoardClient): void {
      streams.remove(client);
    },
    /** Every event at or below it was pushed (or given up on); every one above it reaches the streams registered now. */
    get frontier() {
      return feed.frontier;
    },
    get size() {
      return streams.size;
    },
    fetchNew,
    checkSessions,
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      for (const client of streams.all) client.end('server shutting down');
      await starting?.catch(() => undefined);
      const off = unlisten;
      unlisten = null;
      await off?.().catch(() => undefined);
      await feed.stop();
    },
  };
}

export type BoardHub = ReturnType<typeof createBoardHub>;
