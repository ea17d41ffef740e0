// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseApi, resetConfig, setConfig } from '@propdesk/api-client';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { LanguageProvider } from '@propdesk/i18n/react';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { GenerateUnitsDialog } from './GenerateUnitsDialog.js';
import { RepriceDialog } from './RepriceDialog.js';

const BASE = 'http://propdesk.test';
const PROJECT = '00000000-0000-4000-8000-0000000000b1';
const server = setupServer();
const wait = { timeout: 20_000 };

beforeAll(async () => {
  await Promise.all([loadCatalog(settingsWebCatalog, 'ar'), loadCatalog(settingsWebCatalog, 'en')]);
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
});
beforeEach(() => {
  // The pickers look up their chosen record's label.
  server.use(http.get(`${BASE}/api/:resource/options`, () => HttpResponse.json({ data: [{ id: PROJECT, label: 'Palm Hills' }] })));
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  resetConfig();
});

// The dialogs and their pickers call the server through the store's API (issue 30).
const renderIn = (language: Language, node: ReactNode) =>
  render(
    <Provider store={configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware) })}>
      <SnackbarProvider>
        <LanguageProvider language={language}>{node}</LanguageProvider>
      </SnackbarProvider>
    </Provider>,
  );

describe('the unit tools in Arabic (issue 29)', { timeout: 30_000 }, () => {
  it('creates from a pattern in Arabic: labels, the codes it will make as data, the preview with plural forms', async () => {
    server.use(http.post(`${BASE}/api/units/generate`, () => HttpResponse.json({ data: { count: 60, clashes: [], sample: [] } })));
    renderIn('ar', <GenerateUnitsDialog open projectId={PROJECT} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'إنشاء وحدات بلوك من نمط' });
    for (const label of [/^أول دور/, /^آخر دور/, /^عدد الوحدات في الدور/, 'المساحة (م²)', 'السعر الأساسي']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('60 وحدة: G-0001, G-0002, G-0003, G-0004, G-0005, G-0006 … G-0906');
    expect(screen.getByText(/^G-0001, G-0002/).tagName).toBe('BDI');
    expect(screen.getByText('{block}-{floor}{unit}').tagName).toBe('BDI');
    fireEvent.click(screen.getByRole('button', { name: 'معاينة' }));
    expect(await screen.findByRole('status', {}, wait)).toHaveTextContent('تم التحقق: 60 وحدة جديدة، ولا كود مستخدم.');
    expect(screen.getByRole('button', { name: 'إنشاء 60 وحدة' })).toBeInTheDocument();
    for (const english of ['Create', 'units', 'Floor', 'per floor', 'Preview', 'Cancel', 'Checked', 'gives', 'Project', 'Code pattern']) expect(dialog.textContent).not.toContain(english);
  });

  it('changes prices in Arabic, amounts and codes as data with Latin digits', async () => {
    server.use(
      http.post(`${BASE}/api/units/reprice`, () =>
        HttpResponse.json({ data: { count: 2, totalBefore: '2000000', totalAfter: '2100000', sample: [{ id: 'u1', code: 'G-0101', before: '1000000', after: '1050000' }] } }),
      ),
    );
    renderIn('ar', <RepriceDialog open projectId={PROJECT} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'تغيير الأسعار الأساسية بنسبة مئوية' });
    expect(dialog).toHaveTextContent('تتغير أسعار الوحدات المتاحة والموقوفة فقط');
    expect(dialog).toHaveTextContent('القيمة السالبة تخفض الأسعار');
    fireEvent.click(screen.getByRole('button', { name: 'معاينة' }));
    expect(await screen.findByRole('status', {}, wait)).toHaveTextContent('وحدتان: الإجمالي 2,000,000.00 ← 2,100,000.00');
    expect(screen.getByRole('table', { name: 'تغييرات الأسعار' })).toHaveTextContent('الوحدةالحاليالجديدG-01011,000,000.001,050,000.00');
    expect(screen.getByText('G-0101').tagName).toBe('BDI');
    expect(screen.getByRole('button', { name: 'تغيير سعرين' })).toBeInTheDocument();
    for (const english of ['Change', 'units', 'total', 'Only available', 'Preview', 'Cancel', 'Now', 'New']) expect(dialog.textContent).not.toContain(english);
  });

  it('reads in English as before', async () => {
    server.use(
      http.post(`${BASE}/api/units/reprice`, () =>
        HttpResponse.json({ data: { count: 2, totalBefore: '2000000', totalAfter: '2100000', sample: [{ id: 'u1', code: 'G-0101', before: '1000000', after: '1050000' }] } }),
      ),
    );
    renderIn('en', <RepriceDialog open projectId={PROJECT} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('status', {}, wait)).toHaveTextContent('2 units: total 2,000,000.00 → 2,100,000.00');
    expect(screen.getByText('G-0101').tagName).toBe('TD');
    expect(screen.getByRole('button', { name: 'Change 2 prices' })).toBeInTheDocument();
    cleanup();
    renderIn('en', <GenerateUnitsDialog open projectId={PROJECT} onClose={() => undefined} />);
    expect(screen.getByText('{block}, {floor} and {unit}, e.g. {block}-{floor}{unit} gives G-0301')).toBeInTheDocument();
    expect(screen.getByText('60 units: G-0001, G-0002, G-0003, G-0004, G-0005, G-0006 … G-0906')).toBeInTheDocument();
  });
});
