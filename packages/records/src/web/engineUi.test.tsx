// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { f, type RecordRow, type ResourceDef } from '../model/index.js';
import { projects } from '../test/definitions.js';
import { describeFilter } from './filterText.js';
import { fillPlaceholders } from './format.js';
import { loadMobileCheck, phoneLinks } from './phone.js';
import { ResourcePage } from './ResourcePage.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';

// The engine's UI items of issue 19 on a definition that has them all.
// Typing without a pause between keys: these forms are long.
const user = userEvent.setup({ delay: null });

const templates: ResourceDef = {
  name: 'templates',
  table: 'templates',
  label: 'Templates',
  singular: 'Template',
  entity: 'template',
  route: '/templates',
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects'),
    phone: f.phone('Phone'),
    floors: f.integer('Floors', { min: 0 }),
    price: f.money('Price'),
    startsOn: f.date('Starts on'),
    commissionType: f.enum('Commission', ['percent', 'fixed', 'tiered'], { required: true, default: 'percent' }),
    pct: f.percent('Percentage', { showWhen: { field: 'commissionType', in: ['percent'] } }),
    amount: f.money('Fixed amount', { showWhen: { field: 'commissionType', in: ['fixed'] } }),
    tiers: f.rows('Tiers', { upTo: f.integer('Sales up to', { min: 1, emptyText: 'No limit' }), pct: f.percent('Commission', { required: true }) }, { showWhen: { field: 'commissionType', in: ['tiered'] } }),
    status: f.enum('Status', ['draft', 'submitted'], { default: 'draft', readOnly: true }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'phone', 'price', 'pct'],
  statusField: 'status',
  actions: {
    submit: { label: 'Submit', from: ['draft'], to: 'submitted', confirm: 'Submit {name} ({price}) for approval?' },
    // Offered on a fixed-amount template only (an action's `when`).
    quickApprove: { label: 'Approve at once', from: ['draft'], to: 'submitted', when: { field: 'commissionType', in: ['fixed'] } },
  },
};

const ID = '00000000-0000-4000-8000-000000000001';
const PROJECT = { id: '11111111-1111-4111-8111-111111111111', label: 'Palm Heights' };
const record = (overrides: Partial<RecordRow> = {}): RecordRow => ({
  id: ID,
  version: 3,
  active: true,
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  name: 'Coast tiered',
  project: null,
  phone: '+201001234567',
  floors: 12,
  price: '146000.00',
  startsOn: '2026-11-24',
  commissionType: 'tiered',
  pct: null,
  amount: null,
  tiers: [
    { upTo: 10, pct: 2 },
    { upTo: null, pct: 3 },
  ],
  status: 'draft',
  refLabels: {},
  ...overrides,
});

const server = mockEngineApi([projects, templates]);

function renderAt(path: string) {
  return renderRoutes([{ path: '/templates', element: <ResourcePage def={templates} /> }], path, grant('template', ['read', 'create', 'update']));
}

const noViews = http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] }));
const viewHandlers = (row: RecordRow, usage: unknown[] = []) => [
  http.get(`${BASE}/api/templates/${row.id}`, () => HttpResponse.json({ status: 'OK', data: row })),
  http.get(`${BASE}/api/templates/${row.id}/usage`, () => HttpResponse.json({ status: 'OK', data: usage })),
  http.get(`${BASE}/api/templates/${row.id}/history`, () => HttpResponse.json({ status: 'OK', data: [] })),
];

describe('the form sends typed values and shows only the fields that apply', () => {
  it('converts text inputs at the form boundary, edits rows as a table, and leaves out hidden fields', { timeout: 120_000 }, async () => {
    let posted: Record<string, unknown> | null = null;
    server.use(
      http.post(`${BASE}/api/templates`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'OK', data: record({ ...posted }) }, { status: 201 });
      }),
      http.get(`${BASE}/api/templates/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })),
      ...viewHandlers(record()),
    );
    renderAt('/templates?create=1');
    const form = await screen.findByRole('form', { name: 'New template' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Coast tiered');
    await user.type(within(form).getByRole('textbox', { name: 'Floors' }), '1,2');
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '146,000');
    // A percentage commission: its percentage shows, the amount and the tiers do not.
    expect(within(form).getByRole('textbox', { name: 'Percentage' })).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: 'Fixed amount' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('table', { name: 'Tiers' })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Percentage' }), '2.5');

    await user.click(within(form).getByRole('combobox', { name: 'Commission' }));
    await user.click(await screen.findByRole('option', { name: 'Tiered' }));
    expect(within(form).queryByRole('textbox', { name: 'Percentage' })).not.toBeInTheDocument();
    const table = within(form).getByRole('table', { name: 'Tiers' });
    await user.click(within(form).getByRole('button', { name: 'Add tier' }));
    await user.click(within(form).getByRole('button', { name: 'Add tier' }));
    await user.click(within(form).getByRole('button', { name: 'Add tier' }));
    await user.type(within(table).getByRole('textbox', { name: 'Sales up to, tier 1' }), '10');
    await user.type(within(table).getByRole('textbox', { name: 'Commission, tier 1' }), '2');
    await user.type(within(table).getByRole('textbox', { name: 'Commission, tier 2' }), '300');
    await user.type(within(table).getByRole('textbox', { name: 'Commission, tier 3' }), '9');
    await user.click(within(form).getByRole('button', { name: 'Create template' }));
    // Each cell is checked: the error sits on its cell.
    expect(await within(table).findByText('Must be at most 100')).toBeInTheDocument();
    expect(posted).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Remove tier 3' }));
    const second = within(table).getByRole('textbox', { name: 'Commission, tier 2' });
    await user.clear(second);
    await user.type(second, '3');
    await user.click(within(table).getByRole('button', { name: 'Move tier 2 up' }));
    await user.click(within(table).getByRole('button', { name: 'Move tier 1 down' }));
    await user.click(within(form).getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toMatchObject({
      name: 'Coast tiered',
      floors: 12,
      price: '146000',
      commissionType: 'tiered',
      pct: null,
      amount: null,
      tiers: [
        { upTo: 10, pct: 2 },
        { upTo: null, pct: 3 },
      ],
    });
  });

  it('reads dates as day, month and year, never mm/dd/yyyy', async () => {
    server.use(...viewHandlers(record()), http.get(`${BASE}/api/templates/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } })));
    renderAt(`/templates?record=${ID}&edit=1`);
    const form = await screen.findByRole('form', { name: 'Edit template' });
    const field = within(form).getByRole('group', { name: 'Starts on' });
    expect(field).toHaveTextContent('24 Nov 2026');
    expect(form).not.toHaveTextContent(/mm\/dd\/yyyy/i);
  });
});

describe('the list and the view read as a person reads', () => {
  it('shows a loading state until the first answer, then money, percentages and phones that call', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      noViews,
      http.get(`${BASE}/api/templates`, async () => {
        await answered;
        return HttpResponse.json({ status: 'OK', data: [record({ pct: '2.5' }), record({ id: '00000000-0000-4000-8000-000000000002', name: 'Office', phone: '+20223456789' })], total: 2, page: 1, pageSize: 25 });
      }),
    );
    renderAt('/templates');
    const grid = await screen.findByRole('grid', { name: 'Templates' });
    await delay(50);
    expect(document.body).not.toHaveTextContent('0–0 of 0');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
    expect(within(grid).getAllByText('146,000.00 EGP')).toHaveLength(2);
    expect(within(grid).getByText('2.5%')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Call +201001234567' })).toHaveAttribute('href', 'tel:+201001234567');
    expect(await within(grid).findByRole('link', { name: 'WhatsApp +201001234567' })).toHaveAttribute('href', 'https://wa.me/201001234567');
    // A Cairo landline calls, and has no WhatsApp link.
    expect(within(grid).getByRole('link', { name: 'Call +20223456789' })).toHaveAttribute('href', 'tel:+20223456789');
    expect(within(grid).queryByRole('link', { name: 'WhatsApp +20223456789' })).not.toBeInTheDocument();
  });

  it('names the chosen record in the filter chip', async () => {
    server.use(
      noViews,
      http.get(`${BASE}/api/templates`, () => HttpResponse.json({ status: 'OK', data: [], total: 0, page: 1, pageSize: 25 })),
      http.get(`${BASE}/api/projects/options`, ({ request }) => HttpResponse.json({ status: 'OK', data: new URL(request.url).searchParams.get('ids') === PROJECT.id ? [PROJECT] : [] })),
    );
    const where = encodeURIComponent(JSON.stringify({ field: 'project', op: 'eq', value: PROJECT.id }));
    renderAt(`/templates?where=${where}`);
    expect(await screen.findByText('Project is Palm Heights')).toBeInTheDocument();
    expect(screen.queryByText(/chosen record/)).not.toBeInTheDocument();
  });

  it('shows the rows as a table, hides the fields of other choices, and asks once before an action, in the definition\'s words', async () => {
    let ran: string | null = null;
    server.use(
      ...viewHandlers(record(), [{ resource: 'contracts', field: 'template', label: 'Contracts', count: 2, route: null }]),
      http.post(`${BASE}/api/templates/${ID}/actions/submit`, () => {
        ran = 'submit';
        return HttpResponse.json({ status: 'OK', data: record({ status: 'submitted' }), message: 'Submitted.' });
      }),
    );
    renderAt(`/templates?record=${ID}`);
    const tiers = await screen.findByRole('table', { name: 'Tiers' });
    expect(within(tiers).getAllByRole('row').map((row) => row.textContent)).toEqual(['Sales up toCommission', '102%', 'No limit3%']);
    expect(screen.queryByText('Percentage')).not.toBeInTheDocument();
    expect(screen.queryByText('Fixed amount')).not.toBeInTheDocument();
    expect(screen.getByText('24 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    // The notice says what the button does, in its words.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Used by 2 contracts, so it cannot be deleted. Deactivate takes it out of the pickers for new records; the records that use it keep it.'),
    );
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit' });
    expect(dialog).toHaveTextContent('Submit Coast tiered (146,000.00 EGP) for approval?');
    expect(ran).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(ran).toBe('submit'));
  });
});

describe('actions offered on a condition', () => {
  it('shows an action only where its condition holds, beside the ones its state allows', async () => {
    server.use(...viewHandlers(record({ commissionType: 'tiered' }), []));
    renderAt(`/templates?record=${ID}`);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve at once' })).not.toBeInTheDocument();
    cleanup();

    server.use(...viewHandlers(record({ commissionType: 'fixed', amount: '5000.00', tiers: null }), []));
    renderAt(`/templates?record=${ID}`);
    expect(await screen.findByRole('button', { name: 'Approve at once' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });
});

describe('helpers', () => {
  it('fills placeholders from the record as a person reads it', () => {
    expect(fillPlaceholders('Issue {name} for {price} to {project}?', templates.fields, { ...record(), project: PROJECT.id, refLabels: { project: PROJECT.label } })).toBe(
      'Issue Coast tiered for 146,000.00 EGP to Palm Heights?',
    );
    expect(fillPlaceholders('Cancel {missing}?', templates.fields, record())).toBe('Cancel this record?');
  });

  it('describes a filter in words', () => {
    const names = new Map([[PROJECT.id, PROJECT.label]]);
    expect(
      describeFilter(
        templates,
        { join: 'and', children: [{ field: 'project', op: 'eq', value: PROJECT.id }, { field: 'price', op: 'gte', value: '1000000' }, { field: 'startsOn', op: 'lt', value: '2026-11-24' }] },
        names,
      ),
    ).toBe('Project is Palm Heights and Price is at least 1,000,000.00 EGP and Starts on is less than 24 Nov 2026');
  });

  it('links a mobile number to WhatsApp once the phone library says it is one', async () => {
    await loadMobileCheck();
    expect(phoneLinks('+20 100 123 4567')).toEqual({ tel: 'tel:+201001234567', whatsapp: 'https://wa.me/201001234567' });
    expect(phoneLinks('01001234567')).toEqual({ tel: 'tel:+201001234567', whatsapp: 'https://wa.me/201001234567' });
    expect(phoneLinks('+20 2 2345 6789')).toEqual({ tel: 'tel:+20223456789', whatsapp: null });
    expect(phoneLinks('+44 7911 123456').whatsapp).toBe('https://wa.me/447911123456');
  });
});
