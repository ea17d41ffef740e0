import { loadTranslator } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { describe, expect, it } from 'vitest';
import { salesCatalog } from './catalog.js';
import { salesFormat } from './format.js';

describe("the sales screens' words (issue 29)", () => {
  it('has every word in Arabic and English, with the same parameters', async () => {
    expect(await catalogProblems(salesCatalog)).toEqual([]);
  });

  it('counts units with the six Arabic plural forms, Latin digits', async () => {
    const t = await loadTranslator(salesCatalog, 'ar');
    const units = (count: number) => t('board.units', { count, n: salesFormat('ar').number(count) });
    expect(units(1)).toBe('وحدة واحدة');
    expect(units(2)).toBe('وحدتان');
    expect(units(3)).toBe('3 وحدات');
    expect(units(11)).toBe('11 وحدة');
    expect(units(100)).toBe('100 وحدة');
    expect(units(1250)).toBe('1,250 وحدة');
    const en = await loadTranslator(salesCatalog, 'en');
    expect(en('board.units', { count: 1, n: '1' })).toBe('1 unit');
    expect(en('board.units', { count: 3, n: '3' })).toBe('3 units');
  });

  it('counts hours in the hold dialogs with the Arabic plural forms, English unchanged but for one hour', async () => {
    const t = await loadTranslator(salesCatalog, 'ar');
    const upTo = (count: number) => t('hold.upTo', { count, hours: salesFormat('ar').number(count) });
    expect(upTo(1)).toBe('حتى ساعة واحدة.');
    expect(upTo(2)).toBe('حتى ساعتين.');
    expect(upTo(5)).toBe('حتى 5 ساعات.');
    expect(upTo(24)).toBe('حتى 24 ساعة.');
    expect(t('hold.atMost', { count: 72, max: '72' })).toBe('بحد أقصى 72 ساعة، تُحسب من وقت الاعتماد.');
    const en = await loadTranslator(salesCatalog, 'en');
    expect(en('hold.upTo', { count: 1, hours: '1' })).toBe('Up to 1 hour.');
    expect(en('hold.upTo', { count: 24, hours: '24' })).toBe('Up to 24 hours.');
    expect(en('hold.extended', { count: 6, hours: '6' })).toBe('Extended by 6 hours.');
    expect(en('prev.firstRows', { count: 120, n: '120' })).toBe(' (120 rows; the first 60 shown)');
    expect(t('prev.firstRows', { count: 200, n: '200' })).toBe(' (200 صف؛ يُعرض أول 60)');
    expect(t('prev.firstRows', { count: 120, n: '120' })).toBe(' (120 صفًا؛ يُعرض أول 60)');
  });

  it('keeps English formatting as the engine writes it, and Arabic dates in Arabic with Latin digits', () => {
    expect(salesFormat('en').money('146000', 'EGP')).toBe('146,000.00 EGP');
    expect(salesFormat('en').date('2026-11-24')).toBe('24 Nov 2026');
    // Isolated, so the amount and its code stay one left-to-right unit inside Arabic text.
    expect(salesFormat('ar').money('146000', 'EGP')).toBe('\u2068146,000.00 EGP\u2069');
    expect(salesFormat('ar').date('2026-11-24')).toBe('24 نوفمبر 2026');
  });
});
