// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { setLanguage } from '@propdesk/i18n/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { BuyersEditor } from './BuyersEditor.web.js';
import { BulkDealPanel } from '../bulk-deals/BulkDealPanel.web.js';
import type { RecordRow } from '@propdesk/records/model';
import ModifyReservationPage from './ModifyReservationPage.web.js';
import { reservationExtension } from './reservationForm.web.js';
import { ReservationPreview } from './ReservationPreview.web.js';
import { RevisionCompare, RevisionsList } from './RevisionsCompare.web.js';
import { ReservationRules } from './ReservationRules.web.js';
import type { ReservationRevision } from './model.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

beforeAll(async () => {
  await loadCatalog(salesCatalog, 'ar');
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const renderIn = (language: Language, node: ReactNode) => renderInStore(node, { language, path: '/Reservations/Modify' });

describe('the reservation screens in Arabic (issue 29)', () => {
  it('draws the buyers editor in Arabic, and in English as before', () => {
    renderIn('ar', <BuyersEditor rows={[]} onChange={() => undefined} />);
    expect(screen.getByText('المشترون وحصصهم')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة مشترٍ' })).toBeInTheDocument();
    expect(screen.getByText('لا مشترين مشاركين: يشتري العميل وحده.')).toBeInTheDocument();
    expect(screen.queryByText('Add buyer')).not.toBeInTheDocument();
    cleanup();
    renderIn('en', <BuyersEditor rows={[]} onChange={() => undefined} />);
    expect(screen.getByText('Buyers and shares')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add buyer' })).toBeInTheDocument();
    expect(screen.getByText('No co-buyers: the customer buys alone.')).toBeInTheDocument();
  });

  it("says the form's buyer problems in the page's language when it is checked", async () => {
    const schema = reservationExtension.create!.buyers! as z.ZodType;
    const problems = (value: unknown) => schema.safeParse(value).error?.issues.map((issue: z.core.$ZodIssue) => issue.message) ?? [];
    const bad = [{ customer: 'x', share: 'half' }];
    expect(problems(bad)).toEqual(['Choose the buyer', 'A share such as 50 or 33.3333', 'The shares add up to 100%']);
    expect(problems([{ customer: '00000000-0000-4000-8000-000000000001', share: '60' }])).toEqual(['The shares add up to 100%']);
    await setLanguage('ar', [salesCatalog]);
    expect(problems(bad)).toEqual(['اختر المشتري', 'حصة مثل 50 أو 33.3333', 'مجموع الحصص 100%']);
    expect(problems([{ customer: '00000000-0000-4000-8000-000000000001', share: '60' }])).toEqual(['مجموع الحصص 100%']);
  });

  it('draws the Modify Reservation page in Arabic before a reservation is chosen', async () => {
    renderIn('ar', <ModifyReservationPage />);
    expect(screen.getByRole('region', { name: 'تعديل الحجز' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'تعديل حجز' })).toBeInTheDocument();
    expect(screen.getByLabelText('حجز مؤكد')).toBeInTheDocument();
    expect(screen.queryByText(/Modify/)).not.toBeInTheDocument();
  });

  it("draws a bulk deal's dry run in Arabic, each conflict said from its fields; English keeps the server's sentence", () => {
    const stored = 'Unit A-0402 is wanted by EOI-2026-00001 (token 1) and EOI-2026-00002 (token 2); it goes to the lower token.';
    const record = {
      id: 'b1',
      result: {
        setup: { name: 'Spring launch' },
        plan: { name: '10% over 8 years' },
        matches: [{ eoiId: 'e1', eoi: 'EOI-2026-00001', token: 1, tokenLabel: null, customer: 'Omar Khaled', unit: 'A-0402', price: '4250000', by: 1 }],
        conflicts: [{ eoi: 'EOI-2026-00002', token: 2, kind: 'wanted_by_two', unit: 'A-0402', message: stored }],
      },
    } as unknown as RecordRow;
    renderIn('ar', <BulkDealPanel record={record} />);
    // The plan's name and the codes in a sentence are isolated (first-strong), so a Latin name keeps its place.
    expect(screen.getByText('التشغيل التجريبي: 1 متطابق، 1 تعارض (الخطة \u206810% over 8 years\u2069)')).toBeInTheDocument();
    expect(screen.getByText('مطلوبة مرتين')).toBeInTheDocument();
    expect(screen.getByText('الوحدة \u2068A-0402\u2069 مطلوبة لطلبَي اهتمام؛ تذهب إلى صاحب رقم الأولوية الأقل.')).toBeInTheDocument();
    expect(screen.getByText('التفضيل 1')).toBeInTheDocument();
    expect(screen.getByText('4,250,000.00')).toBeInTheDocument();
    expect(screen.getByText('Omar Khaled').tagName).toBe('BDI');
    expect(screen.queryByText(stored)).not.toBeInTheDocument();
    cleanup();
    renderIn('en', <BulkDealPanel record={record} />);
    expect(screen.getByText('Dry run: 1 matched, 1 conflicts (plan 10% over 8 years)')).toBeInTheDocument();
    expect(screen.getByText('Wanted by two')).toBeInTheDocument();
    expect(screen.getByText(stored)).toBeInTheDocument();
    expect(screen.getByText('Preference 1')).toBeInTheDocument();
    expect(screen.getByText('4,250,000.00')).toBeInTheDocument();
    expect(screen.getByText('Omar Khaled').tagName).toBe('TD');
  });

  it('asks for a unit before the preview, in Arabic and in English', () => {
    renderIn('ar', <ReservationPreview args={null} />);
    expect(screen.getByText('اختر وحدة لترى سعرها وأقساطها.')).toBeInTheDocument();
    cleanup();
    renderIn('en', <ReservationPreview args={null} />);
    expect(screen.getByText('Choose a unit to see its price and installments.')).toBeInTheDocument();
  });

  it('compares a revision in Arabic, and in English as before', async () => {
    const revision: ReservationRevision = {
      id: 'r2',
      revision: 2,
      status: 'approved',
      before: { revision: 1, unit: 'u1', listPrice: '1000000', discountKind: 'percent', netPrice: '1000000' },
      changes: { unit: 'u2', netPrice: '950000' },
      after: null,
      reason: 'Customer asked',
      requestedBy: 'Sara',
      requestedAt: '2026-11-20T10:00:00.000Z',
      decidedBy: 'Finance',
      decidedAt: '2026-11-21T10:00:00.000Z',
      decisionReason: null,
      labels: { u1: 'A-0101', u2: 'A-0102' },
    };
    renderIn('ar', <RevisionCompare revision={revision} />);
    expect(screen.getByText('المراجعة 1 ← 2')).toBeInTheDocument();
    expect(screen.getByText('معتمد')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'السعر الصافي' })).toBeInTheDocument();
    // The definitions' Arabic words load on first use.
    expect(await screen.findAllByText('نسبة مئوية')).toHaveLength(2);
    expect(screen.queryByText(/Revision|Net price|Asked by/)).not.toBeInTheDocument();
    // Names, the reason and the units' codes are data: isolated in the Arabic sentence and table.
    for (const typed of ['Sara', 'Customer asked', 'Finance', 'A-0101']) expect(screen.getAllByText(typed)[0]!.tagName).toBe('BDI');
    cleanup();
    renderIn('en', <RevisionCompare revision={revision} />);
    expect(screen.getByText('Revision 1 → 2')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Net price' })).toBeInTheDocument();
    expect(screen.getAllByText('Percent')).toHaveLength(2);
    cleanup();
    renderIn('ar', <RevisionsList revisions={[]} />);
    expect(screen.getByText('لم يُطلب أي تعديل.')).toBeInTheDocument();
  });

  it("names a reservation's rules in Arabic, the project isolated as data", () => {
    const record = { id: 'r1', project: 'p1', discountPct: '7.5', needsApprovalReason: null, refLabels: { project: 'Palm Heights' } } as unknown as RecordRow;
    renderIn('ar', <ReservationRules record={record} />);
    expect(screen.getByLabelText('قواعد الحجز')).toBeInTheDocument();
    expect(screen.getByText('القواعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إعداد الحجز لمشروع Palm Heights' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'صلاحية الخصم' })).toBeInTheDocument();
    expect(screen.queryByText(/Rules|Discount authority|without approval/)).not.toBeInTheDocument();
  });
});
