import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sidebarRules, type Privilege } from '@propdesk/privileges';
import { SPEC_LANDING_ORDER } from '@propdesk/privileges/testing';
import { notificationsSlice } from '@propdesk/notifications-core/web';
import type { Crumb, DomainModule, DomainRoute, NavSection } from '../manifest.js';
import { createAppRoutes } from '../routing/createAppRoutes.js';
import type { ShellSession } from '../session.js';
import { baseApi } from '@propdesk/api-client';
import { PropdeskThemeProvider } from '../theme/PropdeskThemeProvider.js';

/** A page chunk that renders its path, with a spy to see when it was loaded. */
export function fixturePage(label: string) {
  return vi.fn(() => Promise.resolve({ Component: () => <p data-testid="page">{label}</p> }));
}

const guarded = (path: string, entity: string): DomainRoute => ({ path, guard: { entity }, page: fixturePage(path) });
const open = (path: string): DomainRoute => ({ path, page: fixturePage(path) });

const landingFor = (prefix: string) => SPEC_LANDING_ORDER.filter((entry) => entry.path.toLowerCase().startsWith(prefix));
const landingRoutes = (prefix: string) => landingFor(prefix).map((entry) => guarded(entry.path, entry.entity));

/** Small manifests in the shape of the real ones: every landing page is a guarded route. */
export function fixtureModules(): DomainModule[] {
  const salesNav: NavSection[] = [
    {
      id: 'leads',
      label: 'Leads',
      mode: 'sales',
      order: 1,
      children: [
        { id: 'lead-list', label: 'Lead List', path: '/sales/leads', visible: sidebarRules.leadList },
        { id: 'add-lead', label: 'Add New Lead', path: '/sales/leads/addlead', visible: sidebarRules.addLead },
        { id: 'add-activity', label: 'Add Lead Activity', path: '/sales/leads/addActivity', visible: sidebarRules.addLeadActivity },
      ],
    },
    {
      id: 'eoi',
      label: 'EOI',
      mode: 'sales',
      order: 2,
      visible: sidebarRules.salesGroup,
      children: [
        { id: 'eoi-list', label: 'EOI List', path: '/sales/eoi/list', visible: sidebarRules.eoiList },
        { id: 'eoi-create', label: 'Create EOI', path: '/sales/eoi/create', visible: sidebarRules.eoiCreate },
      ],
    },
    { id: 'customers', label: 'Customers', path: '/settings/leads/Customers', mode: 'sales', order: 3 },
    { id: 'users', label: 'Users', path: '/sales/users', mode: 'sales', order: 6, visible: sidebarRules.users },
    { id: 'reservations', label: 'Reservations', path: '/Reservations', mode: 'sales', order: 4 },
  ];
  const salesCrumbs: Record<string, Crumb> = {
    '/sales/leads': { title: 'Leads', trail: ['Sales', 'Leads'] },
    '/sales/leads/addlead': { title: 'Add Lead', trail: ['Sales', 'Leads', 'Add Lead'] },
    '/sales/users': { title: 'Users', trail: ['Sales', 'Users'] },
    '/sales/eoi/list': { title: 'EOI List', trail: ['Sales', 'EOI', 'EOI List'] },
  };
  const sales: DomainModule = {
    id: 'sales',
    modePrefixes: [],
    routes: [
      ...landingRoutes('/sales/'),
      guarded('/sales/leads/addlead', 'lead'),
      guarded('/sales/leads/addActivity', 'lead'),
      open('/sales/eoi/list'),
      open('/sales/eoi/create'),
      open('/Reservations'),
    ],
    nav: salesNav,
    crumbs: salesCrumbs,
    landing: landingFor('/sales/'),
  };
  const settings: DomainModule = {
    id: 'settings',
    modePrefixes: [
      { prefix: '/settings', mode: 'settings' },
      { prefix: '/settings/leads/Customers', mode: 'sales' },
      { prefix: '/contractStatus', mode: 'settings' },
    ],
    routes: [...landingRoutes('/settings/'), open('/settings/leads/Customers'), guarded('/settings/roles', 'role')],
    nav: [
      {
        id: 'settings-leads',
        label: 'Leads',
        mode: 'settings',
        order: 1,
        visible: sidebarRules.settingsLeadsGroup,
        children: [
          { id: 'sources', label: 'Sources', path: '/settings/leads/sources', visible: sidebarRules.readOn('source') },
          { id: 'projects', label: 'Projects', path: '/settings/leads/projects', visible: sidebarRules.readOn('project') },
        ],
      },
      {
        id: 'roles',
        label: 'Roles',
        mode: 'settings',
        order: 3,
        visible: sidebarRules.rolesGroup,
        children: [{ id: 'roles-all', label: 'View All Roles', path: '/settings/roles' }],
      },
      {
        id: 'general',
        label: 'General',
        mode: 'settings',
        order: 2,
        visible: sidebarRules.settingsGeneralGroup,
        children: [{ id: 'sites', label: 'Sites', path: '/settings/general/sites', visible: sidebarRules.readOn('site') }],
      },
    ],
    crumbs: {
      '/settings/leads/sources': { title: 'Sources', trail: ['Settings', 'Leads', 'Sources'] },
      '/settings/leads/brokers': { title: 'Brokers', trail: ['Settings', 'Leads', 'Brokers'] },
    },
    landing: landingFor('/settings/'),
  };
  const procurement: DomainModule = {
    id: 'procurement',
    modePrefixes: [{ prefix: '/procurement', mode: 'procurement' }],
    routes: landingRoutes('/procurement/'),
    nav: [
      { id: 'pr', label: 'Purchase Request', path: '/procurement/purchaseRequest', mode: 'procurement', order: 1 },
      { id: 'po', label: 'Purchase Order', path: '/procurement/purchaseOrder', mode: 'procurement', order: 2 },
      { id: 'quotations', label: 'Quotations', path: '/procurement/Quotations', mode: 'procurement', order: 3 },
    ],
    crumbs: { '/procurement/purchaseRequest': { title: 'Purchase Requests', trail: ['Procurement', 'Purchase Requests'] } },
    landing: landingFor('/procurement/'),
  };
  return [sales, settings, procurement];
}

type FixtureState = { privileges: readonly Privilege[] | null; username: string | null };

const fixtureSlice = createSlice({
  name: 'session',
  initialState: { privileges: null, username: null } as FixtureState,
  reducers: {
    signedIn: (_state, action: PayloadAction<FixtureState>) => action.payload,
  },
});

export type FixtureOptions = {
  /** The privileges the server would return; null means no session. */
  privileges: readonly Privilege[] | null;
  username?: string | null;
  modules?: DomainModule[];
};

/** A store and session adapter standing in for auth-session's. */
export function fixtureSession({ privileges, username = 'sales.agent' }: FixtureOptions) {
  // The one base API as the app's store has it (the announcement dialog's calls go through it).
  const store = configureStore({
    reducer: { session: fixtureSlice.reducer, notifications: notificationsSlice.reducer, [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
  });
  type State = ReturnType<typeof store.getState>;
  const loginPage = vi.fn(() => Promise.resolve({ Component: () => <h1>Welcome to Propdesk</h1> }));
  const loadPrivileges = vi.fn(async () => {
    if (privileges) store.dispatch(fixtureSlice.actions.signedIn({ privileges, username }));
    return privileges;
  });
  const logout = vi.fn();
  const session: ShellSession<State> = {
    loadPrivileges,
    logout,
    selectPrivileges: (state) => state.session.privileges,
    selectUsername: (state) => state.session.username,
    loginPage,
  };
  return { store, session, loadPrivileges, logout, loginPage };
}

/** Renders the whole app router at a path. */
export function renderApp(path: string, options: FixtureOptions & { state?: unknown }) {
  const modules = options.modules ?? fixtureModules();
  const fixture = fixtureSession(options);
  const routes = createAppRoutes({ modules, session: fixture.session });
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state: options.state }] });
  const wrap = (children: ReactNode) => (
    <Provider store={fixture.store}>
      <PropdeskThemeProvider>{children}</PropdeskThemeProvider>
    </Provider>
  );
  const view = render(wrap(<RouterProvider router={router} />));
  return { ...fixture, router, modules, view };
}
