// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { BASE, mockSalesApi } from '../../test/api.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { definitionWords } from '../../web/i18n/definitionWords.js';
import { ReceiptPanel } from './ReceiptPanel.web.js';

const server = mockSalesApi();
const RECEIPT = '00000000-0000-4000-8000-0000000000d2';
/** The machine may be busy: the first paint can take seconds. */
const wait = { timeout: 20_000 };

// The labels as the server stores them (English): a receipt's own line, what a schedule change carried over.
const items = [
  { id: 'i1', label: 'RCT-2026-00040 #5 due 2027-03-12', kind: 'installment', amount: '250000.00', counts: true, cleared: true, refLabels: {} },
  { id: 'i2', label: 'v2 #7 (carried)', kind: 'installment', amount: '1000.00', counts: true, cleared: true, refLabels: {} },
  { id: 'i3', label: 'Unallocated (schedule changed)', kind: 'unallocated', amount: '500.00', counts: true, cleared: true, refLabels: {} },
];

beforeAll(async () => {
  await Promise.all([loadCatalog(salesCatalog, 'ar'), loadCatalog(definitionWords, 'ar')]);
});

function renderIn(language: Language) {
  server.use(http.get(`${BASE}/api/receipt-items`, () => HttpResponse.json({ status: 'OK', data: items, total: items.length, page: 1, pageSize: 200 })));
  return renderInStore(
    <ReceiptPanel record={{ id: RECEIPT, version: 1, createdOn: '2026-11-20T00:00:00.000Z', modifiedOn: '2026-11-20T00:00:00.000Z', createdBy: null, modifiedBy: null, refLabels: {} }} />,
    { language },
  );
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe("a receipt's items", () => {
  it('say the stored English labels in Arabic, the codes and amounts isolated', { timeout: 60_000 }, async () => {
    renderIn('ar');
    await screen.findByText(/^القسط رقم 5/, undefined, wait);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['القسط رقم 5 المستحق في 12 مارس 2027 · \u2068RCT-2026-00040\u2069', 'قسط', '\u2068250,000.00 EGP\u2069', 'نعم'],
      ['القسط رقم 7 من الجدول 2 (مُرحَّل)', 'قسط', '\u20681,000.00 EGP\u2069', 'نعم'],
      ['مبلغ غير مخصص (تغيّر الجدول)', expect.any(String), '\u2068500.00 EGP\u2069', 'نعم'],
    ]);
    // No English word of the server's is left once the data (the receipt's number, the currency) is taken out.
    const text = rows.map((row) => row.textContent ?? '').join(' ').replace(/RCT-2026-00040|EGP/g, ' ');
    expect(text.match(/[A-Za-z]+/g) ?? []).toEqual([]);
    // The whole label is one isolated cell value.
    expect(screen.getByText(/^القسط رقم 7/).tagName).toBe('BDI');
  });

  it('show the labels as stored in English', { timeout: 60_000 }, async () => {
    renderIn('en');
    expect(await screen.findByText('RCT-2026-00040 #5 due 2027-03-12', undefined, wait)).toBeInTheDocument();
    expect(screen.getByText('v2 #7 (carried)')).toBeInTheDocument();
    expect(screen.getByText('Unallocated (schedule changed)')).toBeInTheDocument();
  });
});
