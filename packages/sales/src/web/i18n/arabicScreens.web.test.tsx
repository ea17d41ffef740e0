// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import type { RecordRow } from '@propdesk/records/model';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { DashboardPage } from '../../resources/unit-board/DashboardPage.web.js';
import type { SalesDashboard } from '../../resources/unit-board/model.js';
import { LeadPanel } from '../../resources/leads/LeadPanel.web.js';
import { salesCatalog } from './catalog.js';
import { CollectionsPage } from '../../resources/collections/CollectionsPage.web.js';
import type { CollectionsDashboard } from '../../resources/collections/model.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const LEAD = '00000000-0000-4000-8000-0000000000a1';
const server = mockSalesApi({ stubResizeObserver: true, beforeAllTests: () => loadCatalog(salesCatalog, 'ar') });
/** The machine may be busy: the first paint can take seconds. */
const wait = { timeout: 20_000 };

const renderIn = (language: Language, node: ReactNode, privileges: [string, string][] = []) =>
  renderInStore(node, { language, privileges: privileges.map(([entityName, action]) => ({ entityName, action })) });

const dashboard: SalesDashboard = {
  asOf: '2026-11-28T10:00:00.000Z',
  statuses: [{ name: 'available', label: 'Available', color: '#2e7d32', sortOrder: 1 } as SalesDashboard['statuses'][number]],
  inventory: [{ projectId: 'p1', project: 'Palm Hills', currency: 'EGP', status: 'available', units: 11, value: '1250000.00' }],
  holds: { active: 3, expiringToday: 1, pending: 2, byProject: [{ project: 'Palm Hills', active: 3, expiringToday: 1 }] },
  eois: [],
  reservations: [],
  velocity: [{ projectId: 'p1', project: 'Palm Hills', currency: 'EGP', launchDate: '2026-10-01', weeks: [{ week: '2026-11-16', units: 3, value: '9000000.00' }, { week: '2026-11-23', units: 0, value: '0.00' }] }],
};

const lead = {
  id: LEAD,
  version: 1,
  createdOn: '2026-11-20T10:00:00.000Z',
  modifiedOn: '2026-11-20T10:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  fullName: 'أحمد إبراهيم',
  assignedTo: null,
  customer: null,
  validUntil: '2026-12-20T10:00:00.000Z',
  refLabels: {},
} as RecordRow;

describe('the sales screens in Arabic (issue 29)', () => {
  it('draws the sales dashboard in Arabic words, with Arabic plurals and Latin digits', { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/sales/dashboard`, () => HttpResponse.json({ status: 'OK', data: dashboard })));
    renderIn('ar', <DashboardPage />);
    const region = await screen.findByRole('region', { name: 'لوحة مؤشرات المبيعات' }, wait);
    expect(await within(region).findByRole('heading', { name: 'المخزون حسب المشروع والحالة' }, wait)).toBeInTheDocument();
    expect(within(region).getByRole('heading', { name: 'الحجوزات المؤقتة' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'تحديث' })).toBeInTheDocument();
    expect(within(region).getByText('بانتظار الاعتماد')).toBeInTheDocument();
    // 3 units over 2 weeks: "3 وحدات" (few) and "أسبوعين" (two), digits 0–9.
    expect(within(region).getByText(/^3 وحدات، بقيمة \u20689,000,000.00 EGP\u2069 خلال أسبوعين؛ 1.5 أسبوعيًا$/)).toBeInTheDocument();
    // 11 units: the "many" form.
    expect(within(region).getByRole('img', { name: 'الوحدات حسب الحالة: Palm Hills 11 وحدة' })).toBeInTheDocument();
    expect(within(region).queryByText('Refresh')).not.toBeInTheDocument();
    // A unit status by its name in Arabic (the table's label is English), a project's name isolated as data.
    expect(within(region).getAllByText('متاحة').length).toBeGreaterThan(0);
    expect(within(region).queryByText('Available')).not.toBeInTheDocument();
    expect(within(region).getByRole('heading', { level: 3, name: /Palm Hills/ }).querySelector('bdi')?.textContent).toBe('Palm Hills');
  });

  it('draws the same dashboard in English as before', { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/sales/dashboard`, () => HttpResponse.json({ status: 'OK', data: dashboard })));
    renderIn('en', <DashboardPage />);
    const region = await screen.findByRole('region', { name: 'Sales dashboard' }, wait);
    expect(await within(region).findByRole('heading', { name: 'Inventory by project and status' }, wait)).toBeInTheDocument();
    expect(within(region).getByText('3 units, 9,000,000.00 EGP over 2 weeks; 1.5 a week')).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Units by status: Palm Hills 11 units' })).toBeInTheDocument();
    expect(within(region).getAllByText('Available').length).toBeGreaterThan(0);
    expect(within(region).getByRole('heading', { level: 3, name: /Palm Hills/ }).querySelector('bdi')).toBeNull();
  });

  it("draws a lead's panel in Arabic", { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/leads/${LEAD}/activities`, () => HttpResponse.json({ status: 'OK', data: [] })));
    renderIn('ar', <LeadPanel record={lead} />, [['lead', 'read']]);
    expect(await screen.findByRole('heading', { name: 'الملكية' }, wait)).toBeInTheDocument();
    expect(screen.getByText('في المجمّع العام')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'تسجيل نشاط' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل النشاط' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تحويله إلى عميل' })).toBeInTheDocument();
    expect(await screen.findByText('لا توجد أنشطة بعد.', {}, wait)).toBeInTheDocument();
    expect(screen.getByText(/^صالح حتى 20 ديسمبر 2026/)).toBeInTheDocument();
  });
  it('draws the collections dashboard and its age-band reminder in Arabic', { timeout: 60_000 }, async () => {
    const data: CollectionsDashboard = {
      asOf: '2026-11-28T10:00:00.000Z',
      today: '2026-11-28',
      week: { from: '2026-11-23', to: '2026-11-29' },
      month: { from: '2026-11-01', to: '2026-11-30' },
      due: [{ currency: 'EGP', weekRows: 3, week: '150000.00', weekCovered: '0.00', monthRows: 11, month: '200000.00', monthCovered: '0.00', overdueRows: 2, overdue: '90000.00' }],
      aging: [{ projectId: '00000000-0000-4000-8000-0000000000b1', project: 'Palm Hills', currency: 'EGP', agentId: null, agent: null, d0_30: '0.00', d31_60: '90000.00', d61_90: '0.00', d90: '0.00', total: '90000.00' }],
      expected: [],
      cheques: null,
    };
    server.use(
      http.get(`${BASE}/api/collections/dashboard`, () => HttpResponse.json({ status: 'OK', data })),
      http.get(`${BASE}/api/collections/reminders`, () =>
        HttpResponse.json({ status: 'OK', data: { band: 'd31_60', channel: 'email', project: null, customers: 11, willReceive: 3, optedOut: 0, noAddress: 2, alreadyReminded: 0 } }),
      ),
    );
    renderIn('ar', <CollectionsPage />, [['contractPayment', 'read'], ['customerMessage', 'create']]);
    expect(await screen.findByRole('region', { name: 'المتأخرات حسب مدة التأخير' }, wait)).toBeInTheDocument();
    expect(screen.getByText('قسطان')).toBeInTheDocument();
    expect(screen.getByText('هذا الأسبوع (23–29 نوفمبر 2026)')).toBeInTheDocument();
    screen.getByRole('button', { name: 'تذكير شريحة تأخير…' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'تذكير شريحة تأخير' }, wait);
    const reach = await within(dialog).findByTestId('band-reach', undefined, wait);
    expect(reach).toHaveTextContent('11 عميلًا في هذه الشريحة: سيتلقى 3 التذكير.');
    expect(reach).toHaveTextContent('عميلان بلا بريد إلكتروني (تُسجَّل متخطاة).');
    expect(within(dialog).getByRole('button', { name: 'إرسال 3 تذكيرات' })).toBeEnabled();
  });
});
