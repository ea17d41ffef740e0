import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_USERS, demoPrivileges } from '@propdesk/privileges';
import { SPEC_DEMO_ROLES } from '@propdesk/privileges/testing';
import { fixturePage, renderApp } from '../test/fixtures.js';

const settle = async (router: ReturnType<typeof renderApp>['router'], pathname: string) => {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
};

describe('index route: landing', () => {
  it.each(DEMO_USERS.map((user) => [user.username, user.landsOn] as const))('%s lands on %s', async (username, landsOn) => {
    const { router } = renderApp('/', { privileges: demoPrivileges(username, SPEC_DEMO_ROLES), username });
    await settle(router, landsOn);
  });

  it('fetches the privileges when none are loaded, and goes to /login when there are none to get', async () => {
    const { router, loadPrivileges } = renderApp('/', { privileges: null });
    await settle(router, '/login');
    expect(loadPrivileges).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Welcome to Propdesk' })).toBeInTheDocument();
  });

  it('sends a user with privileges but no landing page to /not-authorized', async () => {
    const { router } = renderApp('/', { privileges: [{ entityName: 'role', action: 'read' }] });
    await settle(router, '/not-authorized');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('honours the landing order: user before source', async () => {
    const { router } = renderApp('/', {
      privileges: [
        { entityName: 'source', action: 'read' },
        { entityName: 'user', action: 'read' },
      ],
    });
    await settle(router, '/sales/users');
  });
});

describe('route guards', () => {
  it('opens a guarded page with read on its entity', async () => {
    const { router } = renderApp('/settings/leads/sources', { privileges: demoPrivileges('settings.clerk', SPEC_DEMO_ROLES) });
    await settle(router, '/settings/leads/sources');
    expect(await screen.findByTestId('page')).toHaveTextContent('/settings/leads/sources');
  });

  it('matches paths case-insensitively', async () => {
    const { router } = renderApp('/settings/general/countries', { privileges: demoPrivileges('settings.clerk', SPEC_DEMO_ROLES) });
    await settle(router, '/settings/general/countries');
    expect(await screen.findByTestId('page')).toHaveTextContent('/settings/general/Countries');
  });

  it('sends a user without the privilege to /not-authorized', async () => {
    const { router } = renderApp('/sales/users', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES) });
    await settle(router, '/not-authorized');
  });

  it('sends a user without a privilege list to /login', async () => {
    const { router } = renderApp('/sales/leads', { privileges: null });
    await settle(router, '/login');
  });

  it('lets any signed-in user open an unguarded page, and nobody without a session', async () => {
    const signedIn = renderApp('/Reservations', { privileges: [] });
    await settle(signedIn.router, '/Reservations');
    expect(await screen.findByTestId('page')).toHaveTextContent('/Reservations');
    signedIn.view.unmount();

    const signedOut = renderApp('/Reservations', { privileges: null });
    await settle(signedOut.router, '/login');
  });

  it('treats the spec alias prheader/PurchaseRequest as one entity', async () => {
    const { router } = renderApp('/procurement/purchaseRequest', { privileges: [{ entityName: 'prheader', action: 'read' }] });
    await settle(router, '/procurement/purchaseRequest');
  });
});

describe('a page\'s prefetch', () => {
  /** One module: /lists guarded on lead with a prefetch, /open unguarded with one. */
  function prefetchModules() {
    const guarded = vi.fn();
    const unguarded = vi.fn();
    const modules = [
      {
        id: 'prefetching',
        modePrefixes: [],
        routes: [
          { path: '/lists', guard: { entity: 'lead' }, page: fixturePage('/lists'), prefetch: guarded },
          { path: '/open', page: fixturePage('/open'), prefetch: unguarded },
        ],
        nav: [],
        crumbs: {},
        landing: [],
      },
    ];
    return { modules, guarded, unguarded };
  }

  it('starts once the guard lets the user in, and not again for the page\'s own query string', async () => {
    const { modules, guarded } = prefetchModules();
    const { router } = renderApp('/lists', { privileges: [{ entityName: 'lead', action: 'read' }], modules });
    await settle(router, '/lists');
    expect(await screen.findByTestId('page')).toHaveTextContent('/lists');
    expect(guarded).toHaveBeenCalledTimes(1);
    await router.navigate('/lists?page=2');
    await settle(router, '/lists');
    expect(router.state.location.search).toBe('?page=2');
    expect(guarded).toHaveBeenCalledTimes(1);
    await router.navigate('/open');
    await settle(router, '/open');
    await router.navigate('/lists');
    await settle(router, '/lists');
    expect(guarded).toHaveBeenCalledTimes(2);
  });

  it('never starts for a user the guard sends away, nor without a session', async () => {
    const denied = prefetchModules();
    const first = renderApp('/lists', { privileges: [{ entityName: 'role', action: 'read' }], modules: denied.modules });
    await settle(first.router, '/not-authorized');
    expect(denied.guarded).not.toHaveBeenCalled();
    first.view.unmount();

    const signedOut = prefetchModules();
    const second = renderApp('/open', { privileges: null, modules: signedOut.modules });
    await settle(second.router, '/login');
    expect(signedOut.unguarded).not.toHaveBeenCalled();
  });
});

describe('public pages and errors', () => {
  it('loads the login page lazily, only when /login is opened', async () => {
    const { router, loginPage } = renderApp('/sales/leads', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES) });
    await settle(router, '/sales/leads');
    expect(loginPage).not.toHaveBeenCalled();
    await router.navigate('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome to Propdesk' })).toBeInTheDocument();
    expect(loginPage).toHaveBeenCalledTimes(1);
  });

  it('shows Access Denied with its text, and Go Back goes to /', async () => {
    const { router } = renderApp('/not-authorized', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText('You do not have permission to access this resource. Please contact your administrator if you believe this is an error.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    // '/' is the index route, which sends the agent on to the landing page
    await settle(router, '/sales/leads');
  });

  it('shows the default error screen for an unknown path', async () => {
    renderApp('/no/such/page', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('shows the default error screen with the chunk error when a page chunk fails, inside the layout', async () => {
    const { router, modules } = renderApp('/', { privileges: [], modules: brokenModules() });
    await router.navigate('/broken');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Loading chunk broken failed')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(modules).toHaveLength(1);
  });
});

function brokenModules() {
  return [
    {
      id: 'broken',
      modePrefixes: [],
      routes: [{ path: '/broken', page: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }],
      nav: [],
      crumbs: {},
      landing: [],
    },
  ];
}

describe('access denied for a user with no landing page', () => {
  it('offers signing in as someone else, which logs out', async () => {
    const { router, logout } = renderApp('/', { privileges: [] });
    await settle(router, '/not-authorized');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as someone else' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
