import { createSseParser } from './sseParser.js';
import type { SseEvent } from './sseParser.js';

/** Why a stream stopped (never reported after `close()`). */
export type EventStreamFailure =
  | { kind: 'unauthorized'; status: 401 }
  | { kind: 'http'; status: number }
  | { kind: 'network'; error: unknown }
  | { kind: 'ended' }
  /** Nothing, not even a heartbeat, arrived for `idleTimeoutMs`: the connection is presumed dead. */
  | { kind: 'idle'; afterMs: number };

export type EventStreamState = 'connecting' | 'open' | 'closed';

export type EventStreamOptions = {
  url: string;
  onOpen?: () => void;
  onEvent: (event: SseEvent) => void;
  onComment?: (text: string) => void;
  /** An id-only block: the server's position in the stream, to resume from on reconnect. */
  onPosition?: (lastEventId: string) => void;
  /** Called once when the stream stops for any reason other than `close()`. */
  onFailure: (failure: EventStreamFailure) => void;
  /** Defaults to the global fetch (read at call time, so tests can replace it). */
  fetch?: typeof fetch;
  /** Called after a 401; true means the session was restored and the stream is requested once more. */
  restoreSession?: () => Promise<boolean>;
  /**
   * The server sends a heartbeat comment every 15 s; a stream silent for this long (default
   * 45000 ms, three heartbeats) is treated as broken, since a half-open connection never errors.
   * 0 turns the check off.
   */
  idleTimeoutMs?: number;
};

export const STREAM_IDLE_TIMEOUT_MS = 45_000;

export type EventStreamHandle = {
  readonly state: EventStreamState;
  close: () => void;
};

/** Opens a stream; the notification service takes one of these so tests can pass a fake. */
export type EventStreamFactory = (options: EventStreamOptions) => EventStreamHandle;

const EVENT_STREAM_CONTENT = /text\/event-stream/i;

/**
 * A fetch-based event-stream reader. Unlike EventSource it sees the status code, so a 401 goes
 * through restore-session before the stream is requested again, and it sends credentials the
 * same way every other call does.
 */
export const openEventStream: EventStreamFactory = (options) => {
  const controller = new AbortController();
  let state: EventStreamState = 'connecting';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  const idleTimeoutMs = options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const isClosed = () => state === 'closed';

  const stopIdleTimer = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const fail = (failure: EventStreamFailure) => {
    if (state === 'closed') return;
    state = 'closed';
    stopIdleTimer();
    controller.abort();
    options.onFailure(failure);
  };

  const restartIdleTimer = () => {
    if (idleTimeoutMs <= 0) return;
    stopIdleTimer();
    idleTimer = setTimeout(() => fail({ kind: 'idle', afterMs: idleTimeoutMs }), idleTimeoutMs);
  };

  const request = () =>
    doFetch(options.url, {
      method: 'GET',
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'text/event-stream' },
      signal: controller.signal,
    });

  const run = async () => {
    let response = await request();
    if (response.status === 401) {
      const restored = (await options.restoreSession?.()) ?? false;
      if (controller.signal.aborted) return;
      if (restored) response = await request();
      if (!restored || response.status === 401) {
        fail({ kind: 'unauthorized', status: 401 });
        return;
      }
    }
    const contentType = response.headers.get('Content-Type') ?? '';
    if (!response.ok || !response.body || !EVENT_STREAM_CONTENT.test(contentType)) {
      fail({ kind: 'http', status: response.status });
      return;
    }
    if (isClosed()) return;
    state = 'open';
    restartIdleTimer();
    options.onOpen?.();

    const parser = createSseParser({
      onEvent: options.onEvent,
      onComment: options.onComment,
      onPosition: options.onPosition,
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    controller.signal.addEventListener('abort', () => {
      reader.cancel().catch(() => undefined);
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (isClosed()) return;
      if (done) {
        parser.feed(decoder.decode());
        parser.end();
        fail({ kind: 'ended' });
        return;
      }
      restartIdleTimer();
      parser.feed(decoder.decode(value, { stream: true }));
    }
  };

  run().catch((error: unknown) => {
    if (controller.signal.aborted) return;
    fail({ kind: 'network', error });
  });

  return {
    get state() {
      return state;
    },
    close() {
      if (state === 'closed') return;
      state = 'closed';
      stopIdleTimer();
      controller.abort();
    },
  };
};
