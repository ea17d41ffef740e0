// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../model/index.js';
import { ResourcePage } from './ResourcePage.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';
import { sources, sourceTypes } from '../test/definitions.js';

// The package alone: the engine's pages against msw answers in the shape of the real server.

const digital = { id: '11111111-1111-4111-8111-111111111111', label: 'Digital' };
const row = (index: number, overrides: Partial<RecordRow> = {}): RecordRow => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  version: 1,
  active: true,
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  name: `Source ${index}`,
  sourceType: digital.id,
  description: null,
  refLabels: { sourceType: digital.label },
  ...overrides,
});

let lastListUrl: URL | null = null;

const server = mockEngineApi([sourceTypes, sources], () => {
  lastListUrl = null;
});

function renderAt(path: string, props: { createPath?: string } = {}) {
  return renderRoutes(
    [
      { path: '/settings/leads/sources', element: <ResourcePage def={sources} {...props} /> },
      { path: '/settings/leads/sources/quick', element: <p>The screen's own create page</p> },
    ],
    path,
    [...grant('source', ['read', 'create', 'update']), ...grant('sourcetype', ['create'])],
  );
}

const listHandler = (rows: RecordRow[]) =>
  http.get(`${BASE}/api/sources`, ({ request }) => {
    lastListUrl = new URL(request.url);
    const q = lastListUrl.searchParams.get('q')?.toLowerCase() ?? '';
    const matching = rows.filter((item) => String(item.name).toLowerCase().includes(q));
    return HttpResponse.json({ status: 'OK', data: matching, total: matching.length, page: 1, pageSize: 25 });
  });

describe('ResourcePage', () => {
  it('lists what the server answers, with referenced names, and keeps the search in the URL', async () => {
    server.use(listHandler([row(1), row(2, { name: 'Billboard' })]), http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] })));
    const router = renderAt('/settings/leads/sources');
    const grid = await screen.findByRole('grid', { name: 'Sources' });
    expect(await within(grid).findByText('Billboard')).toBeInTheDocument();
    expect(within(grid).getAllByText('Digital')).toHaveLength(2);
    expect(lastListUrl?.searchParams.get('sort')).toBe('name');
    expect(lastListUrl?.searchParams.get('active')).toBe('true');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search sources' }), 'bill');
    await waitFor(() => expect(router.state.location.search).toContain('q=bill'));
    await waitFor(() => expect(lastListUrl?.searchParams.get('q')).toBe('bill'));
    await waitFor(() => expect(within(grid).queryByText('Source 1')).not.toBeInTheDocument());
  });

  it('sends New and a ?create=1 link to the screen’s own create page when it has one', async () => {
    server.use(listHandler([row(1)]), http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] })));
    const router = renderAt('/settings/leads/sources', { createPath: '/settings/leads/sources/quick' });
    await userEvent.click(await screen.findByRole('button', { name: /^New/ }));
    expect(await screen.findByText('The screen\'s own create page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/leads/sources/quick');
    cleanup();

    const linked = renderAt('/settings/leads/sources?create=1', { createPath: '/settings/leads/sources/quick' });
    expect(await screen.findByText('The screen\'s own create page')).toBeInTheDocument();
    expect(linked.state.location.pathname).toBe('/settings/leads/sources/quick');
  });

  it('validates the form in the browser with the same schema, and puts server errors on their fields', async () => {
    let posted: unknown = null;
    server.use(
      http.post(`${BASE}/api/sources`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(
          { status: 'ERROR', message: 'A source with this name already exists: Billboard.', errors: [{ field: 'name', message: 'Already used by Billboard', link: '/settings/leads/sources?record=x' }] },
          { status: 409 },
        );
      }),
      http.get(`${BASE}/api/sources/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })),
      http.get(`${BASE}/api/source-types/options`, () => HttpResponse.json({ status: 'OK', data: [digital] })),
    );
    renderAt('/settings/leads/sources?create=1');
    const form = await screen.findByRole('form', { name: 'New source' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create source' }));
    expect(await within(form).findAllByText('Required')).toHaveLength(2);
    expect(posted).toBeNull();

    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'billboard');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Source type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Digital' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create source' }));
    expect(await within(form).findByText(/Already used by Billboard/)).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Open the record that uses it' })).toHaveAttribute('href', '/settings/leads/sources?record=x');
    expect(posted).toEqual({ name: 'billboard', sourceType: digital.id, description: null });
  });

  it('shows what the other person changed when a save is stale, and reloads their version', async () => {
    const mine = row(7, { name: 'Radio' });
    server.use(
      http.get(`${BASE}/api/sources/${mine.id}`, () => HttpResponse.json({ status: 'OK', data: mine })),
      http.patch(`${BASE}/api/sources/${mine.id}`, () =>
        HttpResponse.json({ status: 'ERROR', message: 'Someone else changed this record after you opened it.', current: { ...mine, version: 2, name: 'Radio (theirs)' } }, { status: 409 }),
      ),
      http.get(`${BASE}/api/sources/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })),
    );
    renderAt(`/settings/leads/sources?record=${mine.id}&edit=1`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Radio (mine)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this source' });
    const differences = within(dialog).getByRole('table', { name: 'Differences' });
    expect(within(differences).getByText('Radio (theirs)')).toBeInTheDocument();
    expect(within(differences).getByText('Radio (mine)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Radio (theirs)'), { timeout: 5_000 });
  });
});
