import { defineCatalog } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { dataWord, loadServerCatalogs, translate, translateValidationWord } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from './ar.js';
import { counted, salesCatalog, salesText, salesValidationCatalog, stateWord } from './catalog.js';

describe("sales' server words (issue 29)", () => {
  beforeAll(() => loadServerCatalogs());

  it('every key in Arabic and English, with the same parameters, for the refusals and the schemas’ words', async () => {
    expect(await catalogProblems(salesCatalog)).toEqual([]);
    expect(await catalogProblems(salesValidationCatalog)).toEqual([]);
  });

  it('a key without its Arabic fails the check', async () => {
    const { noUnit: _dropped, ...rest } = ar;
    const missing = defineCatalog('sales', salesCatalog.en, () => Promise.resolve({ default: rest }));
    expect(await catalogProblems(missing)).toEqual(['sales.noUnit has no Arabic']);
  });

  it('English as the API answered it; Arabic with the definitions’ states and the data isolated', () => {
    const refusal = salesText('contractFromConfirmed', { number: dataWord('RSV-0007'), status: stateWord('reservations', 'pending_approval') });
    expect(translate(refusal, 'en')).toBe('A contract is made from a confirmed reservation; RSV-0007 is pending approval.');
    expect(translate(refusal, 'ar')).toBe('يُبرم العقد من حجز مؤكَّد؛ و\u2068RSV-0007\u2069 بانتظار الاعتماد.');
  });

  it('counts EOIs with the six Arabic plural forms, Latin digits; English keeps "1 EOI" and "2 EOIs"', () => {
    const max = (count: number) => salesText('eoiCustomerMax', { ...counted(count), setup: dataWord('Palm Hills'), name: dataWord('Sara'), has: String(count) });
    expect(translate(max(1), 'en')).toBe('A customer can hold at most 1 EOI in Palm Hills; Sara has 1.');
    expect(translate(max(2), 'en')).toBe('A customer can hold at most 2 EOIs in Palm Hills; Sara has 2.');
    expect(translate(max(1000), 'en')).toBe('A customer can hold at most 1000 EOIs in Palm Hills; Sara has 1000.');
    const arabic = (count: number) => translate(max(count), 'ar');
    expect(arabic(1)).toContain('أكثر من طلب اهتمام واحد في');
    expect(arabic(2)).toContain('أكثر من طلبَي اهتمام في');
    expect(arabic(3)).toContain('أكثر من 3 طلبات اهتمام في');
    expect(arabic(11)).toContain('أكثر من 11 طلب اهتمام في');
    expect(arabic(100)).toContain('أكثر من 100 طلب اهتمام في');
  });

  it('the routes’ and rules’ own checks are said in Arabic; the shared "Must be one of: …" keeps its own word', () => {
    expect(translateValidationWord('Must be a lead id', 'ar')).toBe('يجب أن يكون معرّف عميل محتمل');
    expect(translateValidationWord('Must be one of welcome, statement', 'ar')).toBe('يجب أن يكون واحدًا من: welcome, statement');
    expect(translateValidationWord('Must be one of: a, b', 'ar')).toBe('يجب أن يكون واحدًا من: a, b');
    expect(translateValidationWord('Already on a lead of Sara Adel', 'ar')).toBe('مسجّل بالفعل على عميل محتمل لدى Sara Adel');
    expect(translateValidationWord('A national ID is 14 digits starting with 2 or 3', 'ar')).toBe('الرقم القومي 14 رقمًا يبدأ بـ 2 أو 3');
    expect(translateValidationWord('Must be a lead id', 'en')).toBe('Must be a lead id');
  });
});
