// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import type { RecordRow } from '@propdesk/records/model';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { CustomerMessages } from '../messages/CustomerMessages.web.js';
import type { EoiMoneyRow } from './eoiApi.web.js';
import { EoiPanel } from './EoiPanel.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const EOI = '00000000-0000-4000-8000-0000000000e1';
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const server = mockSalesApi({ beforeAllTests: () => loadCatalog(salesCatalog, 'ar') });
/** The machine may be busy: the first paint can take seconds. */
const wait = { timeout: 20_000 };

const renderIn = (language: Language, node: ReactNode, privileges: [string, string][] = []) =>
  renderInStore(node, { language, privileges: privileges.map(([entityName, action]) => ({ entityName, action })) });

const eoi = { id: EOI, version: 1, createdOn: '2026-11-20T10:00:00.000Z', modifiedOn: '2026-11-20T10:00:00.000Z', createdBy: null, modifiedBy: null, status: 'submitted', refLabels: {} } as RecordRow;
const money: EoiMoneyRow[] = [
  { id: 'p1', number: 'EOIP-0001', kind: 'payment', amount: '50000.00', paidOn: '2026-11-21', status: 'recorded', reference: 'TRX-77', transferReference: null },
  { id: 'p2', number: 'EOIP-0002', kind: 'refund', amount: '50000.00', paidOn: '2026-11-25', status: 'requested', reference: null, transferReference: null },
];

describe("an EOI's money and a customer's messages in Arabic (issue 29)", () => {
  it("draws an EOI's payments and refunds in Arabic, the numbers and references as typed", { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/eoi-payments`, () => HttpResponse.json({ status: 'OK', data: money, total: money.length })));
    renderIn('ar', <EoiPanel record={eoi} />);
    const table = await screen.findByRole('table', { name: 'الدفعات والمبالغ المستردة' }, wait);
    expect(within(table).getByRole('columnheader', { name: 'الرقم' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'المرجع' })).toBeInTheDocument();
    expect(within(table).getByText('دفعة')).toBeInTheDocument();
    expect(within(table).getByText('استرداد')).toBeInTheDocument();
    expect(within(table).getByText('مستلمة')).toBeInTheDocument();
    expect(within(table).getByText('بانتظار الاعتماد')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'EOIP-0001' })).toBeInTheDocument();
    expect(within(table).getByText('TRX-77')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تسجيل دفعة' })).toBeInTheDocument();
    expect(screen.queryByText(/Record a payment|Refund|Waiting for approval|Received/)).not.toBeInTheDocument();
  });

  it('says an EOI has no payments yet in Arabic, and in English as before', { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/eoi-payments`, () => HttpResponse.json({ status: 'OK', data: [], total: 0 })));
    renderIn('ar', <EoiPanel record={eoi} />);
    expect(await screen.findByText('لا توجد دفعات بعد.', {}, wait)).toBeInTheDocument();
    cleanup();
    renderIn('en', <EoiPanel record={eoi} />);
    expect(await screen.findByText('No payments yet.', {}, wait)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record a payment' })).toBeInTheDocument();
  });

  it("draws a customer's messages panel in Arabic, with its send buttons", { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/messages`, () => HttpResponse.json({ status: 'OK', data: [] })));
    renderIn('ar', <CustomerMessages customerId={CUSTOMER} />, [['customerMessage', 'read'], ['customerMessage', 'create']]);
    const panel = await screen.findByRole('region', { name: 'الرسائل' }, wait);
    expect(within(panel).getByRole('button', { name: 'إرسال كشف الحساب' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'إرسال تذكير' })).toBeInTheDocument();
    expect(await within(panel).findByText('لا توجد رسائل.', {}, wait)).toBeInTheDocument();
    expect(within(panel).queryByText(/Send|Messages/)).not.toBeInTheDocument();
  });
});
