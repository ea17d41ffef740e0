// The test reads the server's label templates from disk (web code never imports node:*, this test of it does).
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, translator } from '@propdesk/i18n';
import { salesCatalog } from './catalog.js';
import { salesFormat } from './format.js';
import { storedLabel } from './storedLabels.js';
// The sales web module registers the display as it loads: imported here, not inside a test, because loading it takes
// seconds on a loaded machine and a test's time limit would count them (CI once failed on that).
import '../salesModule.js';
import { formatIn, formatValue } from '@propdesk/records/web';
import { installments } from '../../resources/installments/definition.js';
import { receiptItems } from '../../resources/receipt-items/definition.js';
import { reservationPayments } from '../../resources/reservation-payments/definition.js';

const source = (path: string) => readFileSync(new URL(`../../resources/${path}`, import.meta.url), 'utf8');
const iso = (value: string) => `\u2068${value}\u2069`;

beforeAll(async () => {
  await loadCatalog(salesCatalog, 'ar');
});

describe('a ledger label stored in English', () => {
  const ar = (stored: string) => storedLabel(stored, translator(salesCatalog, 'ar'), salesFormat('ar'));

  it('is said in Arabic by its shape, the codes isolated', () => {
    expect(ar('CNT-2026-00001 #1 Down payment')).toBe(`مقدم رقم 1 · ${iso('CNT-2026-00001')}`);
    expect(ar('CNT-2026-00001 #3 Installment')).toBe(`قسط رقم 3 · ${iso('CNT-2026-00001')}`);
    expect(ar('CNT-2026-00001 #18 v2 Maintenance')).toBe(`وديعة الصيانة رقم 18 من الجدول 2 · ${iso('CNT-2026-00001')}`);
    expect(ar('CNT-2026-00001 late charge #4')).toBe(`غرامة تأخير القسط رقم 4 · ${iso('CNT-2026-00001')}`);
    expect(ar('CNT-2026-00001 bounce charge 100201')).toBe(`رسوم ارتداد الشيك ${iso('100201')} · ${iso('CNT-2026-00001')}`);
    expect(ar('RCT-2026-00040 #5 due 2027-03-12')).toBe(`القسط رقم 5 المستحق في 12 مارس 2027 · ${iso('RCT-2026-00040')}`);
    expect(ar('RCT-2026-00040 unallocated')).toBe(`مبلغ غير مخصص · ${iso('RCT-2026-00040')}`);
    expect(ar('v2 #7 (carried)')).toBe('القسط رقم 7 من الجدول 2 (مُرحَّل)');
    expect(ar('Unallocated (schedule changed)')).toBe('مبلغ غير مخصص (تغيّر الجدول)');
    expect(ar('Down payment for RSV-2026-00012')).toBe(`مقدم الحجز ${iso('RSV-2026-00012')}`);
    expect(ar('Reservation fee for RSV-2026-00012')).toBe(`رسوم الحجز ${iso('RSV-2026-00012')}`);
  });

  it('shows anything else as written, and English as stored', () => {
    expect(ar('Paid at the site office')).toBe('Paid at the site office');
    // Cut at its length by the server: no longer the shape, shown as it is.
    expect(ar('CNT-2026-00001 #3 v2 Installm')).toBe('CNT-2026-00001 #3 v2 Installm');
    expect(ar('')).toBe('');
    expect(ar(null as unknown as string)).toBe('');
    const en = (stored: string) => storedLabel(stored, translator(salesCatalog, 'en'), salesFormat('en'));
    expect(en('CNT-2026-00001 #1 Down payment')).toBe('CNT-2026-00001 #1 Down payment');
    expect(en('Down payment for RSV-2026-00012')).toBe('Down payment for RSV-2026-00012');
  });

  // The shapes above are the server's templates: a changed template must change its pattern too.
  it('matches the templates the server writes them with', () => {
    expect(source('installments/ledger.server.ts')).toContain("label: `${input.contractNumber} #${line.seq}${input.version > 1 ? ` v${input.version}` : ''} ${KIND_WORDS[line.kind] ?? line.kind}`");
    expect(source('installments/ledger.server.ts')).toContain("const KIND_WORDS: Record<string, string> = { down_payment: 'Down payment', installment: 'Installment', delivery: 'Delivery', maintenance: 'Maintenance', fee: 'Fee' };");
    expect(source('installments/ledger.server.ts')).toContain('label: `v${version} #${target.seq} (carried)`');
    expect(source('installments/ledger.server.ts')).toContain('label: `v${input.version} #${target.seq} (carried)`');
    expect(source('installments/ledger.server.ts')).toContain("label: 'Unallocated (schedule changed)'");
    expect(source('installments/jobs.server.ts')).toContain('label: `${found.number} late charge #${row.seq}`');
    expect(source('cheques/lifecycle.server.ts')).toContain('label: `${contract.number} bounce charge ${chequeNumber}`');
    expect(source('receipts/lifecycle.server.ts')).toContain('label: `#${row.seq} due ${row.due_date}`');
    expect(source('receipts/lifecycle.server.ts')).toContain('label: `${receipt.number} ${item.label}`');
    expect(source('receipts/lifecycle.server.ts')).toContain('label: `${receipt.number} unallocated`');
    expect(source('reservation-payments/lifecycle.server.ts')).toContain("description: `${values.kind === 'down_payment' ? 'Down payment' : 'Reservation fee'} for ${reservation.number}`");
    expect(source('reservations/from-eois.server.ts')).toContain('description: `Reservation fee for ${String(reservation.number)}`');
  });
});

describe('the engine’s own lists and views show the ledger’s fields through storedLabel (shownAs)', () => {
  it('says an installment’s label, a receipt item’s installment and a payment’s description in Arabic, English as stored', () => {
    const arabic = formatIn('ar');
    expect(formatValue(installments.fields.label, 'CNT-2026-00001 #3 Installment', undefined, arabic)).toBe(`قسط رقم 3 · ${iso('CNT-2026-00001')}`);
    expect(formatValue(receiptItems.fields.installment, 'some-id', 'CNT-2026-00001 #3 Installment', arabic)).toBe(`قسط رقم 3 · ${iso('CNT-2026-00001')}`);
    expect(formatValue(reservationPayments.fields.description, 'Down payment for RSV-2026-00012', undefined, arabic)).toBe(`مقدم الحجز ${iso('RSV-2026-00012')}`);
    expect(formatValue(installments.fields.label, 'CNT-2026-00001 #3 Installment')).toBe('CNT-2026-00001 #3 Installment');
  });
});
