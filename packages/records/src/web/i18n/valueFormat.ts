import { localeOf, translator, type Language } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { formatDate, formatDateTime, formatScalar } from '../../model/display.js';
import type { FieldDef } from '../../model/index.js';
import { recordsCatalog } from './catalog.js';
import { useShownTextWords } from '../shownText.js';

/**
 * The engine's values in the page's language. English is exactly `model/display.ts`'s formatting (146,000.00 EGP,
 * 24 Nov 2026, 24 Nov 2026, 14:30, Yes/No), so English screens read as before; Arabic is `Intl` in `ar-EG` with
 * Latin digits (decisions 211-212: "24 نوفمبر 2026", "5,000.00 EGP"), currency codes kept, booleans نعم/لا.
 */
export type ValueFormat = {
  language: Language;
  /** A scalar value of a field ('' when empty); references and lists are `formatValue`'s. */
  scalar: (field: Pick<FieldDef, 'kind'> | undefined, value: unknown) => string;
  date: (value: unknown) => string;
  dateTime: (value: unknown) => string;
  /** A count (1,250). */
  count: (value: number) => string;
  /** The separator of a list of values (", " / "، "). */
  comma: string;
};

const numeric = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const parsed = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
};

export const englishFormat: ValueFormat = {
  language: 'en',
  scalar: formatScalar,
  date: formatDate,
  dateTime: (value) => formatDateTime(value),
  count: (value) => new Intl.NumberFormat('en-US').format(value),
  comma: ', ',
};

let arabic: ValueFormat | null = null;

/** Arabic's formats, made once (the words of Yes/No are the records catalog's, loaded with it). */
function arabicFormat(): ValueFormat {
  if (arabic) return arabic;
  const locale = `${localeOf('ar')}-u-nu-latn`;
  const amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const number = (format: Intl.NumberFormat, suffix = '') => (value: unknown) => {
    const parsed = numeric(value);
    return parsed === null ? '' : `${format.format(parsed)}${suffix}`;
  };
  const date = (value: unknown) => {
    if (value === null || value === undefined || value === '') return '';
    const text = value instanceof Date ? value.toISOString() : String(value);
    const parsed = new Date(`${text.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? text : day.format(parsed);
  };
  const dateTime = (value: unknown) => {
    if (value === null || value === undefined || value === '') return '';
    const parsed = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(parsed.getTime()) ? String(value) : time.format(parsed);
  };
  const byKind: Partial<Record<FieldDef['kind'], (value: unknown) => string>> = {
    money: number(amount, ' EGP'),
    decimal: number(quantity),
    integer: number(whole),
    percent: number(quantity, '%'),
    date,
    datetime: dateTime,
  };
  arabic = {
    language: 'ar',
    scalar: (field, value) => {
      if (value === null || value === undefined || value === '') return '';
      // The translator of the moment: the catalog's Arabic may load after these formats are made.
      if (typeof value === 'boolean') return translator(recordsCatalog, 'ar')(value ? 'yes' : 'no');
      const format = field ? byKind[field.kind] : undefined;
      return format ? format(value) : formatScalar(field, value);
    },
    date,
    dateTime,
    count: (value) => whole.format(value),
    comma: '، ',
  };
  return arabic;
}

/** The formats of a language. */
export const formatIn = (language: Language): ValueFormat => (language === 'ar' ? arabicFormat() : englishFormat);

/** The formats of the page's language (the records catalog is loaded with it, for Yes/No). */
export function useFormat(): ValueFormat {
  useT(recordsCatalog);
  const language = useLanguage();
  // The words of the fields shown through a domain's display (`shownAs`), loaded with the values they format.
  useShownTextWords(language);
  return formatIn(language);
}
