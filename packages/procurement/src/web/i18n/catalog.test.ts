import { loadTranslator } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { describe, expect, it } from 'vitest';
import { procurementWebCatalog } from './catalog.js';

describe("the procurement screens' words (issue 29)", () => {
  it('has every word in Arabic and English, with the same parameters', async () => {
    expect(await catalogProblems(procurementWebCatalog)).toEqual([]);
  });

  it('counts purchase orders and lines with the six Arabic plural forms, and in English as before', async () => {
    const ar = await loadTranslator(procurementWebCatalog, 'ar');
    const ask = (count: number, lines: number) =>
      ar('cmp.askLines', { lines, l: String(lines), count, n: String(count), request: 'PR-1', suppliers: 'A' });
    expect(ask(1, 1)).toBe('ترسية بند واحد من PR-1 على A؟ يُنشئ ذلك أمر شراء واحدًا.');
    expect(ask(2, 2)).toBe('ترسية بندين من PR-1 على A؟ يُنشئ ذلك أمرَي شراء.');
    expect(ask(3, 11)).toBe('ترسية 11 بندًا من PR-1 على A؟ يُنشئ ذلك 3 أوامر شراء.');
    expect(ask(100, 100)).toBe('ترسية 100 بند من PR-1 على A؟ يُنشئ ذلك 100 أمر شراء.');
    const days = (count: number) => ar('cmp.totalDays', { total: '10.00', count, n: String(count) });
    expect(days(1)).toBe('10.00 · يوم واحد');
    expect(days(2)).toBe('10.00 · يومان');
    expect(days(7)).toBe('10.00 · 7 أيام');
    expect(days(14)).toBe('10.00 · 14 يومًا');
    const en = await loadTranslator(procurementWebCatalog, 'en');
    expect(en('cmp.askLines', { lines: 1, l: '1', count: 2, n: '2', request: 'PR-1', suppliers: 'A, B' })).toBe(
      'Award 1 line of PR-1 to A, B? This creates 2 purchase orders.',
    );
    expect(en('cmp.totalDays', { total: '10.00', count: 1, n: '1' })).toBe('10.00 · 1 days');
  });
});
