// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientEnvironment, resetSessionState } from '@propdesk/api-client';
import { BASE, mockSalesApi } from '../../test/api.js';
import type { BoardEvent } from './model.js';
import { useBoardStream } from './useBoardStream.web.js';

const server = mockSalesApi();
afterEach(() => {
  resetSessionState();
  resetApiClientEnvironment();
});

const PROJECT = '11111111-1111-4111-8111-111111111111';
const event: BoardEvent = {
  seq: 5,
  unitId: '22222222-2222-4222-8222-222222222222',
  code: 'A-0101',
  block: 'A',
  floor: 1,
  from: 'available',
  to: 'on_hold',
  at: '2026-11-28T10:00:00.000Z',
  action: 'hold',
  actorName: 'Sara Agent',
  status: 'on_hold',
  claim: null,
};

/** An event stream that sends `text` and stays open until the reader goes away. */
const openStream = (text: string) =>
  new HttpResponse(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );

describe('the board stream', () => {
  it('restores a lost session on a 401 and asks again from the board’s position, as every other call does', async () => {
    const asked: string[] = [];
    let restores = 0;
    server.use(
      http.get(`${BASE}/api/units/stream`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('lastEventId') ?? '');
        if (restores === 0) return HttpResponse.json({ status: 'ERROR', message: 'Not signed in.' }, { status: 401 });
        return openStream(`id: 5\ndata: ${JSON.stringify(event)}\n\n`);
      }),
      http.get(`${BASE}/api/users/restore-session`, () => {
        restores += 1;
        return HttpResponse.json({ status: 'OK', data: null });
      }),
    );
    const onEvent = vi.fn();
    const { result, unmount } = renderHook(() => useBoardStream(PROJECT, 3, onEvent, () => undefined));
    await waitFor(() => expect(onEvent).toHaveBeenCalledWith(event));
    expect(result.current).toBe('live');
    expect(restores).toBe(1);
    expect(asked).toEqual(['3', '3']);
    unmount();
  });

  it('ends the session as every call does when it cannot be restored', async () => {
    let loggedOut = 0;
    const navigateTo = vi.fn();
    configureApiClient({ navigate: navigateTo, notify: () => undefined });
    server.use(
      http.get(`${BASE}/api/units/stream`, () => HttpResponse.json({ status: 'ERROR', message: 'Not signed in.' }, { status: 401 })),
      http.get(`${BASE}/api/users/restore-session`, () => HttpResponse.json({ status: 'ERROR', message: 'Please log in again.' }, { status: 401 })),
      http.post(`${BASE}/api/users/logout`, () => {
        loggedOut += 1;
        return HttpResponse.json({ status: 'OK', data: null });
      }),
    );
    const { unmount } = renderHook(() => useBoardStream(PROJECT, 3, () => undefined, () => undefined));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/login'));
    expect(loggedOut).toBe(1);
    unmount();
  });

  it('a reset on the stream asks the page to read the board again', async () => {
    server.use(http.get(`${BASE}/api/units/stream`, () => openStream('event: reset\nid: 40\ndata: {}\n\n')));
    const onReset = vi.fn();
    const { unmount } = renderHook(() => useBoardStream(PROJECT, 3, () => undefined, onReset));
    await waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));
    unmount();
  });
});
