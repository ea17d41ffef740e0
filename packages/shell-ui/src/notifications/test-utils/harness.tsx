import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { demoPrivileges, type Privilege } from '@propdesk/privileges';
import { SPEC_DEMO_ROLES } from '@propdesk/privileges/testing';
import { notificationsSet, resetActiveNotifications } from '@propdesk/notifications-core/web';
import type { Notification } from '@propdesk/notifications-core/model';
import type { ComposedShell } from '../../compose/composeModules.js';
import { NotificationBell } from '../../layout/NotificationBell.js';
import { ShellContext, type ShellRuntime } from '../../layout/ShellContext.js';
import { fixtureSession } from '../../test/fixtures.js';
import { createPropdeskTheme } from '../../theme/createPropdeskTheme.js';

/** A notification created `minutesAgo` before `now` (default: the real clock). */
export function makeNotification(id: string, minutesAgo = 0, overrides: Partial<Notification> = {}, now = Date.now()): Notification {
  return {
    id,
    title: `Notification ${id}`,
    body: null,
    link: null,
    category: 'general',
    createdOn: new Date(now - minutesAgo * 60_000).toISOString(),
    isRead: false,
    ...overrides,
  };
}

export function makeMany(count: number, overrides: Partial<Notification> = {}): Notification[] {
  return Array.from({ length: count }, (_, index) => makeNotification(`n${index}`, index, overrides));
}

export type BellOptions = {
  notifications?: Notification[];
  privileges?: readonly Privilege[];
};

/**
 * The bell in a store with the real notifications slice, a memory router (to see link
 * navigation) and the shell context; no service runs, so list operations are local.
 */
export function renderBell({ notifications = [], privileges = demoPrivileges('sales.agent', SPEC_DEMO_ROLES) }: BellOptions = {}) {
  resetActiveNotifications();
  const fixture = fixtureSession({ privileges });
  void fixture.loadPrivileges();
  fixture.store.dispatch(notificationsSet(notifications));
  const runtime: ShellRuntime = {
    composed: {} as ComposedShell,
    session: fixture.session as ShellRuntime['session'],
    preload: () => undefined,
    corePreloads: [],
  };
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <Provider store={fixture.store}>
      <ThemeProvider theme={createPropdeskTheme()}>
        <SnackbarProvider>
          <ShellContext.Provider value={runtime}>
            <RouterProvider router={router} />
          </ShellContext.Provider>
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { ...fixture, router, view };
}
