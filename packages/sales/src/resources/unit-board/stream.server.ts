import type { ServerResponse } from 'node:http';
import type { BoardClient, BoardHub } from './hub.server.js';
import { BOARD_RESET_EVENT, type BoardEvent } from './model.js';

/** A client that cannot keep up (this much unsent) is cut off; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
  connection: 'close',
} as const;

// The hub pushes one object to every stream of a project: serialise it once.
const serialised = new WeakMap<BoardEvent, string>();

export function formatEvent(event: BoardEvent): string {
  let data = serialised.get(event);
  if (data === undefined) serialised.set(event, (data = JSON.stringify(event)));
  return `id: ${event.seq}\ndata: ${data}\n\n`;
}

export type OpenBoardStreamOptions = {
  hub: BoardHub;
  raw: ServerResponse;
  projectId: string;
  sessionId: string;
  units: ReadonlySet<string> | null;
  /** The client's `Last-Event-ID`: nothing at or below it is sent again. */
  after: number | null;
  /** Most events a replay sends; past it the client gets `event: reset` and reads the board again. */
  replayLimit: number;
  replay: (afterSeq: number, upToSeq: number, limit: number) => Promise<BoardEvent[]>;
};

/**
 * Opens a board stream on a hijacked response, as notifications-core's `openStream`: registers
 * with the hub first (live events are held back meanwhile), replays what was missed after the
 * client's last event id up to the hub's frontier, then the held-back events not already sent,
 * then live. A client with no last event id gets only the position (it has just read the board).
 */
export async function openBoardStream(options: OpenBoardStreamOptions): Promise<BoardClient> {
  const { raw, hub } = options;
  let held: BoardEvent[] | null = [];
  let ended = false;
  const uncork = () => raw.uncork();
  const write = (chunk: string) => {
    if (ended) return;
    // What one tick writes goes out in one write: the events of a feed's batch cost a stream one, not one each.
    if (!raw.writableCorked) {
      raw.cork();
      process.nextTick(uncork);
    }
    raw.write(chunk);
    if (raw.writableLength > MAX_BUFFERED_BYTES) client.end('client too slow');
  };
  let after = options.after ?? 0;
  const send = (event: BoardEvent) => {
    if (event.seq > after) write(formatEvent(event));
  };
  const client: BoardClient = {
    projectId: options.projectId,
    sessionId: options.sessionId,
    units: options.units,
    push(event) {
      if (held) held.push(event);
      else send(event);
    },
    ping() {
      write(': ping\n\n');
    },
    end() {
      if (ended) return;
      ended = true;
      hub.remove(client);
      if (!raw.destroyed) raw.end();
    },
  };
  raw.on('close', () => client.end('client closed'));
  raw.writeHead(200, SSE_HEADERS);
  raw.write(': connected\n\n');
  await hub.start();
  hub.add(client);
  try {
    const upTo = hub.frontier;
    const sent = new Set<number>();
    if (options.after !== null && options.after < upTo) {
      const missed = await options.replay(options.after, upTo, options.replayLimit);
      if (missed.length > options.replayLimit) {
        // Too much to replay: the client reads the board again (at least at `upTo`) and goes on from here.
        write(`id: ${upTo}\nevent: ${BOARD_RESET_EVENT}\ndata: {}\n\n`);
        after = upTo;
      } else {
        for (const event of missed) {
          send(event);
          sent.add(event.seq);
        }
      }
    }
    // An id-only block: the client's position even when nothing was replayed.
    write(`id: ${Math.max(upTo, after)}\n\n`);
    const waiting = held;
    held = null;
    for (const event of waiting) if (!sent.has(event.seq)) send(event);
  } catch (error) {
    client.end('replay failed');
    throw error;
  }
  return client;
}
