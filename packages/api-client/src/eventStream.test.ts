// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { STREAM_IDLE_TIMEOUT_MS, openEventStream } from './eventStream.js';
import type { EventStreamFailure } from './eventStream.js';
import type { SseEvent } from './sseParser.js';

/** A response whose body the test writes to. */
function controllableResponse(status = 200, contentType = 'text/event-stream') {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'Content-Type': contentType } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function open(fetchImpl: typeof fetch, restoreSession?: () => Promise<boolean>) {
  const events: SseEvent[] = [];
  const failures: EventStreamFailure[] = [];
  const onOpen = vi.fn();
  const handle = openEventStream({
    url: '/api/notifications/stream/u1?lastEventId=4',
    fetch: fetchImpl,
    restoreSession,
    onOpen,
    onEvent: (event) => events.push(event),
    onFailure: (failure) => failures.push(failure),
  });
  return { handle, events, failures, onOpen };
}

describe('openEventStream', () => {
  it('fetches with credentials, opens, and parses events as chunks arrive', async () => {
    const stream = controllableResponse();
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(stream.response);
    const { handle, events, onOpen } = open(fetchImpl);
    expect(handle.state).toBe('connecting');
    await settle();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(handle.state).toBe('open');
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/notifications/stream/u1?lastEventId=4');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Accept')).toBe('text/event-stream');
    stream.write('id: 5\ndata: {"x"');
    stream.write(':1}\n\n: heartbeat\n\n');
    await settle();
    expect(events).toEqual([{ event: 'message', data: '{"x":1}', lastEventId: '5' }]);
    handle.close();
  });

  it('reports the end of the stream as a failure, once', async () => {
    const stream = controllableResponse();
    const { handle, failures } = open(vi.fn<typeof fetch>().mockResolvedValue(stream.response));
    await settle();
    stream.end();
    await settle();
    expect(failures).toEqual([{ kind: 'ended' }]);
    expect(handle.state).toBe('closed');
  });

  it('reports nothing after close()', async () => {
    const stream = controllableResponse();
    const { handle, failures, events } = open(vi.fn<typeof fetch>().mockResolvedValue(stream.response));
    await settle();
    handle.close();
    await settle();
    expect(handle.state).toBe('closed');
    expect(failures).toEqual([]);
    expect(events).toEqual([]);
  });

  it('reports a non-ok status, and a network error', async () => {
    const bad = open(vi.fn<typeof fetch>().mockResolvedValue(new Response('no', { status: 500 })));
    const offline = open(vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    await settle();
    expect(bad.failures).toEqual([{ kind: 'http', status: 500 }]);
    expect(offline.failures).toEqual([{ kind: 'network', error: new TypeError('Failed to fetch') }]);
  });

  it('on 401 restores the session and requests the stream once more', async () => {
    const stream = controllableResponse();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('', { status: 401 }))
      .mockResolvedValueOnce(stream.response);
    const restore = vi.fn().mockResolvedValue(true);
    const { handle, onOpen, failures } = open(fetchImpl, restore);
    await settle();
    expect(restore).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(failures).toEqual([]);
    handle.close();
  });

  it('on 401 with a failed restore reports unauthorized without asking again', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 401 }));
    const restore = vi.fn().mockResolvedValue(false);
    const { failures } = open(fetchImpl, restore);
    await settle();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(failures).toEqual([{ kind: 'unauthorized', status: 401 }]);
  });

  it('treats 45000 ms without data or heartbeat as a broken connection; a heartbeat keeps it alive', async () => {
    expect(STREAM_IDLE_TIMEOUT_MS).toBe(45_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stream = controllableResponse();
      const { handle, failures } = open(vi.fn<typeof fetch>().mockResolvedValue(stream.response));
      await vi.advanceTimersByTimeAsync(0);
      expect(handle.state).toBe('open');
      await vi.advanceTimersByTimeAsync(30_000);
      stream.write(': heartbeat\n\n');
      await vi.advanceTimersByTimeAsync(44_999);
      expect(failures).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(failures).toEqual([{ kind: 'idle', afterMs: 45_000 }]);
      expect(handle.state).toBe('closed');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears its idle timer on close()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stream = controllableResponse();
      const { handle } = open(vi.fn<typeof fetch>().mockResolvedValue(stream.response));
      await vi.advanceTimersByTimeAsync(0);
      expect(vi.getTimerCount()).toBe(1);
      handle.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
