// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientEnvironment, resetSessionState } from '@propdesk/api-client';
import {
  DELETE_FAILED_MESSAGE,
  FORCED_RECONNECT_MS,
  MAX_POLLS,
  MAX_RECONNECT_ATTEMPTS,
  MISSING_USER_ID_MESSAGE,
  POLL_INTERVAL_MS,
  RECONNECT_INITIAL_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  reconnectDelay,
} from './constants.js';
import { NotificationService } from './notificationService.js';
import type { NotificationServiceEvents, NotificationServiceOptions } from './notificationService.js';
import { FAKE_TIMERS, serviceHarness, settle } from './test-utils/fakes.js';
import { makeNotification } from './test-utils/fixtures.js';
import { notificationServer } from './test-utils/server.js';

const { server, calls, lists } = notificationServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined); // stream failures are logged as warnings
  calls.user = 0;
  calls.department = 0;
  lists.user = [];
  lists.department = [];
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A service with every dependency faked and its events recorded. */
function setup(items?: Record<string, string>, overrides: Partial<NotificationServiceOptions> = {}) {
  const harness = serviceHarness(items);
  Object.assign(harness.options, overrides);
  const service = new NotificationService(harness.options);
  const events: { [E in keyof NotificationServiceEvents]: NotificationServiceEvents[E][] } = {
    notification: [],
    history: [],
    status: [],
    error: [],
    read: [],
    readAll: [],
    deleted: [],
    changes: [],
    resync: [],
  };
  for (const name of Object.keys(events) as (keyof NotificationServiceEvents)[]) {
    service.on(name, (payload) => (events[name] as unknown[]).push(payload));
  }
  return { ...harness, service, events };
}

/** Initialised, history loaded, user stream open. */
async function connected(items?: Record<string, string>) {
  const ctx = setup(items);
  await ctx.service.initialize();
  ctx.streams.user()?.open();
  ctx.streams.department()?.open();
  return ctx;
}

describe('initialize', () => {
  it('fails with the spec message when there is no userId in storage', async () => {
    const ctx = setup({});
    await expect(ctx.service.initialize()).rejects.toThrow(
      new Error('No user ID found in localStorage. User may not be logged in.'),
    );
    expect(MISSING_USER_ID_MESSAGE).toBe('No user ID found in localStorage. User may not be logged in.');
    expect(ctx.events.error.map((e) => e.message)).toEqual([MISSING_USER_ID_MESSAGE]);
    expect(ctx.streams.streams).toHaveLength(0);
  });

  it('merges user and department history, de-duplicated by id, newest first', async () => {
    lists.user = [makeNotification('a', 10), makeNotification('b', 30, { title: 'from user' })];
    lists.department = [makeNotification('b', 30, { title: 'from department' }), makeNotification('c', 20)];
    const ctx = setup();
    await ctx.service.initialize();
    expect(calls).toEqual({ user: 1, department: 1 });
    expect(ctx.events.history).toHaveLength(1);
    expect(ctx.events.history[0]?.map((n) => n.id)).toEqual(['a', 'c', 'b']);
    expect(ctx.events.history[0]?.filter((n) => n.id === 'b')).toHaveLength(1);
  });

  it('gives an empty history and a console warning when a list fails to load', async () => {
    lists.department = 'fail';
    const warn = vi.mocked(console.warn);
    const ctx = setup();
    await ctx.service.initialize();
    expect(ctx.events.history).toEqual([[]]);
    expect(warn).toHaveBeenCalledWith('Could not load the notification history; showing none.', expect.any(Error));
  });

  it('without a departmentId reads and streams only the user list', async () => {
    const ctx = setup({ userId: 'u1' });
    await ctx.service.initialize();
    expect(calls).toEqual({ user: 1, department: 0 });
    expect(ctx.streams.streams.map((s) => s.url)).toEqual(['/api/notifications/stream/u1']);
  });

  it('opens the user and department streams: connecting, then connected when the user stream opens', async () => {
    const ctx = setup();
    await ctx.service.initialize();
    expect(ctx.streams.streams.map((s) => s.url)).toEqual([
      '/api/notifications/stream/u1',
      '/api/notifications/stream/department/d1',
    ]);
    expect(ctx.events.status).toEqual(['connecting']);
    ctx.streams.department()?.open();
    expect(ctx.service.getStatus()).toBe('connecting');
    ctx.streams.user()?.open();
    expect(ctx.events.status).toEqual(['connecting', 'connected']);
  });

  it('keeps a notification that arrived before the history', async () => {
    lists.user = [makeNotification('old', 60)];
    const ctx = setup();
    const done = ctx.service.initialize();
    ctx.streams.user()?.open();
    ctx.streams.user()?.send(makeNotification('live', 0));
    await done;
    expect(ctx.events.history[0]?.map((n) => n.id)).toEqual(['live', 'old']);
  });
});

describe('real-time notifications', () => {
  it('emits each new one from default messages and notification events, with a toast, a sound and a desktop notification', async () => {
    const ctx = await connected();
    const first = makeNotification('n1', 0, { userId: 'u1' });
    const second = makeNotification('n2', 0, { departmentId: 'd1' });
    ctx.streams.user()?.send(first, { id: '1' });
    ctx.streams.department()?.send(second, { id: '9', event: 'notification' });
    expect(ctx.events.notification).toEqual([first, second]);
    expect(ctx.toast).toHaveBeenCalledTimes(2);
    expect(ctx.toast).toHaveBeenCalledWith(first);
    expect(ctx.sound.play).toHaveBeenCalledTimes(2);
    expect(ctx.desktop.show).toHaveBeenCalledWith(second);
  });

  it('ignores an id already seen (history or stream)', async () => {
    lists.user = [makeNotification('h1', 5)];
    const ctx = await connected();
    ctx.streams.user()?.send(makeNotification('h1', 5));
    ctx.streams.user()?.send(makeNotification('n1'));
    ctx.streams.department()?.send(makeNotification('n1'), { event: 'notification' });
    expect(ctx.events.notification.map((n) => n.id)).toEqual(['n1']);
    expect(ctx.toast).toHaveBeenCalledTimes(1);
  });

  it('shows no desktop notification without permission', async () => {
    const ctx = await connected();
    ctx.desktop.current = 'default';
    ctx.streams.user()?.send(makeNotification('n1'));
    expect(ctx.desktop.show).not.toHaveBeenCalled();
    expect(ctx.toast).toHaveBeenCalledTimes(1);
  });

  it('logs and skips a message that fails to parse or is not a notification', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ctx = await connected();
    ctx.streams.user()?.send('{not json', { id: '1' });
    ctx.streams.user()?.send({ id: 5, title: 'bad' }, { id: '2' });
    ctx.streams.user()?.send(makeNotification('ok'), { id: '3' });
    expect(error).toHaveBeenCalledTimes(2);
    expect(ctx.events.notification.map((n) => n.id)).toEqual(['ok']);
  });

  it('ignores other event types', async () => {
    const ctx = await connected();
    ctx.streams.user()?.send(makeNotification('x'), { event: 'ping' });
    expect(ctx.events.notification).toEqual([]);
  });

  it('asks for desktop permission only after a user gesture, once', async () => {
    const ctx = await connected();
    ctx.desktop.current = 'default';
    expect(ctx.desktop.requestPermission).not.toHaveBeenCalled();
    ctx.win.dispatchEvent(new Event('pointerdown'));
    ctx.win.dispatchEvent(new Event('keydown'));
    expect(ctx.desktop.requestPermission).toHaveBeenCalledTimes(1);
  });
});

describe('reconnect after a stream error', () => {
  it('computes 1 s doubling, capped at 30 s', () => {
    expect(RECONNECT_INITIAL_DELAY_MS).toBe(1000);
    expect(RECONNECT_MAX_DELAY_MS).toBe(30_000);
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries 5 times after 1000, 2000, 4000, 8000 and 16000 ms, resuming from the last event id, then polls', async () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.send(makeNotification('n1'), { id: '7' });
    ctx.streams.department()?.send(makeNotification('n2'), { id: '12', event: 'notification' });
    const before = ctx.streams.streams.length;

    ctx.streams.user()?.fail();
    expect(ctx.service.getStatus()).toBe('disconnected');
    expect(ctx.streams.open()).toHaveLength(0); // the department stream is closed too

    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const count = ctx.streams.streams.length;
      vi.advanceTimersByTime(delay - 1);
      expect(ctx.streams.streams.length).toBe(count);
      vi.advanceTimersByTime(1);
      expect(ctx.streams.streams.length).toBe(count + 2);
      expect(ctx.service.getStatus()).toBe('connecting');
      expect(ctx.streams.user()?.url).toBe('/api/notifications/stream/u1?lastEventId=7');
      expect(ctx.streams.department()?.url).toBe('/api/notifications/stream/department/d1?lastEventId=12');
      ctx.streams.user()?.fail();
    }
    expect(ctx.streams.streams.length).toBe(before + 10);
    expect(ctx.service.getStatus()).toBe('polling');
    vi.advanceTimersByTime(RECONNECT_MAX_DELAY_MS);
    expect(ctx.streams.streams.length).toBe(before + 10);
    ctx.service.destroy();
  });

  it('passes on the user stream\'s change events without moving its position, and asks for a resync when it opens again after a break', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.send(makeNotification('n1'), { id: '7' });
    const change = { changes: [{ resource: 'reservations', id: 'r1', version: 3, op: 'update' }] };
    ctx.streams.user()?.send(change, { event: 'change' });
    expect(ctx.events.changes).toEqual([JSON.stringify(change)]);
    expect(ctx.events.notification.map((n) => n.id)).toEqual(['n1']);
    // The first open is no break: nothing was missed.
    expect(ctx.events.resync).toHaveLength(0);
    ctx.streams.user()?.fail();
    vi.advanceTimersByTime(1000);
    expect(ctx.streams.user()?.url).toBe('/api/notifications/stream/u1?lastEventId=7');
    ctx.streams.user()?.open();
    expect(ctx.events.resync).toHaveLength(1);
    ctx.service.destroy();
  });

  it('resumes from the position the server sent even when no notification arrived', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.position('41');
    ctx.streams.department()?.position('40');
    ctx.streams.user()?.fail();
    vi.advanceTimersByTime(1000);
    expect(ctx.streams.user()?.url).toBe('/api/notifications/stream/u1?lastEventId=41');
    expect(ctx.streams.department()?.url).toBe('/api/notifications/stream/department/d1?lastEventId=40');
    ctx.service.destroy();
  });

  it('starts counting again after a stream opened', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.fail();
    vi.advanceTimersByTime(1000);
    ctx.streams.user()?.fail();
    vi.advanceTimersByTime(2000);
    ctx.streams.user()?.open();
    expect(ctx.service.getStatus()).toBe('connected');
    ctx.streams.user()?.fail();
    const count = ctx.streams.streams.length;
    vi.advanceTimersByTime(1000);
    expect(ctx.streams.streams.length).toBe(count + 2);
    ctx.service.destroy();
  });

  it('does not retry after a 401 that could not be restored, and ends the session', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.fail({ kind: 'unauthorized', status: 401 });
    expect(ctx.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(ctx.service.getStatus()).toBe('disconnected');
    const count = ctx.streams.streams.length;
    vi.advanceTimersByTime(FORCED_RECONNECT_MS);
    expect(ctx.streams.streams.length).toBe(count);
    ctx.service.destroy();
  });
});

describe('a stream answering 401', () => {
  afterEach(() => {
    resetApiClientEnvironment();
    resetSessionState();
  });

  it('restores through the request helper (shared single-flight restore) and asks for the stream again', async () => {
    let restores = 0;
    let listCalls = 0;
    server.use(
      http.get('*/api/notifications/user/u1', () => {
        listCalls += 1;
        return listCalls === 2 ? new HttpResponse(null, { status: 401 }) : HttpResponse.json([]);
      }),
      http.get('*/api/users/restore-session', () => {
        restores += 1;
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const ctx = setup(undefined, { restoreSession: undefined });
    await ctx.service.initialize();
    const restore = ctx.streams.user()?.options.restoreSession;
    await expect(restore?.()).resolves.toBe(true);
    expect(restores).toBe(1);
    ctx.service.destroy();
  });

  it('when the restore fails, api-client logs the user out and the service does not do it twice', async () => {
    const navigate = vi.fn();
    configureApiClient({ navigate, notify: vi.fn() });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let listCalls = 0;
    server.use(
      http.get('*/api/notifications/user/u1', () => {
        listCalls += 1;
        return listCalls === 1 ? HttpResponse.json([]) : new HttpResponse(null, { status: 401 });
      }),
      http.get('*/api/users/restore-session', () => new HttpResponse(null, { status: 401 })),
      http.post('*/api/users/logout', () => new HttpResponse(null, { status: 200 })),
    );
    const ctx = setup(undefined, { restoreSession: undefined });
    await ctx.service.initialize();
    const user = ctx.streams.user();
    await expect(user?.options.restoreSession?.()).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    user?.fail({ kind: 'unauthorized', status: 401 });
    expect(ctx.onUnauthorized).not.toHaveBeenCalled();
    expect(ctx.service.getStatus()).toBe('disconnected');
    ctx.service.destroy();
  });
});

describe('polling', () => {
  /** Connected, then 6 failures: 5 attempts used up, polling. */
  async function polling() {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.fail();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      vi.advanceTimersByTime(delay);
      ctx.streams.user()?.fail();
    }
    expect(ctx.service.getStatus()).toBe('polling');
    calls.user = 0;
    calls.department = 0;
    return ctx;
  }

  it('polls both lists every 30000 ms and emits the new ones', async () => {
    expect(POLL_INTERVAL_MS).toBe(30_000);
    const ctx = await polling();
    lists.user = [makeNotification('p1', 1)];
    lists.department = [makeNotification('p2', 2)];
    vi.advanceTimersByTime(POLL_INTERVAL_MS - 1);
    await settle();
    expect(calls).toEqual({ user: 0, department: 0 });
    vi.advanceTimersByTime(1);
    await settle();
    expect(calls).toEqual({ user: 1, department: 1 });
    expect(ctx.events.notification.map((n) => n.id)).toEqual(['p2', 'p1']);
    expect(ctx.toast).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    await settle();
    expect(calls).toEqual({ user: 2, department: 2 });
    expect(ctx.events.notification).toHaveLength(2);
    ctx.service.destroy();
  });

  it('after 10 polls resets the counters and retries the streams', async () => {
    expect(MAX_POLLS).toBe(10);
    const ctx = await polling();
    const count = ctx.streams.streams.length;
    for (let poll = 1; poll < 10; poll += 1) {
      vi.advanceTimersByTime(POLL_INTERVAL_MS);
      await settle();
    }
    expect(calls.user).toBe(9);
    expect(ctx.streams.streams.length).toBe(count);
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    await settle();
    expect(calls.user).toBe(10);
    expect(ctx.streams.streams.length).toBe(count + 2);
    expect(ctx.service.getStatus()).toBe('connecting');
    // no more polling; a new failure starts again at 1000 ms (the attempts were reset)
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    await settle();
    expect(calls.user).toBe(10);
    ctx.streams.user()?.fail();
    vi.advanceTimersByTime(1000);
    expect(ctx.streams.streams.length).toBe(count + 4);
    ctx.service.destroy();
  });
});

describe('refresh (a change of language)', () => {
  it('reads the lists again and reopens both streams from where they were', async () => {
    lists.user = [makeNotification('a', 10, { title: 'Lead assigned to you: Ahmed' })];
    const ctx = await connected();
    ctx.streams.user()?.send(makeNotification('n1'), { id: '7' });
    ctx.streams.department()?.position('12');
    const first = ctx.streams.user();
    // The server now writes them in Arabic.
    lists.user = [makeNotification('a', 10, { title: 'عميل محتمل أُسند إليك: Ahmed' })];
    await ctx.service.refresh();
    expect(calls).toEqual({ user: 2, department: 2 });
    expect(ctx.events.history).toHaveLength(2);
    expect(ctx.events.history[1]?.find((n) => n.id === 'a')?.title).toBe('عميل محتمل أُسند إليك: Ahmed');
    expect(first?.state).toBe('closed');
    expect(ctx.streams.streams).toHaveLength(4);
    expect(ctx.streams.user()?.url).toBe('/api/notifications/stream/u1?lastEventId=7');
    expect(ctx.streams.department()?.url).toBe('/api/notifications/stream/department/d1?lastEventId=12');
    ctx.service.destroy();
  });

  it('does nothing before the service started or after it was destroyed', async () => {
    const idle = setup();
    await idle.service.refresh();
    expect(calls).toEqual({ user: 0, department: 0 });
    expect(idle.streams.streams).toHaveLength(0);
    const ctx = await connected();
    ctx.service.destroy();
    await ctx.service.refresh();
    expect(calls).toEqual({ user: 1, department: 1 });
    expect(ctx.streams.streams).toHaveLength(2);
  });
});

describe('forced reconnect, visibility and unload', () => {
  it('reconnects every 1,800,000 ms (30 minutes)', async () => {
    expect(FORCED_RECONNECT_MS).toBe(1_800_000);
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    const first = ctx.streams.user();
    vi.advanceTimersByTime(FORCED_RECONNECT_MS - 1);
    expect(ctx.streams.streams).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(first?.state).toBe('closed');
    expect(ctx.streams.streams).toHaveLength(4);
    expect(ctx.service.getStatus()).toBe('connecting');
    ctx.streams.user()?.open();
    vi.advanceTimersByTime(FORCED_RECONNECT_MS);
    expect(ctx.streams.streams).toHaveLength(6);
    ctx.service.destroy();
  });

  it('reconnects at once when the tab becomes visible and the user stream is closed', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.visibility.hide();
    ctx.visibility.show();
    expect(ctx.streams.streams).toHaveLength(2); // open stream: nothing to do
    ctx.streams.user()?.fail(); // waiting 1000 ms
    ctx.visibility.hide();
    expect(ctx.streams.streams).toHaveLength(2);
    ctx.visibility.show();
    expect(ctx.streams.streams).toHaveLength(4);
    vi.advanceTimersByTime(1000); // the pending retry was cancelled
    expect(ctx.streams.streams).toHaveLength(4);
    ctx.service.destroy();
  });

  it.each(['pagehide', 'beforeunload'])('closes the streams on %s and schedules nothing', async (type) => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.win.dispatchEvent(new Event(type));
    expect(ctx.streams.open()).toHaveLength(0);
    expect(ctx.service.getStatus()).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(ctx.streams.streams).toHaveLength(2);
    ctx.service.destroy();
  });

  it('destroy closes the streams and leaves no timer or listener behind', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.fail();
    expect(vi.getTimerCount()).toBe(2); // the retry and the forced reconnect
    ctx.service.destroy();
    expect(vi.getTimerCount()).toBe(0);
    expect(ctx.streams.open()).toHaveLength(0);
    ctx.visibility.show();
    ctx.win.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(FORCED_RECONNECT_MS * 2);
    expect(ctx.streams.streams).toHaveLength(2);
  });

  it('keeps one set of timers while polling', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const ctx = await connected();
    ctx.streams.user()?.fail();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      vi.advanceTimersByTime(delay);
      expect(vi.getTimerCount()).toBe(1);
      ctx.streams.user()?.fail();
      expect(vi.getTimerCount()).toBe(2);
    }
    expect(ctx.service.getStatus()).toBe('polling');
    expect(vi.getTimerCount()).toBe(2); // the poll interval and the forced reconnect
    ctx.visibility.show(); // back to the streams: the poll interval is gone
    expect(vi.getTimerCount()).toBe(1);
    ctx.service.destroy();
  });
});

describe('list operations', () => {
  it('markAsRead is local at once and persisted with POST /api/notifications/{id}/read', async () => {
    let posted = '';
    server.use(
      http.post('*/api/notifications/:id/read', ({ params }) => {
        posted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const ctx = setup();
    const result = ctx.service.markAsRead('n1');
    expect(ctx.events.read).toEqual(['n1']);
    await expect(result).resolves.toBe(true);
    expect(posted).toBe('n1');
  });

  it('markAsRead keeps the local state and logs when the call fails', async () => {
    server.use(http.post('*/api/notifications/:id/read', () => HttpResponse.text('no', { status: 500 })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ctx = setup();
    await expect(ctx.service.markAsRead('n1')).resolves.toBe(false);
    expect(ctx.events.read).toEqual(['n1']);
    expect(error).toHaveBeenCalled();
  });

  it('markAllAsRead is local at once and persisted with POST /api/notifications/read-all', async () => {
    let posted = 0;
    server.use(
      http.post('*/api/notifications/read-all', () => {
        posted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const ctx = setup();
    await expect(ctx.service.markAllAsRead()).resolves.toBe(true);
    expect(ctx.events.readAll).toHaveLength(1);
    expect(posted).toBe(1);
  });

  it('deleteNotification sends DELETE /api/notifications/{id} and emits deleted', async () => {
    let deleted = '';
    server.use(
      http.delete('*/api/notifications/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const ctx = setup();
    await expect(ctx.service.deleteNotification('n1')).resolves.toBe(true);
    expect(deleted).toBe('n1');
    expect(ctx.events.deleted).toEqual(['n1']);
  });

  it('counts a 404 on delete as already deleted', async () => {
    server.use(http.delete('*/api/notifications/:id', () => HttpResponse.json({ message: 'gone' }, { status: 404 })));
    const ctx = setup();
    await expect(ctx.service.deleteNotification('n1')).resolves.toBe(true);
    expect(ctx.events.deleted).toEqual(['n1']);
    expect(ctx.events.error).toEqual([]);
  });

  it('on any other delete failure logs, reports the spec text and returns false', async () => {
    server.use(http.delete('*/api/notifications/:id', () => HttpResponse.text('boom', { status: 500 })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ctx = setup();
    await expect(ctx.service.deleteNotification('n1')).resolves.toBe(false);
    expect(DELETE_FAILED_MESSAGE).toBe('Failed to delete notification. Please try again.');
    expect(ctx.events.error.map((e) => e.message)).toEqual([DELETE_FAILED_MESSAGE]);
    expect(ctx.events.deleted).toEqual([]);
    expect(error).toHaveBeenCalled();
  });
});
