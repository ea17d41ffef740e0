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

  it('keeps English formatting as the engine writes it, and Arabic dates in Arabic with Latin digits', () => {
    expect(salesFormat('en').money('146000', 'EGP')).toBe('146,000.00 EGP');
    expect(salesFormat('en').date('2026-11-24')).toBe('24 Nov 2026');
    expect(salesFormat('ar').money('146000', 'EGP')).toBe('146,000.00 EGP');
    expect(salesFormat('ar').date('2026-11-24')).toBe('24 نوفمبر 2026');
  });
});
