// The test reads the server's reason templates from disk (web code never imports node:*, this test of it does).
// eslint-disable-next-line no-restricted-imports
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, translator } from '@propdesk/i18n';
import { salesCatalog } from './catalog.js';
import { systemReason } from './systemReasons.js';
// The sales web module registers the display as it loads: imported here, not inside a test, because loading it takes
// seconds on a loaded machine and a test's time limit would count them (CI once failed on that).
import '../salesModule.js';
import { shownReason } from '@propdesk/records/web';

const resources = new URL('../../resources/', import.meta.url);
/** Every sales server source, as one text: where a reason's template must still be written as the pattern expects. */
const serverSources = () =>
  readdirSync(resources, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.server.ts'))
    .map((path) => readFileSync(new URL(path, resources), 'utf8'))
    .join('\n');
const iso = (value: string) => `\u2068${value}\u2069`;

beforeAll(async () => {
  await loadCatalog(salesCatalog, 'ar');
});

describe('a reason the server writes in English', () => {
  const ar = (stored: string) => systemReason(stored, translator(salesCatalog, 'ar'));

  it('is said in Arabic by its shape, numbers and amounts isolated', () => {
    expect(ar('The sign-by date passed')).toBe('انقضى موعد التوقيع');
    expect(ar('The hold’s time ran out')).toBe('انتهت مدة الحجز المؤقت');
    expect(ar('Approved at once: the project needs no approval')).toBe('اعتُمد فورًا: المشروع لا يتطلب موافقة');
    expect(ar('RSV-2026-00012 (draft)')).toBe(`${iso('RSV-2026-00012')} (مسودة)`);
    expect(ar('HLD-2026-00003 expired')).toBe(`انتهت صلاحية ${iso('HLD-2026-00003')}`);
    expect(ar('RSV-2026-00012 contracted')).toBe(`تم التعاقد على ${iso('RSV-2026-00012')}`);
    expect(ar('CNT-2026-00001 fully paid')).toBe(`سُدد ${iso('CNT-2026-00001')} بالكامل`);
    expect(ar('CNT-2026-00001 cancelled: The customer withdrew')).toBe(`أُلغي ${iso('CNT-2026-00001')}: ${iso('The customer withdrew')}`);
    expect(ar('RSV-2026-00012 revision 2')).toBe(`تعديل ${iso('RSV-2026-00012')} رقم 2`);
    expect(ar('24 more hours')).toBe('24 ساعة إضافية');
    expect(ar('1,000.00 EGP added')).toBe(`أُضيف ${iso('1,000.00 EGP')}`);
  });

  it('leaves a reason a person typed, or a document’s own reason after its number, as written (null)', () => {
    expect(ar('Customer asked for a corner unit')).toBeNull();
    expect(ar('HLD-2026-00003: Launch day')).toBeNull();
    expect(ar('')).toBeNull();
  });

  // The shapes above are the server's templates: a changed template must change its pattern too.
  it('matches the templates the server writes them with', () => {
    const sources = serverSources();
    for (const written of [
      "reason: 'The sign-by date passed'",
      "reason: 'The hold’s time ran out'",
      "reason: 'Approved at once: the project needs no approval'",
      "reason: 'Extended at once: the project needs no approval'",
      "reason: `${contract.number} ${full ? 'fully paid' : 'reopened by a void receipt or a bounced cheque'}`",
      'reason: `${number} (draft)`',
      'reason: `${text(before.number)} deleted`',
      'reason: `${text(current.number)} moved to another unit`',
      'reason: `${String(record.number)} expired`',
      'reason: `${row.number} contracted`',
      'reason: `${displayMoney(fee.amount)} added`',
    ]) {
      expect(sources, written).toContain(written);
    }
  });
});

describe('the engine’s history panel and the unit story show them through the registered display', () => {
  it('says a stored reason in Arabic, English as stored', () => {
    expect(shownReason('RSV-2026-00012 contracted', 'ar')).toBe(`تم التعاقد على ${iso('RSV-2026-00012')}`);
    expect(shownReason('RSV-2026-00012 contracted', 'en')).toBe('RSV-2026-00012 contracted');
    expect(shownReason('Typed by a person', 'ar')).toBe('Typed by a person');
  });
});
