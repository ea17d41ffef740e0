import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Hub, StreamClient } from './hub.js';
import { formatMessage, openStream } from './stream.js';

describe('formatMessage', () => {
  const notification = {
    id: 'n1',
    title: 'Line one\nline two',
    body: null,
    link: null,
    category: 'announcement',
    createdOn: '2026-01-02T03:04:05.000Z',
    isRead: false,
    departmentId: 'd',
    seq: 42,
  };

  it('sends id = seq and one data line of JSON; the department stream names the event', () => {
    const user = formatMessage('user', notification);
    expect(user).toBe(`id: 42\ndata: ${JSON.stringify(notification)}\n\n`);
    expect(user.split('\n')).toHaveLength(4);
    expect(formatMessage('department', notification)).toBe(`id: 42\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
    expect(JSON.parse(user.split('\n')[1]!.slice('data: '.length))).toEqual(notification);
  });
});

describe('openStream', () => {
  const note = (seq: number) => ({ id: `n${seq}`, title: `N ${seq}`, body: null, link: null, category: 'announcement', createdOn: '2026-01-02T03:04:05.000Z', isRead: false, departmentId: 'd', seq });

  /** A response that records what is written, and a hub whose frontier may lag behind the client. */
  function fixture(frontier: number) {
    const written: string[] = [];
    const raw = Object.assign(new EventEmitter(), {
      writableLength: 0,
      destroyed: false,
      writeHead: () => undefined,
      write: (chunk: string) => written.push(chunk),
      end: () => undefined,
    }) as unknown as ServerResponse;
    const clients: StreamClient[] = [];
    const hub = { frontier, add: (client: StreamClient) => clients.push(client), remove: () => undefined } as unknown as Hub;
    return { written, raw, hub, clients };
  }
  const ids = (written: string[]) => written.filter((chunk) => chunk.startsWith('id: ')).map((chunk) => chunk.split('\n')[0]);

  it('never sends again what the client had (at or below its last event id), nor moves its position back, when the hub lags', async () => {
    const { written, raw, hub, clients } = fixture(10);
    await openStream({ hub, raw, kind: 'department', userId: 'u', departmentId: 'd', sessionId: 's', after: 12 }, async () => []);
    clients[0]!.push(note(12));
    clients[0]!.push(note(13));
    expect(ids(written)).toEqual(['id: 12', 'id: 13']);
    // The first is the position block (12, not the hub's 10); the second is the row 13 itself.
    expect(written.filter((chunk) => chunk.includes('data: '))).toHaveLength(1);
  });

  it('without a last event id sends the replay, the frontier as position, then live rows', async () => {
    const { written, raw, hub, clients } = fixture(5);
    await openStream({ hub, raw, kind: 'user', userId: 'u', departmentId: null, sessionId: 's' }, async (upTo) => [note(upTo)]);
    clients[0]!.push(note(6));
    expect(ids(written)).toEqual(['id: 5', 'id: 5', 'id: 6']);
  });
});
