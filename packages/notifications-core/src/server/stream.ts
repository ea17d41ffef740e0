import type { ServerResponse } from 'node:http';
import type { Notification } from '../model/index.js';
import type { Hub, StreamClient } from './hub.js';
import type { Language } from './texts.js';

/** A client that cannot keep up (this much unsent) is cut off; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // Proxies (nginx) must pass each message on at once rather than buffer the response.
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
  // Streams are long-lived: no keep-alive reuse, so ending one (shutdown, logout) frees the socket.
  connection: 'close',
} as const;

export type OpenStreamOptions = {
  hub: Hub;
  raw: ServerResponse;
  kind: 'user' | 'department';
  userId: string;
  departmentId: string | null;
  sessionId: string;
  /** The reader's language (notifications stored by key are rendered in it); English by default. */
  language?: Language;
  /** Which resources' "record changed" events this stream passes on (null: all). */
  readable?: ((resource: string) => boolean) | null;
  /** The client's last event id (`Last-Event-ID`), if it sent one: nothing at or below it is sent again. */
  after?: number | null;
  onEnd?: (reason: string) => void;
};

// The hub pushes one object to every stream of a department: serialise it once, not per stream.
const serialised = new WeakMap<Notification, string>();

/** One SSE message: `id: <seq>`, the department stream adds `event: notification`. */
export function formatMessage(kind: 'user' | 'department', notification: Notification): string {
  let data = serialised.get(notification);
  if (data === undefined) serialised.set(notification, (data = JSON.stringify(notification)));
  const event = kind === 'department' ? 'event: notification\n' : '';
  return `id: ${notification.seq ?? ''}\n${event}data: ${data}\n\n`;
}

/**
 * A "record changed" event: `event: change` and no `id`, so the stream's position (its notifications'
 * seq) is untouched and nothing of it is replayed (a reconnecting client refetches what it shows).
 */
export function formatChanges(data: string): string {
  return `event: change\ndata: ${data}\n\n`;
}

/** An id-only block: sets the client's last event id to `seq` and dispatches nothing. */
export function formatPosition(seq: number): string {
  return `id: ${seq}\n\n`;
}

/**
 * Opens a stream on an already hijacked response: registers it with the hub at once (live rows
 * are held back meanwhile), sends what was missed up to the hub's frontier, then the held-back
 * rows not already sent, then live. No gap: every row above the frontier read right after
 * registration reaches this stream live; the frontier itself is sent as an id-only position block
 * after the replay (never below the client's own last event id). No duplicate: a held-back row the
 * replay also sent is dropped, and so is any row at or below the client's last event id (on
 * PostgreSQL this process's hub may hear of a row after the client already had it from elsewhere
 * or from before).
 */
export async function openStream(
  options: OpenStreamOptions,
  replay: (upToSeq: number) => Promise<Notification[]>,
): Promise<StreamClient> {
  const { raw, hub, kind } = options;
  let held: Notification[] | null = [];
  let ended = false;

  const write = (chunk: string) => {
    if (ended) return;
    raw.write(chunk);
    if (raw.writableLength > MAX_BUFFERED_BYTES) client.end('client too slow');
  };
  const after = options.after ?? 0;
  const send = (notification: Notification) => {
    if ((notification.seq ?? 0) > after) write(formatMessage(kind, notification));
  };

  const client: StreamClient = {
    kind,
    userId: options.userId,
    departmentId: options.departmentId,
    sessionId: options.sessionId,
    language: options.language ?? 'en',
    push(notification) {
      if (held) held.push(notification);
      else send(notification);
    },
    readable: options.readable ?? null,
    pushChanges(data) {
      write(formatChanges(data));
    },
    ping() {
      write(': ping\n\n');
    },
    end(reason) {
      if (ended) return;
      ended = true;
      hub.remove(client);
      options.onEnd?.(reason);
      if (!raw.destroyed) raw.end();
    },
  };

  raw.on('close', () => client.end('client closed'));
  raw.writeHead(200, SSE_HEADERS);
  raw.write(': connected\n\n');
  hub.add(client);

  try {
    const upTo = hub.frontier;
    const missed = await replay(upTo);
    const sent = new Set<number>();
    for (const notification of missed) {
      send(notification);
      sent.add(notification.seq ?? 0);
    }
    // The stream's position, even when nothing was replayed: an id-only block moves the client's
    // last event id without an event (WHATWG), so a client that has received nothing yet still
    // reconnects with a position and gets what was stored while it was away.
    write(formatPosition(Math.max(upTo, after)));
    const waiting = held;
    held = null;
    for (const notification of waiting) if (!sent.has(notification.seq ?? 0)) send(notification);
  } catch (error) {
    client.end('replay failed');
    throw error;
  }
  return client;
}
