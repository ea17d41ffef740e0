// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { f, type ResourceDef } from '../model/index.js';
import { projects } from '../test/definitions.js';
import { keyColumnWidth, textWidth } from './columnWidth.js';
import { ResourcePage } from './ResourcePage.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';

const user = userEvent.setup({ delay: null });

const units: ResourceDef = {
  name: 'units',
  table: 'units',
  label: 'Units',
  singular: 'Unit',
  entity: 'unit',
  labelField: 'code',
  optionDetail: ['project', { field: 'block', prefix: 'Block ' }],
  fields: { code: f.text('Code', { required: true }), project: f.ref('Project', 'projects', { required: true }), block: f.text('Block') },
  defaultSort: ['code'],
  listColumns: ['code'],
};
/** A form whose unit must be of the chosen project. */
const deals: ResourceDef = {
  name: 'deals',
  table: 'deals',
  label: 'Deals',
  singular: 'Deal',
  entity: 'reservation',
  hasActive: false,
  labelField: 'title',
  route: '/deals',
  fields: {
    title: f.text('Title', { required: true }),
    project: f.ref('Project', 'projects'),
    unit: f.ref('Unit', 'units', { required: true, pickMatch: { field: 'project', target: 'project' } }),
  },
  defaultSort: ['title'],
  listColumns: ['title'],
  formLayout: [['title'], ['project', 'unit']],
};

const PALM = { id: '11111111-1111-4111-8111-111111111111', label: 'Palm Hills' };
const NILE = { id: '22222222-2222-4222-8222-222222222222', label: 'Nile Towers' };
const PALM_A = { id: '33333333-3333-4333-8333-333333333333', label: 'A-0402', detail: 'Palm Hills · Block A', project: PALM.id };
const NILE_A = { id: '44444444-4444-4444-8444-444444444444', label: 'A-0402', detail: 'Nile Towers · Block C', project: NILE.id };

const server = mockEngineApi([projects, units, deals]);

/** The unit options as the server answers them: narrowed by `match=project:<id>` when the form names one. */
function unitOptions(asked: string[]) {
  return http.get(`${BASE}/api/units/options`, ({ request }) => {
    const url = new URL(request.url);
    asked.push(url.search);
    const project = url.searchParams.get('match')?.split(':')[1];
    const ids = url.searchParams.get('ids')?.split(',');
    const all = [PALM_A, NILE_A].filter((unit) => (!project || unit.project === project) && (!ids || ids.includes(unit.id)));
    return HttpResponse.json({ status: 'OK', data: all.map(({ project: _project, ...option }) => option) });
  });
}

describe('a picker that tells twins apart and offers only what fits its form', () => {
  it('shows each unit’s project and block, narrows to the chosen project and clears a unit of another', { timeout: 60_000 }, async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/api/projects/options`, () => HttpResponse.json({ status: 'OK', data: [PALM, NILE] })),
      unitOptions(asked),
    );
    renderRoutes([{ path: '/deals', element: <ResourcePage def={deals} /> }], '/deals?create=1', grant('reservation', ['read', 'create']));
    const form = await screen.findByRole('form', { name: 'New deal' });

    // No project yet: both A-0402 are offered, each naming its project and block.
    await user.click(within(form).getByRole('combobox', { name: 'Unit' }));
    const twins = await screen.findAllByRole('option');
    expect(twins.map((option) => option.textContent)).toEqual(['A-0402Palm Hills · Block A', 'A-0402Nile Towers · Block C']);
    expect(asked.at(-1)).toContain('for=deals.unit');
    expect(asked.at(-1)).not.toContain('match=');
    await user.click(twins[1]!);
    // The chosen one says which it is.
    expect(within(form).getByText('Nile Towers · Block C')).toBeInTheDocument();

    // A project chosen: the unit of another project no longer fits and is cleared; only Palm's is offered.
    await user.click(within(form).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Palm Hills' }));
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Unit' })).toHaveValue(''));
    expect(asked).toContainEqual(expect.stringContaining(`ids=${NILE_A.id}`));
    await user.click(within(form).getByRole('combobox', { name: 'Unit' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['A-0402Palm Hills · Block A']));
    expect(asked.at(-1)).toContain(`match=project%3A${PALM.id}`);
  });

  it('keeps a unit that still fits when the project is chosen after it', { timeout: 60_000 }, async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/api/projects/options`, () => HttpResponse.json({ status: 'OK', data: [PALM, NILE] })),
      unitOptions(asked),
    );
    renderRoutes([{ path: '/deals', element: <ResourcePage def={deals} /> }], '/deals?create=1', grant('reservation', ['read', 'create']));
    const form = await screen.findByRole('form', { name: 'New deal' });
    await user.click(within(form).getByRole('combobox', { name: 'Unit' }));
    await user.click((await screen.findAllByRole('option'))[0]!);
    await user.click(within(form).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Palm Hills' }));
    await waitFor(() => expect(asked).toContainEqual(expect.stringContaining(`ids=${PALM_A.id}`)));
    expect(within(form).getByRole('combobox', { name: 'Unit' })).toHaveValue('A-0402');
  });
});

describe('key columns', () => {
  it('are as wide as their longest value or their header with its buttons, whichever is wider', () => {
    const header = keyColumnWidth('Cheque number', ['1']);
    expect(header).toBeGreaterThanOrEqual(textWidth('Cheque number', 500) + 72);
    const long = keyColumnWidth('No.', ['HLD-2026-00003', 'HLD-2026-123456789']);
    expect(long).toBe(textWidth('HLD-2026-123456789') + 24);
  });
});
