// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { type ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { BASE, mockSalesApi } from '../../test/api.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { definitionWords } from '../../web/i18n/definitionWords.js';
import { CustomerStatement } from '../collections/CustomerStatement.web.js';
import type { CustomerStatement as Statement } from '../collections/model.js';
import { BrokerStatementPage } from '../commissions/BrokerStatementPage.web.js';
import type { BrokerStatement } from '../commissions/model.js';
import { MessagesPage } from '../messages/MessagesPage.web.js';
import type { MessageView } from '../messages/model.js';
import { ConvertLeadPage } from './ConvertLeadPage.web.js';
import { DuplicateNotice } from './DuplicateNotice.web.js';

const server = mockSalesApi();
const CUSTOMER = '00000000-0000-4000-8000-0000000000e1';
const BROKER = '00000000-0000-4000-8000-0000000000b7';
/** The machine may be busy: the first paint can take seconds. */
const wait = { timeout: 20_000 };
const user = userEvent.setup();

beforeAll(async () => {
  // Loaded before the first render, as `withSalesWords` loads them with a screen's chunk in the product.
  await Promise.all([loadCatalog(salesCatalog, 'ar'), loadCatalog(definitionWords, 'ar')]);
});

const renderIn = (language: Language, node: ReactNode, privileges: [string, string][] = [], path = '/') =>
  renderInStore(node, { language, path, privileges: privileges.map(([entityName, action]) => ({ entityName, action })) });

/**
 * The words in Latin letters left in a screen's text once its data (names, codes, references, the
 * currency code) is taken out: a word of the product's own in English shows up here.
 */
function latinWords(element: HTMLElement, data: readonly string[]): string[] {
  let text = element.textContent ?? '';
  for (const value of [...data].sort((a, b) => b.length - a.length)) text = text.split(value).join(' ');
  return text.match(/[A-Za-z]+/g) ?? [];
}

const message = (overrides: Partial<MessageView>): MessageView => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  customer: CUSTOMER,
  customerName: 'فاطمة الزهراء',
  channel: 'email',
  template: 'installment_due',
  language: 'ar',
  documentType: 'installment',
  documentId: null,
  status: 'sent',
  skippedReason: null,
  attempts: 1,
  lastError: null,
  nextTryAt: null,
  providerId: 'msg-1',
  transport: 'smtp',
  recipient: 'fatma@example.com',
  subject: null,
  body: null,
  idempotencyKey: 'k1',
  byHand: false,
  createdOn: '2026-11-27T08:30:00.000Z',
  sentAt: '2026-11-27T08:31:00.000Z',
  ...overrides,
});

const statement: Statement = {
  customer: { id: CUSTOMER, name: 'فاطمة الزهراء' },
  asOf: '2026-11-27',
  lines: [
    { date: '2026-01-11', kind: 'charge', reference: 'CNT-2026-00002 #1', description: 'Down payment', code: null, charge: '1200000.00', credit: null, covering: null, balance: '1200000.00' },
    { date: '2026-01-11', kind: 'receipt', reference: 'RCT-2026-00003', description: 'Bank transfer', code: 'CNT-2026-00002', charge: null, credit: '1200000.00', covering: null, balance: '0.00' },
    { date: '2026-07-11', kind: 'charge', reference: 'CNT-2026-00002 #2', description: 'Installment', code: null, charge: '480000.00', credit: null, covering: null, balance: '480000.00' },
    { date: '2026-11-20', kind: 'cheque', reference: 'RCT-2026-00051', description: 'Cheque in hand, dated 26 Nov 2026', code: 'CIB 100204 · CNT-2026-00002', charge: null, credit: null, covering: '480000.00', balance: '480000.00' },
  ],
  charges: '1680000.00',
  receipts: '1200000.00',
  balance: '480000.00',
  covered: '480000.00',
  notYetDue: '4320000.00',
  remaining: '4800000.00',
};

describe('the leads, messages and statements screens in Arabic (issue 29)', () => {
  it('draws the customer messages page in Arabic: filters, statuses, templates, with the data as typed', { timeout: 60_000 }, async () => {
    server.use(
      http.get(`${BASE}/api/messages`, () =>
        HttpResponse.json({
          status: 'OK',
          data: [
            message({}),
            message({ id: '00000000-0000-4000-8000-0000000000d2', status: 'skipped', skippedReason: 'No phone', channel: 'sms', template: 'receipt_issued', byHand: true, sentAt: null, recipient: null }),
            message({ id: '00000000-0000-4000-8000-0000000000d3', status: 'failed', lastError: '421 4.7.0 try later', nextTryAt: '2026-11-27T09:00:00.000Z', attempts: 2, sentAt: null }),
          ],
        }),
      ),
    );
    const { container } = renderIn('ar', <MessagesPage />, [['customerMessage', 'read'], ['customerMessage', 'update']]);
    expect(await screen.findByRole('heading', { name: 'رسائل العملاء' }, wait)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'رسائل العملاء' }, wait);
    expect(within(table).getByRole('columnheader', { name: 'المحاولات' })).toBeInTheDocument();
    expect(within(table).getByText('مُرسلة')).toBeInTheDocument();
    expect(within(table).getByText('متخطاة: لا يوجد رقم هاتف')).toBeInTheDocument();
    expect(within(table).getByText('إصدار إيصال (بالعربية) · يدويًا')).toBeInTheDocument();
    const [sent, , failed] = within(table).getAllByRole('row').slice(1);
    expect(within(sent!).getAllByRole('cell')[6]!.textContent).toMatch(/^أُرسلت إلى fatma@example\.com · 27 نوفمبر 2026/);
    expect(within(sent!).getByText('fatma@example.com').tagName).toBe('BDI');
    expect(within(failed!).getAllByRole('cell')[6]!.textContent).toMatch(/^421 4\.7\.0 try later · المحاولة التالية 27 نوفمبر 2026/);
    expect(within(table).getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^القناة/ })).toBeInTheDocument();
    expect(latinWords(container, ['fatma@example.com', '421 4.7.0 try later'])).toEqual([]);
  });

  it("draws a customer's statement in Arabic, the server's English line words in Arabic, amounts and codes left to right", { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/customers/${CUSTOMER}/statement`, () => HttpResponse.json({ status: 'OK', data: statement })));
    renderIn('ar', <CustomerStatement customerId={CUSTOMER} />, [['customer', 'read'], ['contractPayment', 'read']]);
    const region = await screen.findByRole('region', { name: 'كشف الحساب' }, wait);
    expect(within(region).getByText('كشف الحساب حتى 27 نوفمبر 2026')).toBeInTheDocument();
    expect(within(region).getByText(/^الرصيد المستحق:/)).toHaveTextContent('الرصيد المستحق: \u2068480,000.00 EGP\u2069');
    expect(within(region).getByRole('columnheader', { name: 'شيك تحت التحصيل' })).toBeInTheDocument();
    const cheque = within(region).getAllByRole('row').at(-1)!;
    expect(within(cheque).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '20 نوفمبر 2026',
      'RCT-2026-00051',
      'شيك تحت التحصيل بتاريخ 26 نوفمبر 2026 · CIB 100204 · CNT-2026-00002',
      '',
      '',
      '\u2068480,000.00 EGP\u2069',
      '\u2068480,000.00 EGP\u2069',
    ]);
    // An amount and a code keep their own direction inside the Arabic line.
    expect(within(cheque).getByText('CIB 100204 · CNT-2026-00002').tagName).toBe('BDI');
    expect(within(region).getByText('مقدم')).toBeInTheDocument();
    expect(within(region).getByText(/^تحويل بنكي/)).toBeInTheDocument();
    expect(latinWords(region, ['CNT-2026-00002', 'RCT-2026-00003', 'RCT-2026-00051', 'CIB', 'EGP'])).toEqual([]);
  });

  it("draws a broker's commission statement in Arabic, with the definitions' status and trigger words", { timeout: 60_000 }, async () => {
    const data: BrokerStatement = {
      broker: { id: BROKER, name: 'Nile Brokers', companyName: 'وسطاء النيل', licenseNo: 'BRK-0042' },
      asOf: '2026-11-27',
      lines: [
        {
          id: '00000000-0000-4000-8000-0000000000c1',
          number: 'COM-2026-00007',
          contract: 'CNT-2026-00003',
          project: 'Palm Hills',
          customer: 'مصطفى علي',
          accruedOn: '2026-06-01',
          basis: '2000000.00',
          rate: '2.5% of the net price',
          amount: '50000.00',
          trigger: 'contract_signed',
          status: 'payable',
          earnedOn: null,
          paidOn: null,
          paymentReference: null,
          recoverable: '0.00',
          recovered: '0.00',
          recoveredOn: null,
          recoveryReference: null,
          reason: null,
        },
      ],
      totals: { accrued: '0.00', payable: '50000.00', approved: '0.00', paid: '0.00', reversed: '0.00', toRecover: '0.00', recovered: '0.00', owed: '50000.00', netPaid: '0.00' },
    };
    server.use(
      http.get(`${BASE}/api/commissions/brokers`, () => HttpResponse.json({ status: 'OK', data: [{ id: BROKER, name: 'Nile Brokers', lines: 3, owed: '50000.00' }] })),
      http.get(`${BASE}/api/brokers/${BROKER}/commission-statement`, () => HttpResponse.json({ status: 'OK', data })),
    );
    renderIn('ar', <BrokerStatementPage />, [['commission', 'read']], `/sales/contracts/commissions/statement?broker=${BROKER}`);
    const region = await screen.findByRole('region', { name: 'كشف عمولات الوسيط' }, wait);
    expect(await within(region).findByText('مستحقة الدفع', undefined, wait)).toBeInTheDocument();
    expect(within(region).getByText('توقيع العقد')).toBeInTheDocument();
    // The rate as the commission was written (English) reads in Arabic.
    expect(within(region).getByText('2.5% من السعر الصافي')).toBeInTheDocument();
    expect(within(region).getByText(/^الترخيص/)).toHaveTextContent('الترخيص BRK-0042 · حتى 27 نوفمبر 2026');
    expect(within(region).getByText('المستحق للوسيط')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'كل العمولات' })).toBeInTheDocument();
    // The broker picker's line: 3 lines is the "few" form.
    expect(within(region).getByRole('combobox', { name: /^الوسيط/ })).toHaveTextContent('Nile Brokers · 3 بنود · المستحق \u206850,000.00 EGP\u2069');
    expect(latinWords(region, ['Nile Brokers', 'BRK-0042', 'COM-2026-00007', 'CNT-2026-00003', 'Palm Hills', 'EGP'])).toEqual([]);
  });

  it('makes a customer of a lead in Arabic, its own checks in Arabic', { timeout: 60_000 }, async () => {
    const { container } = renderIn('ar', <ConvertLeadPage />, [['customer', 'create']], '/sales/leads/addcustomer');
    expect(await screen.findByRole('heading', { name: 'تحويل عميل محتمل إلى عميل' }, wait)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'الرقم القومي' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تحويله إلى عميل' }));
    expect(await screen.findByText('اختر العميل المحتمل', undefined, wait)).toBeInTheDocument();
    expect(screen.getByText('أدخل الرقم القومي أو رقم جواز السفر')).toBeInTheDocument();
    // The birth date's empty sections (DD MMM YYYY) are the records engine's DateInput, not this screen's words.
    expect(latinWords(container, ['DD', 'MMM', 'YYYY'])).toEqual([]);
  });

  it('names the lead that already has the phone in Arabic, the name and owner isolated, and the same sentence in English as before', { timeout: 60_000 }, async () => {
    server.use(
      http.get(`${BASE}/api/leads/duplicates`, () =>
        HttpResponse.json({
          status: 'OK',
          data: {
            phone: '+201001234567',
            matches: [
              { id: '00000000-0000-4000-8000-0000000000a1', visible: true, fullName: 'أحمد إبراهيم', ownerId: null, ownerName: 'Nadia Nabil', validUntil: null, matchedOn: 'phone', link: '/sales/leads?record=00000000-0000-4000-8000-0000000000a1' },
              { id: '00000000-0000-4000-8000-0000000000a2', visible: false, fullName: null, ownerId: null, ownerName: 'Karim Adel', validUntil: '2026-12-05T10:00:00.000Z', matchedOn: 'phone', link: null },
            ],
          },
        }),
      ),
    );
    const arabic = renderIn('ar', <DuplicateNotice phone="+201001234567" email="" />, [['lead', 'read']]);
    const seen = await screen.findByText(/مسجل بالفعل/, undefined, wait);
    expect(seen).toHaveTextContent('رقم الهاتف هذا مسجل بالفعل على العميل المحتمل أحمد إبراهيم (Nadia Nabil). افتحه بدلًا من إضافة عميل محتمل جديد.');
    expect(within(seen).getByText('أحمد إبراهيم').tagName).toBe('BDI');
    expect(screen.getByTestId('duplicate-owned')).toHaveTextContent('رقم الهاتف هذا يخص عميلًا محتملًا لدى Karim Adel، صالح حتى 5 ديسمبر 2026. حفظه مرة أخرى مرفوض.');
    expect(screen.getByRole('button', { name: 'طلب نقله إليّ' })).toBeInTheDocument();
    expect(latinWords(arabic.container, ['Nadia Nabil', 'Karim Adel'])).toEqual([]);
    arabic.unmount();

    renderIn('en', <DuplicateNotice phone="+201001234567" email="" />, [['lead', 'read']]);
    expect(await screen.findByText(/is already on the lead/, undefined, wait)).toHaveTextContent(
      'This phone is already on the lead أحمد إبراهيم (Nadia Nabil). Open it instead of adding a new one.',
    );
    expect(screen.getByTestId('duplicate-owned')).toHaveTextContent('This phone belongs to a lead of Karim Adel, valid until 5 Dec 2026. Saving it again is refused.');
    expect(screen.getByRole('button', { name: 'Ask for it' })).toBeInTheDocument();
  });
});
