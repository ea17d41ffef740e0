import { createOrderedFeed, createStreamRegistry, type Database, type Unlisten } from '@propdesk/server-kit';
import type { Notification } from '../model/index.js';
import { changeFanOut, parseChangeEvent } from './changes.js';
import { NOTIFICATION_CHANNEL, NOTIFICATION_COLUMNS, SESSION_CHANNEL, toNotification, type NotificationRow } from './store.js';
import type { Language } from './texts.js';

/** One open event stream, as the hub sees it. */
export type StreamClient = {
  readonly kind: 'user' | 'department';
  readonly userId: string;
  /** The department a department stream follows. */
  readonly departmentId: string | null;
  readonly sessionId: string;
  /**
   * The reader's language: the call's (the account's, else its Accept-Language) when it opened,
   * then the account's as each session check reads it (a change of language reaches open streams).
   */
  language: Language;
  /** Sends one notification (the stream handles its own replay buffering and de-duplication). */
  push(notification: Notification): void;
  /** Sends a "record changed" event (user streams only; see changes.ts). */
  pushChanges(data: string): void;
  /** Which resources' changes this stream's user may hear of (null: all). */
  readonly readable: ((resource: string) => boolean) | null;
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
  /** The channel of the records engine's "record changed" events, passed on to the user streams (none: not listened to). */
  changesChannel?: string | undefined;
};

/**
 * The per-process fan-out: one LISTEN on the notifications channel; on each NOTIFY (or sweep) the
 * ordered feed (server-kit) reads the rows stored since the last one seen, in seq order, and each goes
 * to the open streams of its user or department. The rows are the source of truth; the NOTIFY only
 * says "look".
 */
export function createHub(options: HubOptions) {
  const { db } = options;
  const streams = createStreamRegistry<StreamClient>((client) => [client.kind === 'user' ? `u:${client.userId}` : `d:${client.departmentId ?? ''}`]);
  const feed = createOrderedFeed<NotificationRow>({
    db,
    name: 'notification',
    log: options.log,
    source: { columns: NOTIFICATION_COLUMNS, from: 'notifications n', seqColumn: 'n.seq', latest: 'select max(seq)::text as seq from notifications' },
    deliver(row) {
      const targets = row.user_id ? streams.under(`u:${row.user_id}`) : row.department_id ? streams.under(`d:${row.department_id}`) : [];
      if (targets.length === 0) return;
      // Rendered once per language (a department's streams share each object, and its serialisation).
      const rendered = new Map<Language, Notification>();
      for (const client of targets) {
        let notification = rendered.get(client.language);
        if (!notification) rendered.set(client.language, (notification = toNotification(row, false, client.language)));
        client.push(notification);
      }
    },
  });
  let started = false;
  let stopped = false;
  let unlisten: Unlisten[] = [];
  let timers: NodeJS.Timeout[] = [];
  let checking: Promise<void> | null = null;
  let checkAgain = false;
  const fetchNew = () => feed.fetchNew();
  /** One "record changed" event to every user stream that may hear of it: parsed once, written as it came where nothing is held back. */
  const passOnChanges = (payload: string) => {
    const event = payload ? parseChangeEvent(payload) : null;
    if (!event) return;
    const textFor = changeFanOut(payload, event);
    for (const client of streams.all) {
      if (client.kind !== 'user') continue;
      const text = textFor(client.readable);
      if (text) client.pushChanges(text);
    }
  };

  /** Ends the streams whose session is over (logout, revoked, expired, user deactivated) or whose user left the department. */
  async function checkOnce(): Promise<void> {
    const sessionIds = streams.sessionIds();
    if (sessionIds.length === 0) return;
    const live = await db.query<{ session_id: string; department_id: string | null; language: string | null }>(
      `select s.id::text as session_id, u.department_id::text as department_id, u.language
         from sessions s join users u on u.id = s.user_id
        where s.id = any($1::uuid[]) and s.revoked_at is null and s.expires_at > now() and u.active`,
      [sessionIds],
    );
    const departments = new Map(live.rows.map((row) => [row.session_id, row.department_id]));
    const languages = new Map(live.rows.map((row) => [row.session_id, row.language]));
    for (const client of streams.all) {
      if (!departments.has(client.sessionId)) client.end('session ended');
      else if (client.kind === 'department' && departments.get(client.sessionId) !== client.departmentId) client.end('department changed');
      else {
        const language = languages.get(client.sessionId);
        if (language === 'ar' || language === 'en') client.language = language;
      }
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
      await feed.start();
      unlisten.push(await db.listen(NOTIFICATION_CHANNEL, () => void fetchNew()));
      unlisten.push(await db.listen(SESSION_CHANNEL, () => void checkSessions()));
      if (options.changesChannel) unlisten.push(await db.listen(options.changesChannel, passOnChanges));
      const heartbeat = setInterval(() => {
        for (const client of streams.all) client.ping();
        void checkSessions();
      }, options.heartbeatMs);
      const sweep = setInterval(() => void fetchNew(), options.sweepMs);
      heartbeat.unref();
      sweep.unref();
      timers = [heartbeat, sweep];
    },
    add(client: StreamClient): void {
      streams.add(client);
    },
    remove(client: StreamClient): void {
      streams.remove(client);
    },
    /**
     * Every row at or below this seq has been pushed (or given up on); every row above it will
     * be pushed to the streams registered now. Replay reads up to it, live takes over after it.
     */
    get frontier() {
      return feed.frontier;
    },
    fetchNew,
    checkSessions,
    get size() {
      return streams.size;
    },
    /** Ends every stream (server shutdown) and stops listening. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      for (const client of streams.all) client.end('server shutting down');
      const pending = unlisten;
      unlisten = [];
      for (const off of pending) await off().catch(() => undefined);
      await Promise.allSettled([feed.stop(), checking]);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
