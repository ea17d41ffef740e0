import { describe, expect, it } from 'vitest';
import { createSseParser } from './sseParser.js';
import type { SseEvent } from './sseParser.js';

function collect() {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onComment: (text) => comments.push(text),
    onRetry: (ms) => retries.push(ms),
  });
  return { parser, events, comments, retries };
}

describe('createSseParser', () => {
  it('reads a default message with its id', () => {
    const { parser, events } = collect();
    parser.feed('id: 7\ndata: {"a":1}\n\n');
    expect(events).toEqual([{ event: 'message', data: '{"a":1}', lastEventId: '7' }]);
  });

  it('reads a named event and keeps the last id for later events without one', () => {
    const { parser, events } = collect();
    parser.feed('event: notification\nid: 3\ndata: x\n\ndata: y\n\n');
    expect(events).toEqual([
      { event: 'notification', data: 'x', lastEventId: '3' },
      { event: 'message', data: 'y', lastEventId: '3' },
    ]);
  });

  it('reports an id-only block as a position, dispatches nothing, and later events carry that id', () => {
    const positions: string[] = [];
    const events: SseEvent[] = [];
    const parser = createSseParser({ onEvent: (event) => events.push(event), onPosition: (id) => positions.push(id) });
    parser.feed(': connected\n\nid: 41\n\n\ndata: later\n\n');
    expect(positions).toEqual(['41']);
    expect(events).toEqual([{ event: 'message', data: 'later', lastEventId: '41' }]);
  });

  it('joins multi-line data with newlines and strips only one leading space', () => {
    const { parser, events } = collect();
    parser.feed('data: first\ndata:  second\ndata\n\n');
    expect(events[0]?.data).toBe('first\n second\n');
  });

  it('reports comments (heartbeats) and dispatches nothing for them', () => {
    const { parser, events, comments } = collect();
    parser.feed(': heartbeat\n\n:ping\n\n');
    expect(comments).toEqual(['heartbeat', 'ping']);
    expect(events).toEqual([]);
  });

  it('handles lines and events split across chunks, and CR, LF and CRLF line ends', () => {
    const { parser, events } = collect();
    parser.feed('\uFEFFid: 1\r');
    parser.feed('\ndata: {"ti');
    parser.feed('tle":"A"}\r\r');
    parser.feed('data: b\r\n\r\n');
    expect(events).toEqual([
      { event: 'message', data: '{"title":"A"}', lastEventId: '1' },
      { event: 'message', data: 'b', lastEventId: '1' },
    ]);
  });

  it('ignores unknown fields, ids with NUL, an event type without data, and a retry that is not digits', () => {
    const { parser, events, retries } = collect();
    parser.feed('foo: bar\nid: a\u0000b\nretry: soon\nretry: 5000\nevent: notification\n\ndata: z\n\n');
    expect(retries).toEqual([5000]);
    expect(events).toEqual([{ event: 'message', data: 'z', lastEventId: '' }]);
  });

  it('discards an event left without its blank line when the stream ends', () => {
    const { parser, events } = collect();
    parser.feed('data: half');
    parser.end();
    parser.feed('\n\n');
    expect(events).toEqual([]);
  });
});
