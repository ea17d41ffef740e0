import { loadServerCatalogs, serverCatalog, text } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishText, renderText, storedText } from './texts.js';

const en = {
  assigned: 'Lead assigned to you: {name}',
  waiting: '{hours, plural, other {{shown} hours}}, waiting for approval.',
  until: 'On hold until {until}.',
  due: '#{seq} due',
} as const;
const catalog = serverCatalog('notifications-texts-test', en, async () => ({
  default: {
    assigned: 'عميل محتمل أُسند إليك: {name}',
    waiting: '{hours, plural, zero {{shown} ساعة} one {ساعة واحدة} two {ساعتان} few {{shown} ساعات} many {{shown} ساعة} other {{shown} ساعة}}، بانتظار الاعتماد.',
    until: 'محجوزة حتى {until}.',
    due: 'القسط {seq} مستحق',
  },
}));

/** As the row keeps it: JSON there and back. */
const roundTrip = (value: Parameters<typeof storedText>[0]) => JSON.parse(JSON.stringify(storedText(value))) as unknown;

beforeAll(() => loadServerCatalogs('ar'));

describe('notification texts by key', () => {
  it('keeps the English of a keyed text as the row’s text, and typed text as it is', () => {
    expect(englishText(text(catalog, 'assigned', { name: 'Ahmed' }))).toBe('Lead assigned to you: Ahmed');
    expect(englishText(text(catalog, 'waiting', { hours: 24, shown: '24' }))).toBe('24 hours, waiting for approval.');
    expect(englishText('Fire drill at 3')).toBe('Fire drill at 3');
    expect(englishText(null)).toBeNull();
    expect(storedText('Fire drill at 3')).toBeNull();
    expect(englishText([text(catalog, 'due', { seq: '1' }), text(catalog, 'due', { seq: '2' })])).toBe('#1 due; #2 due');
  });

  it('renders a stored text in each language: data isolated in Arabic, plurals in Arabic’s forms, words per language', () => {
    const assigned = roundTrip(text(catalog, 'assigned', { name: 'Ahmed (L-12)' }));
    expect(renderText(assigned, 'en')).toBe('Lead assigned to you: Ahmed (L-12)');
    expect(renderText(assigned, 'ar')).toBe('عميل محتمل أُسند إليك: \u2068Ahmed (L-12)\u2069');
    const hours = (count: number) => roundTrip(text(catalog, 'waiting', { hours: count, shown: String(count) }));
    expect(renderText(hours(1), 'ar')).toBe('ساعة واحدة، بانتظار الاعتماد.');
    expect(renderText(hours(2), 'ar')).toBe('ساعتان، بانتظار الاعتماد.');
    expect(renderText(hours(5), 'ar')).toBe('\u20685\u2069 ساعات، بانتظار الاعتماد.');
    expect(renderText(hours(24), 'ar')).toBe('\u206824\u2069 ساعة، بانتظار الاعتماد.');
    const until = roundTrip(text(catalog, 'until', { until: { en: '24 Nov 2026', ar: '24 نوفمبر 2026' } }));
    expect(renderText(until, 'en')).toBe('On hold until 24 Nov 2026.');
    expect(renderText(until, 'ar')).toBe('محجوزة حتى 24 نوفمبر 2026.');
  });

  it('joins the parts of a body with the language’s semicolon', () => {
    const parts = roundTrip([text(catalog, 'due', { seq: '1' }), text(catalog, 'due', { seq: '2' })]);
    expect(renderText(parts, 'en')).toBe('#1 due; #2 due');
    expect(renderText(parts, 'ar')).toBe('القسط \u20681\u2069 مستحق؛ القسط \u20682\u2069 مستحق');
  });

  it('gives null (the row’s English then shows) for a catalog or key this build does not know, or a malformed value', () => {
    expect(renderText({ catalog: 'no-such-catalog', key: 'assigned' }, 'ar')).toBeNull();
    expect(renderText({ catalog: 'notifications-texts-test', key: 'noSuchKey' }, 'ar')).toBeNull();
    expect(renderText({ catalog: 'notifications-texts-test', key: 'toString' }, 'ar')).toBeNull();
    expect(renderText({ parts: [{ catalog: 'notifications-texts-test', key: 'due', params: { seq: '1' } }, { key: 'x' }] }, 'en')).toBeNull();
    expect(renderText(null, 'ar')).toBeNull();
    expect(renderText('not json', 'ar')).toBeNull();
    expect(renderText(JSON.stringify({ catalog: 'notifications-texts-test', key: 'assigned', params: { name: 'Mona' } }), 'en')).toBe('Lead assigned to you: Mona');
  });
});
