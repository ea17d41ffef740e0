// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseApi, resetConfig, setConfig } from '@propdesk/api-client';
import { loadCatalog } from '@propdesk/i18n';
import { LanguageProvider } from '@propdesk/i18n/react';
import { recordsApi } from '@propdesk/records/web';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { GenerateUnitsDialog } from './GenerateUnitsDialog.js';
import { RepriceDialog } from './RepriceDialog.js';

/*
 * Issue 30: the unit tools call the server through the base API's endpoints (unitToolsApi). These pin the
 * requests (typed body, `dryRun`, the screen's change source), what the dialog shows, and that what is
 * applied, and only that, refreshes the units' list as the page's own invalidation did.
 */

const BASE = 'http://propdesk.test';
const PROJECT = '00000000-0000-4000-8000-0000000000b1';
const server = setupServer();
const wait = { timeout: 20_000 };

beforeAll(async () => {
  await loadCatalog(settingsWebCatalog, 'en');
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
});
let listReads = 0;
beforeEach(() => {
  listReads = 0;
  server.use(
    // The pickers name their chosen record.
    http.get(`${BASE}/api/:resource/options`, () => HttpResponse.json({ status: 'OK', data: [{ id: PROJECT, label: 'Palm Hills' }] })),
    // The units' list the page shows behind the dialog.
    http.get(`${BASE}/api/units`, () => {
      listReads += 1;
      return HttpResponse.json({ status: 'OK', data: [], total: 0, page: 1, pageSize: 25 });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  resetConfig();
});

/** The dialog over a store whose units' list is on screen (subscribed), as on the units page. */
async function renderWithList(node: ReactNode) {
  const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware) });
  const list = store.dispatch(recordsApi.endpoints.listRecords.initiate({ resource: 'units', params: {} }));
  await list;
  expect(listReads).toBe(1);
  render(
    <Provider store={store}>
      <SnackbarProvider>
        <LanguageProvider language="en">{node}</LanguageProvider>
      </SnackbarProvider>
    </Provider>,
  );
  // Not the subscription itself: it is a thenable, which an async function would unwrap.
  return { unsubscribe: () => list.unsubscribe() };
}

type Sent = { body: Record<string, unknown>; source: string | null };

describe('creating units from a pattern', { timeout: 30_000 }, () => {
  it('previews, then creates: the typed pattern with dryRun, the answer’s message, the list refreshed only once created', async () => {
    const sent: Sent[] = [];
    server.use(
      http.post(`${BASE}/api/units/generate`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ body, source: request.headers.get('X-Change-Source') });
        return HttpResponse.json({ status: 'OK', data: { count: 60, clashes: [], sample: ['G-0001'] }, ...(body.dryRun ? {} : { message: '60 units created in block G.' }) });
      }),
    );
    const onClose = vi.fn();
    const list = await renderWithList(<GenerateUnitsDialog open projectId={PROJECT} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('status', {}, wait)).toHaveTextContent('Checked: 60 new units, no code is taken.');
    const pattern = { block: 'G', fromFloor: 0, toFloor: 9, unitsPerFloor: 6, codePattern: '{block}-{floor}{unit}', areaM2: null, basePrice: null, project: PROJECT, unitType: null };
    expect(sent).toEqual([{ body: { ...pattern, dryRun: true }, source: 'screen' }]);
    expect(listReads).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Create 60 units' }));
    expect(await screen.findByText('60 units created in block G.', {}, wait)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledWith(true);
    expect(sent[1]).toEqual({ body: { ...pattern, dryRun: false }, source: 'screen' });
    await waitFor(() => expect(listReads).toBe(2), wait);
    list.unsubscribe();
  });

  it('shows the server’s refusal in the dialog and refreshes nothing', async () => {
    server.use(
      http.post(`${BASE}/api/units/generate`, () =>
        HttpResponse.json({ status: 'ERROR', message: 'Validation failed', errors: [{ field: 'codePattern', message: '3 codes exist already, e.g. G-0001.' }] }, { status: 400 }),
      ),
    );
    const onClose = vi.fn();
    const list = await renderWithList(<GenerateUnitsDialog open projectId={PROJECT} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('3 codes exist already, e.g. G-0001.', {}, wait)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(listReads).toBe(1);
    list.unsubscribe();
  });
});

describe('changing prices by a percentage', { timeout: 30_000 }, () => {
  it('previews, then changes: the percentage as a number, the block when given, the list refreshed only once changed', async () => {
    const sent: Sent[] = [];
    server.use(
      http.post(`${BASE}/api/units/reprice`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ body, source: request.headers.get('X-Change-Source') });
        return HttpResponse.json({
          status: 'OK',
          data: { count: 2, totalBefore: '2000000.00', totalAfter: '2100000.00', sample: [{ id: 'u1', code: 'G-0101', before: '1000000.00', after: '1050000.00' }] },
          ...(body.dryRun ? {} : { message: '2 prices changed by 5%.' }),
        });
      }),
    );
    const onClose = vi.fn();
    const list = await renderWithList(<RepriceDialog open projectId={PROJECT} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Block (optional)'), { target: { value: ' G ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('status', {}, wait)).toHaveTextContent('2 units: total 2,000,000.00 → 2,100,000.00');
    expect(sent).toEqual([{ body: { project: PROJECT, block: 'G', percent: 5, dryRun: true }, source: 'screen' }]);
    expect(listReads).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Change 2 prices' }));
    expect(await screen.findByText('2 prices changed by 5%.', {}, wait)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledWith(true);
    expect(sent[1]).toEqual({ body: { project: PROJECT, block: 'G', percent: 5, dryRun: false }, source: 'screen' });
    await waitFor(() => expect(listReads).toBe(2), wait);
    list.unsubscribe();
  });
});
