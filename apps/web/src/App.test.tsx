import '@testing-library/jest-dom/vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { privilegesSet, sessionCleared } from '@propdesk/auth-session/web';
import { getActiveNotifications, resetActiveNotifications } from '@propdesk/notifications-core/web';
import { resetBrowserState, storeSignedInUser } from '@propdesk/test-utils';
import { App } from './App.js';
import { makeStore } from './store.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetActiveNotifications();
  server.resetHandlers();
  resetBrowserState();
});

const notification = (id: string, title: string) => ({
  id,
  title,
  body: null,
  link: null,
  category: 'announcement',
  createdOn: new Date().toISOString(),
  isRead: false,
  userId: 'u-1',
});

/** An event stream that sends `messages` and then stays open. */
function eventStream(messages: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const message of messages) controller.enqueue(encoder.encode(message));
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

function renderApp() {
  const store = makeStore();
  const router = createMemoryRouter([{ path: '*', element: <p>page</p> }]);
  render(<App store={store} router={router} />);
  return store;
}

describe('the app and the live notifications', () => {
  it('joins the notifications slice to the store', () => {
    const state = makeStore().getState();
    expect(state.notifications).toMatchObject({ list: [], unreadCount: 0, connectionStatus: 'disconnected', isLoading: false, error: null });
  });

  it('starts the notifications once the privileges are loaded, toasts a live one, and stops on sign-out', async () => {
    storeSignedInUser({ username: 'sales.agent', userId: 'u-1', departmentId: 'd-1' });
    server.use(
      http.get('*/api/notifications/user/u-1', () => HttpResponse.json([notification('old', 'From the history')])),
      http.get('*/api/notifications/department/d-1', () => HttpResponse.json([])),
      http.get('*/api/notifications/stream/u-1', () =>
        eventStream([`id: 1\ndata: ${JSON.stringify(notification('live', 'Arrived just now'))}\n\n`]),
      ),
      http.get('*/api/notifications/stream/department/d-1', () => eventStream([': open\n\n'])),
    );
    const store = renderApp();
    await act(async () => {
      await Promise.resolve();
    });
    expect(getActiveNotifications()).toBeNull(); // no privileges yet

    act(() => {
      store.dispatch(privilegesSet([{ entityName: 'lead', fieldName: null, action: 'read' }]));
    });
    await waitFor(() => expect(getActiveNotifications()).not.toBeNull());
    await waitFor(() => expect(store.getState().notifications.list.map((item) => item.id)).toEqual(['live', 'old']));
    expect(await screen.findByText('Arrived just now')).toBeInTheDocument();
    expect(screen.queryByText('From the history')).not.toBeInTheDocument(); // history raises no toast

    act(() => {
      store.dispatch(sessionCleared());
    });
    await waitFor(() => expect(getActiveNotifications()).toBeNull());
    expect(store.getState().notifications.list).toEqual([]);
  });
});
