// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { deletableIn, f, type RecordRow, type ResourceDef } from '../model/index.js';
import { registerResources } from './registry.js';
import { ResourcePage, type ResourcePageProps } from './ResourcePage.js';

// A signed document (deletableStates) and a list fixed to some states (fixedFilter).
const BASE = 'http://propdesk.test';
const server = setupServer();

const deeds: ResourceDef = {
  name: 'deeds',
  table: 'deeds',
  label: 'Deeds',
  singular: 'Deed',
  entity: 'deed',
  route: '/deeds',
  deactivateOnly: true,
  fields: {
    name: f.name(),
    status: f.enum('Status', ['active', 'fully_paid', 'cancelled'], { default: 'active', readOnly: true }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'status'],
  statusField: 'status',
  editableStates: ['active'],
  deletableStates: ['cancelled'],
  actions: { cancel: { label: 'Cancel deed', from: ['active'], to: 'cancelled', reason: 'required' } },
};

const ID = '00000000-0000-4000-8000-000000000002';
const record = (status: string): RecordRow => ({
  id: ID,
  version: 1,
  active: true,
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  name: 'CNT-2026-0001',
  status,
  refLabels: {},
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
  registerResources([deeds]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  resetConfig();
});

function renderAt(path: string, extra: Partial<ResourcePageProps> = {}) {
  const { router } = renderRoutesInStore([{ path: '/deeds', element: <ResourcePage def={deeds} {...extra} /> }], path, grants('deed', ['read', 'create', 'update']));
  return router;
}

const viewHandlers = (row: RecordRow) => [
  http.get(`${BASE}/api/deeds/${row.id}`, () => HttpResponse.json({ status: 'OK', data: row })),
  http.get(`${BASE}/api/deeds/${row.id}/usage`, () => HttpResponse.json({ status: 'OK', data: [] })),
  http.get(`${BASE}/api/deeds/${row.id}/history`, () => HttpResponse.json({ status: 'OK', data: [] })),
];

describe('a signed document is not deactivated from its view while it is live', () => {
  it('offers its ending action and no Deactivate while active; Deactivate once cancelled', async () => {
    server.use(...viewHandlers(record('active')));
    renderAt(`/deeds?record=${ID}`);
    expect(await screen.findByRole('button', { name: 'Cancel deed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    cleanup();

    server.use(...viewHandlers(record('cancelled')));
    renderAt(`/deeds?record=${ID}`);
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel deed' })).not.toBeInTheDocument();
  });

  it('reads the deletable states, else the editable ones', () => {
    expect([deletableIn(deeds, { status: 'active' }), deletableIn(deeds, { status: 'fully_paid' }), deletableIn(deeds, { status: 'cancelled' })]).toEqual([false, false, true]);
    const { deletableStates: _dropped, ...plain } = deeds;
    expect([deletableIn(plain, { status: 'active' }), deletableIn(plain, { status: 'cancelled' })]).toEqual([true, false]);
    expect(deletableIn({ ...plain, editableStates: undefined }, { status: 'cancelled' })).toBe(true);
  });
});

describe('a list screen with a fixed filter', () => {
  it('asks the server only within it, with the user’s own filter inside it, and shows no way to remove it', async () => {
    const asked: (Record<string, unknown> | null)[] = [];
    server.use(
      http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] })),
      http.get(`${BASE}/api/deeds`, ({ request }) => {
        const where = new URL(request.url).searchParams.get('where');
        asked.push(where ? (JSON.parse(where) as Record<string, unknown>) : null);
        return HttpResponse.json({ status: 'OK', data: [record('cancelled')], total: 1, page: 1, pageSize: 25 });
      }),
    );
    const fixed = { field: 'status', op: 'in', value: ['fully_paid', 'cancelled'] };
    const own = { field: 'name', op: 'contains', value: 'CNT' };
    renderAt(`/deeds?where=${encodeURIComponent(JSON.stringify(own))}`, { fixedFilter: { status: ['fully_paid', 'cancelled'] } });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked.at(-1)).toEqual({ join: 'and', children: [fixed, own] });
    // The fixed filter is a chip without a delete button; the user's own chip keeps its own.
    const chip = await screen.findByLabelText('Fixed filter');
    expect(chip).toHaveTextContent('Only Status is one of Fully paid, Cancelled');
    expect(within(chip).queryByTestId('CancelIcon')).not.toBeInTheDocument();
    // Clearing the user's filter leaves the fixed one on the query.
    const ownChip = screen.getByText(/Name contains/).closest('.MuiChip-root') as HTMLElement;
    within(ownChip).getByTestId('CancelIcon').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => expect(asked.at(-1)).toEqual(fixed));
  });
});
