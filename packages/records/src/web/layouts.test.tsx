// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { f, type RecordRow, type ResourceDef } from '../model/index.js';
import { projects } from '../test/definitions.js';
import type { ListLayouts } from './layouts.js';
import { ResourcePage } from './ResourcePage.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';

// The engine's list layouts (board, grid) and its E.164 phone input, on a small definition.
const user = userEvent.setup({ delay: null });

const tasks: ResourceDef = {
  name: 'tasks',
  table: 'tasks',
  label: 'Tasks',
  singular: 'Task',
  entity: 'task',
  route: '/tasks',
  hasActive: false,
  fields: {
    name: f.name(),
    phone: f.phone('Phone', { e164: true }),
    project: f.ref('Project', 'projects'),
    block: f.text('Block'),
    floor: f.integer('Floor'),
    stage: f.enum('Stage', ['todo', 'doing', 'done'], { default: 'todo' }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'stage'],
};

const PROJECT = '11111111-1111-4111-8111-111111111111';
const row = (id: string, overrides: Partial<RecordRow>): RecordRow => ({
  id,
  version: 2,
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  name: `Task ${id.slice(-1)}`,
  phone: null,
  project: PROJECT,
  block: 'A',
  floor: 1,
  stage: 'todo',
  refLabels: {},
  ...overrides,
});
const ROWS = [
  row('00000000-0000-4000-8000-000000000001', { stage: 'todo', block: 'A', floor: 1 }),
  row('00000000-0000-4000-8000-000000000002', { stage: 'doing', block: 'A', floor: 2 }),
  row('00000000-0000-4000-8000-000000000003', { stage: 'todo', block: 'B', floor: 1 }),
];

const layouts: ListLayouts = {
  board: { groupBy: 'stage', move: 'next', colors: { todo: '#999999' }, renderCard: (item) => <span>Floor {String(item.floor)}</span> },
  grid: {
    scope: 'project',
    groupBy: 'block',
    rowsBy: 'floor',
    colorBy: 'stage',
    colors: [
      { value: 'todo', label: 'To do', color: '#2e7d32' },
      { value: 'doing', label: 'Doing', color: '#f9a825' },
    ],
  },
};

const server = mockEngineApi([projects, tasks]);

function renderAt(path: string) {
  return renderRoutes([{ path: '/tasks', element: <ResourcePage def={tasks} layouts={layouts} /> }], path, grant('task', ['read', 'create', 'update']));
}

/** The list endpoint: `filter[stage][eq]` and `filter[project][eq]` as the layouts ask. */
const list = http.get(`${BASE}/api/tasks`, ({ request }) => {
  const params = new URL(request.url).searchParams;
  const stage = params.get('filter[stage][eq]');
  const project = params.get('filter[project][eq]');
  const data = ROWS.filter((item) => (!stage || item.stage === stage) && (!project || item.project === project));
  return HttpResponse.json({ status: 'OK', data, total: data.length, page: 1, pageSize: 200 });
});

describe('the board layout', () => {
  it('shows a column per value with its cards, and a card dragged to the next column saves the field with its version', { timeout: 60_000 }, async () => {
    let patched: Record<string, unknown> | null = null;
    server.use(
      list,
      http.patch(`${BASE}/api/tasks/:id`, async ({ request }) => {
        patched = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'OK', data: ROWS[0] });
      }),
    );
    renderAt('/tasks?layout=board');
    const todo = await screen.findByRole('region', { name: 'Todo column' });
    const doing = screen.getByRole('region', { name: 'Doing column' });
    const done = screen.getByRole('region', { name: 'Done column' });
    await waitFor(() => expect(within(todo).getAllByTestId('task-card')).toHaveLength(2));
    expect(within(doing).getByTestId('task-card-name')).toHaveTextContent('Task 2');
    expect(within(todo).getAllByText(/^Floor 1$/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
    const card = within(todo).getAllByTestId('task-card')[0]!;
    const dataTransfer = { setData: () => undefined };
    // Two steps at once is not taken (`move: 'next'`).
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.drop(done, { dataTransfer });
    expect(patched).toBeNull();
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.drop(doing, { dataTransfer });
    await waitFor(() => expect(patched).toEqual({ version: 2, stage: 'doing' }));
  });

  it('takes its columns from the records a reference names, in their order and colour, even when their definition is another domain’s', { timeout: 60_000 }, async () => {
    const STAGES = [
      { id: '22222222-2222-4222-8222-000000000001', name: 'New', color: '#123456' },
      { id: '22222222-2222-4222-8222-000000000002', name: 'Contacted', color: '#654321' },
    ];
    const steps: ResourceDef = { ...tasks, name: 'steps', route: '/steps', singular: 'Step', fields: { ...tasks.fields, step: f.ref('Step', 'unregistered-stages') } };
    let sortAsked: string | null = null;
    server.use(
      http.get(`${BASE}/api/unregistered-stages`, ({ request }) => {
        sortAsked = new URL(request.url).searchParams.get('sort');
        return HttpResponse.json({ status: 'OK', data: STAGES, total: 2, page: 1, pageSize: 50 });
      }),
      http.get(`${BASE}/api/steps`, ({ request }) => {
        const step = new URL(request.url).searchParams.get('filter[step][eq]');
        const data = step === STAGES[1]!.id ? [row('00000000-0000-4000-8000-000000000009', { step })] : [];
        return HttpResponse.json({ status: 'OK', data, total: data.length, page: 1, pageSize: 25 });
      }),
    );
    renderRoutes([{ path: '/steps', element: <ResourcePage def={steps} layouts={{ board: { groupBy: 'step', columnSort: 'sortOrder,name' } }} /> }], '/steps?layout=board', []);
    const contacted = await screen.findByRole('region', { name: 'Contacted column' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['New', 'Contacted']);
    expect(await within(contacted).findByTestId('step-card-name')).toHaveTextContent('Task 9');
    expect(contacted).toHaveStyle({ borderTop: '4px solid #654321' });
    expect(sortAsked).toBe('sortOrder,name');
  });

  it('opens a card’s record', { timeout: 60_000 }, async () => {
    server.use(list, http.get(`${BASE}/api/tasks/:id`, () => HttpResponse.json({ status: 'OK', data: ROWS[1] })), http.get(`${BASE}/api/tasks/:id/history`, () => HttpResponse.json({ status: 'OK', data: [] })), http.get(`${BASE}/api/tasks/:id/usage`, () => HttpResponse.json({ status: 'OK', data: [] })));
    const router = renderAt('/tasks?layout=board');
    const doing = await screen.findByRole('region', { name: 'Doing column' });
    await user.click(await within(doing).findByTestId('task-card'));
    expect(router.state.location.search).toContain(`record=${ROWS[1]!.id}`);
  });
});

describe('the grid layout', () => {
  it('asks for the scope first, then shows each record as a cell by section and row, coloured by its value', { timeout: 60_000 }, async () => {
    server.use(list, http.get(`${BASE}/api/projects/options`, () => HttpResponse.json({ status: 'OK', data: [{ id: PROJECT, label: 'Palm Heights' }] })));
    renderAt(`/tasks?layout=grid`);
    expect(await screen.findByText('Choose the project to see its tasks.')).toBeInTheDocument();
    cleanup();
    renderAt(`/tasks?layout=grid&scope=${PROJECT}`);
    const blockA = await screen.findByRole('region', { name: 'Block A' });
    const blockB = screen.getByRole('region', { name: 'Block B' });
    expect(within(blockA).getAllByRole('button').map((cell) => cell.getAttribute('aria-label'))).toEqual(['Task 2, Doing', 'Task 1, To do']);
    expect(within(blockB).getByRole('button', { name: 'Task 3, To do' })).toHaveStyle({ backgroundColor: '#2e7d32' });
    expect(screen.getByText('To do (2)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('Palm Heights');
  });
});

describe('the E.164 phone input', () => {
  it('reads the number in the chosen country and sends it in E.164', { timeout: 60_000 }, async () => {
    let posted: Record<string, unknown> | null = null;
    server.use(
      http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] })),
      http.get(`${BASE}/api/tasks/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })),
      http.post(`${BASE}/api/tasks`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'OK', data: ROWS[0] }, { status: 201 });
      }),
      http.get(`${BASE}/api/tasks/:id`, () => HttpResponse.json({ status: 'OK', data: ROWS[0] })),
      http.get(`${BASE}/api/tasks/:id/history`, () => HttpResponse.json({ status: 'OK', data: [] })),
      http.get(`${BASE}/api/tasks/:id/usage`, () => HttpResponse.json({ status: 'OK', data: [] })),
    );
    renderAt('/tasks?create=1');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Call back');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(phone, '0100');
    expect(await screen.findByText('Not a complete number for this country yet')).toBeInTheDocument();
    await user.type(phone, '1234567');
    expect(await screen.findByText('Saved as +201001234567')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(posted).toMatchObject({ name: 'Call back', phone: '+201001234567' }));
  });
});
