import { describe, expect, it } from 'vitest';
import { defineCatalog, type Catalog, loadTranslator, negotiateLanguage, parseAcceptLanguage, requestLanguage, translator } from './index.js';
import { catalogProblems } from './testing.js';

const units = defineCatalog(
  'test.units',
  { units: '{count, plural, one {# unit} other {# units}}', hello: 'Hello, {name}', onlyEnglish: 'Only in English' },
  async () => ({
    units: '{count, plural, zero {لا وحدات} one {وحدة واحدة} two {وحدتان} few {# وحدات} many {# وحدة} other {# وحدة}}',
    hello: 'مرحبًا، {name}',
  }),
);

describe('messages and CLDR plurals', () => {
  it('gives Arabic its six plural forms', async () => {
    const t = await loadTranslator(units, 'ar');
    expect(t('units', { count: 0 })).toBe('لا وحدات');
    expect(t('units', { count: 1 })).toBe('وحدة واحدة');
    expect(t('units', { count: 2 })).toBe('وحدتان');
    expect(t('units', { count: 3 })).toBe('٣ وحدات');
    expect(t('units', { count: 10 })).toBe('١٠ وحدات');
    expect(t('units', { count: 11 })).toBe('١١ وحدة');
    expect(t('units', { count: 100 })).toBe('١٠٠ وحدة');
  });

  it('keeps English to one and other', async () => {
    const t = await loadTranslator(units, 'en');
    expect(t('units', { count: 1 })).toBe('1 unit');
    expect(t('units', { count: 11 })).toBe('11 units');
    expect(t('hello', { name: 'Mona' })).toBe('Hello, Mona');
  });

  it('falls back to English, never to the key, for a word Arabic lacks', async () => {
    const t = await loadTranslator(units, 'ar');
    expect(t('onlyEnglish')).toBe('Only in English');
    expect(t('hello', { name: 'منى' })).toBe('مرحبًا، منى');
  });

  it('shows English until the Arabic words are loaded', () => {
    const late = defineCatalog('test.late', { word: 'Word' }, async () => ({ word: 'كلمة' }));
    expect(translator(late, 'ar')('word')).toBe('Word');
  });
});

describe('catalog completeness', () => {
  it('names a key without Arabic, a key without English, a broken message and other parameters', async () => {
    const broken = defineCatalog('test.broken', { a: 'A {n}', b: 'B', c: 'C {x}' }, (async () => ({ a: 'أ {m}', c: 'ج {x', d: 'د' })) as Catalog['loadAr']);
    const problems = await catalogProblems(broken);
    expect(problems).toContain('test.broken.b has no Arabic');
    expect(problems).toContain('test.broken.d has no English');
    expect(problems).toContain('test.broken.a takes {n} in English but {m} in Arabic');
    expect(problems.some((p) => p.startsWith('test.broken.c (ar) does not parse'))).toBe(true);
  });

  it('finds nothing wrong with a complete catalog', async () => {
    const whole = defineCatalog('test.whole', { a: 'A {n}' }, async () => ({ default: { a: 'أ {n}' } }));
    expect(await catalogProblems(whole)).toEqual([]);
  });
});

describe('which language', () => {
  it('takes the first language we speak from the browser or Accept-Language', () => {
    expect(negotiateLanguage(['ar-EG', 'en-US'])).toBe('ar');
    expect(negotiateLanguage(['fr-FR', 'en-US', 'ar'])).toBe('en');
    expect(negotiateLanguage(['fr-FR'])).toBe('en');
    expect(negotiateLanguage([])).toBe('en');
    expect(parseAcceptLanguage('en;q=0.5, ar-EG;q=0.9, fr, *;q=0.1')).toEqual(['fr', 'ar-EG', 'en']);
    expect(negotiateLanguage(parseAcceptLanguage('en;q=0.5, ar-EG;q=0.9'))).toBe('ar');
    expect(negotiateLanguage(parseAcceptLanguage('ar;q=0, en'))).toBe('en');
  });

  it("prefers the account's choice over the call's Accept-Language", () => {
    expect(requestLanguage('en', 'ar-EG')).toBe('en');
    expect(requestLanguage(null, 'ar-EG,ar;q=0.9')).toBe('ar');
    expect(requestLanguage('xx', undefined)).toBe('en');
  });
});

describe('plain messages without ICU', () => {
  it('knows which messages need ICU', async () => {
    const { needsIcu } = await import('./index.js');
    expect(needsIcu('Welcome to {product}')).toBe(false);
    expect(needsIcu('Sign in')).toBe(false);
    expect(needsIcu('{count, plural, one {# unit} other {# units}}')).toBe(true);
    expect(needsIcu("The browser's language")).toBe(true);
  });

  it('formats plain arguments in the language’s locale', async () => {
    const plain = defineCatalog('test.plain', { total: '{count} leads for {name}' }, async () => ({ total: '{count} عميل محتمل لـ {name}' }));
    expect((await loadTranslator(plain, 'en'))('total', { count: 1234, name: 'Mona' })).toBe('1,234 leads for Mona');
    expect((await loadTranslator(plain, 'ar'))('total', { count: 12, name: 'منى' })).toBe('١٢ عميل محتمل لـ منى');
  });
});
