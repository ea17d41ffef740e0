// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { grants, renderInStore } from '@propdesk/shell-ui/testing';
import type { ApprovalsView, ReceiptRow } from '../../model/api.js';
import { procurementWebCatalog } from '../../web/i18n/catalog.js';
import { ApprovalsPanel, ReceiptsPanel } from './OrderPanels.web.js';

const BASE = 'http://propdesk.test';
const ORDER = '00000000-0000-4000-8000-0000000000d1';
const server = setupServer();
const wait = { timeout: 20_000 };

const approvals: ApprovalsView = {
  tiers: [{ level: 1, name: 'Procurement manager', aboveAmount: '0.00', roleName: 'Procurement Manager', decision: { userName: 'Paula Procurement', comment: null, decidedOn: '2026-11-29T15:49:00.000Z' } }],
  next: null,
};
const receipts: ReceiptRow[] = [{ id: 'r1', line: 'l1', description: 'Cable trays', quantity: '60.0000', receivedOn: '2026-11-29', overReceiptReason: 'Supplier sent extra', receivedBy: 'Paula Procurement' }];

beforeAll(async () => {
  await Promise.all([loadCatalog(procurementWebCatalog, 'ar'), loadCatalog(procurementWebCatalog, 'en')]);
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  resetConfig();
});

function renderIn(language: Language) {
  server.use(
    http.get(`${BASE}/api/purchase-orders/:id/approvals`, () => HttpResponse.json({ data: approvals })),
    http.get(`${BASE}/api/purchase-orders/:id/receipts`, () => HttpResponse.json({ data: receipts })),
  );
  return renderInStore(
    <>
      <ApprovalsPanel orderId={ORDER} />
      <ReceiptsPanel orderId={ORDER} status="received" lines={[]} />
    </>,
    { language, privileges: grants('poheader', ['read']) },
  );
}

describe("a purchase order's approvals and receipts in Arabic", { timeout: 30_000 }, () => {
  it('says their dates in Arabic and keeps the names and text people typed as data (<bdi>)', async () => {
    renderIn('ar');
    const table = await screen.findByRole('table', { name: 'عمليات الاستلام' }, wait);
    const cells = within(table).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(/^29 نوفمبر 2026$/);
    for (const typed of ['Cable trays', 'Paula Procurement', 'Supplier sent extra']) expect(within(table).getByText(typed).tagName).toBe('BDI');
    const approvals = await screen.findByRole('region', { name: 'الاعتمادات' }, wait);
    await waitFor(() => expect(approvals).toHaveTextContent(/اعتمده \u2068Paula Procurement\u2069 في \u2068\d{2} نوفمبر 2026،? \d{2}:\d{2}\u2069/), wait);
    expect(approvals).not.toHaveTextContent(/Nov/);
  });

  it('reads in English as before', async () => {
    renderIn('en');
    const table = await screen.findByRole('table', { name: 'Receipts' }, wait);
    expect(within(table).getAllByRole('cell')[0]).toHaveTextContent(/^29 Nov 2026$/);
    const approvals = await screen.findByRole('region', { name: 'Approvals' }, wait);
    await waitFor(() => expect(approvals).toHaveTextContent(/Approved by Paula Procurement on 29 Nov 2026, \d{2}:\d{2}/), wait);
  });
});
