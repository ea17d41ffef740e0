import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_USERS, demoPrivileges, demoRoles, type Privilege } from '@propdesk/privileges';
import { composeModules, createAppRoutes, type ShellSession } from '@propdesk/shell-ui';
import { ENTITIES } from './entities.js';
import { domainModules } from './modules.js';

// The demo roles over this app's composition, as apps/server composes them.
const DEMO_ROLES = demoRoles({ entities: ENTITIES.entities, landing: composeModules(domainModules).landing });

/** The real routes with a session that holds a fixed privilege list. */
function routerFor(privileges: readonly Privilege[] | null, path = '/') {
  const session: ShellSession<unknown> = {
    loadPrivileges: async () => privileges,
    logout: () => undefined,
    selectPrivileges: () => privileges,
    selectUsername: () => 'demo',
    loginPage: async () => ({ Component: () => null }),
  };
  return createMemoryRouter(createAppRoutes({ modules: domainModules, session }), { initialEntries: [path] });
}

async function settledPath(router: ReturnType<typeof routerFor>) {
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 5000 });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 5000 });
  return router.state.location.pathname;
}

describe('the real routes', () => {
  it.each(DEMO_USERS.map((user) => [user.username, user.landsOn] as const))('%s lands on %s', async (username, landsOn) => {
    const router = routerFor(demoPrivileges(username, DEMO_ROLES));
    expect(await settledPath(router)).toBe(landsOn);
    router.dispose();
  });

  it('sends a visitor without a session to /login, from / and from a page', async () => {
    for (const path of ['/', '/sales/leads', '/Reservations']) {
      const router = routerFor(null, path);
      expect(await settledPath(router)).toBe('/login');
      router.dispose();
    }
  });

  it('keeps the sales agent out of the roles page', async () => {
    const router = routerFor(demoPrivileges('sales.agent', DEMO_ROLES), '/settings/roles');
    expect(await settledPath(router)).toBe('/not-authorized');
    router.dispose();
  });
});
