import { vi } from 'vitest';
import type { Mock } from 'vitest';
import type { EventStreamFactory, EventStreamFailure, EventStreamOptions, EventStreamState } from '@propdesk/api-client';
import type { DesktopNotifier, VisibilitySource } from '../browser.js';
import type { NotificationServiceOptions } from '../notificationService.js';

export type FakeStream = {
  options: EventStreamOptions;
  url: string;
  state: EventStreamState;
  /** The server accepted the stream. */
  open: () => void;
  /** One message; objects are sent as JSON. */
  send: (payload: unknown, fields?: { id?: string; event?: string }) => void;
  /** An id-only block: the server tells the stream's position. */
  position: (id: string) => void;
  /** The stream broke (network error by default). */
  fail: (failure?: EventStreamFailure) => void;
};

/** A controllable stand-in for the fetch-based event-stream reader. */
export function fakeStreamFactory() {
  const streams: FakeStream[] = [];
  const factory: EventStreamFactory = (options) => {
    const stream: FakeStream = {
      options,
      url: options.url,
      state: 'connecting',
      open() {
        stream.state = 'open';
        options.onOpen?.();
      },
      send(payload, fields = {}) {
        options.onEvent({
          event: fields.event ?? 'message',
          data: typeof payload === 'string' ? payload : JSON.stringify(payload),
          lastEventId: fields.id ?? '',
        });
      },
      position(id) {
        options.onPosition?.(id);
      },
      fail(failure = { kind: 'network', error: new Error('connection reset') }) {
        stream.state = 'closed';
        options.onFailure(failure);
      },
    };
    streams.push(stream);
    return {
      get state() {
        return stream.state;
      },
      close() {
        stream.state = 'closed';
      },
    };
  };
  const latest = (part: string) => [...streams].reverse().find((s) => s.url.includes(part));
  return {
    streams,
    factory,
    /** The newest user stream. */
    user: () => latest('/stream/u1'),
    /** The newest department stream. */
    department: () => latest('/stream/department/'),
    open: () => streams.filter((s) => s.state !== 'closed'),
  };
}

type FakeTimerInstallOpts = NonNullable<Parameters<typeof vi.useFakeTimers>[0]>;

export type FakeDesktop = DesktopNotifier & {
  current: NotificationPermission;
  requestPermission: Mock<() => Promise<NotificationPermission>>;
  show: Mock<DesktopNotifier['show']>;
};

export type ServiceHarness = {
  streams: ReturnType<typeof fakeStreamFactory>;
  visibility: ReturnType<typeof fakeVisibility>;
  win: EventTarget;
  desktop: FakeDesktop;
  sound: { play: Mock<() => void> };
  toast: Mock<(...args: unknown[]) => void>;
  onUnauthorized: Mock<() => void>;
  options: NotificationServiceOptions;
};

export function fakeStorage(items: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => items[key] ?? null };
}

export function fakeVisibility(): VisibilitySource & { visibilityState: DocumentVisibilityState; show: () => void; hide: () => void } {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState; show: () => void; hide: () => void };
  target.visibilityState = 'visible';
  target.show = () => {
    target.visibilityState = 'visible';
    target.dispatchEvent(new Event('visibilitychange'));
  };
  target.hide = () => {
    target.visibilityState = 'hidden';
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return target;
}

export function fakeDesktop(permission: NotificationPermission = 'granted'): FakeDesktop {
  const desktop: FakeDesktop = {
    current: permission,
    permission: () => desktop.current,
    requestPermission: vi.fn(() => Promise.resolve<NotificationPermission>('granted')),
    show: vi.fn(),
  };
  return desktop;
}

/** Everything a service needs, faked, for user u1 in department d1. */
export function serviceHarness(items: Record<string, string> = { userId: 'u1', departmentId: 'd1' }): ServiceHarness {
  const streams = fakeStreamFactory();
  const visibility = fakeVisibility();
  const win = new EventTarget();
  const desktop = fakeDesktop();
  const sound = { play: vi.fn<() => void>() };
  const toast = vi.fn<(...args: unknown[]) => void>();
  const onUnauthorized = vi.fn<() => void>();
  const options: NotificationServiceOptions = {
    storage: fakeStorage(items),
    openStream: streams.factory,
    streamUrl: (path) => path,
    restoreSession: () => Promise.resolve(false),
    onUnauthorized,
    document: visibility,
    window: win,
    desktop,
    sound,
    toast,
  };
  return { streams, visibility, win, desktop, sound, toast, onUnauthorized, options };
}

/** Lets promises and msw's handling run (real macrotask turns; fake timers do not touch setImmediate). */
export async function settle(turns = 5): Promise<void> {
  for (let index = 0; index < turns; index += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Timers and Date are faked; setImmediate stays real so `settle` can let msw answer. */
export const FAKE_TIMERS: FakeTimerInstallOpts = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};
