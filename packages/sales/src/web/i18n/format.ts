import { formatNumber, localeOf, type Language } from '@propdesk/i18n';
import { useLanguage } from '@propdesk/i18n/react';
import { formatDate, formatDateRange, formatDateTime, formatMoney, formatMonth, formatPercent } from '@propdesk/records/web';
import { useMemo } from 'react';

/**
 * Numbers, money and dates of the sales screens in the page's language. English is exactly the
 * records engine's formatting (146,000.00 EGP, 24 Nov 2026, 24 Nov 2026, 14:30), so English screens
 * read as before; Arabic is `Intl` in `ar-EG` with Latin digits (the product's default for money and
 * unit codes), currency codes kept as they are (EGP), an amount isolated (U+2068 … U+2069) as one
 * left-to-right unit.
 */
export type SalesFormat = {
  language: Language;
  money: (amount: unknown, currency?: string) => string;
  /** A count or a plain number (1,250). */
  number: (value: number) => string;
  percent: (value: unknown) => string;
  date: (value: unknown) => string;
  /** A span of days (23–29 Nov 2026). */
  dateRange: (from: unknown, to: unknown) => string;
  dateTime: (value: unknown) => string;
  /** A month (Nov 2026) of a `YYYY-MM` or `YYYY-MM-DD`. */
  month: (value: unknown) => string;
  /** 28 Nov 2026, 14:30 (dateStyle medium, timeStyle short). */
  when: (iso: string | null | undefined) => string;
};

const numeric = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const parsed = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
};

function arabicFormat(): SalesFormat {
  const locale = `${localeOf('ar')}-u-nu-latn`;
  const amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const monthOf = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    language: 'ar',
    money: (value, currency = 'EGP') => {
      const parsed = numeric(value);
      // In first-strong isolates (FSI … PDI): inside Arabic text the bidi algorithm would otherwise draw the
      // amount and its code in two runs (EGP 157,967.14, or the code on the wrong side of a sentence's words).
      return parsed === null ? '' : `\u2068${amount.format(parsed)} ${currency}\u2069`;
    },
    number: (value) => formatNumber(value, 'ar'),
    percent: (value) => {
      const parsed = numeric(value);
      return parsed === null ? '' : `${quantity.format(parsed)}%`;
    },
    date: (value) => {
      if (value === null || value === undefined || value === '') return '';
      const text = value instanceof Date ? value.toISOString() : String(value);
      const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? text : day.format(date);
    },
    dateTime: (value) => {
      if (value === null || value === undefined || value === '') return '';
      const date = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : time.format(date);
    },
    dateRange: (from, to) => {
      const start = new Date(`${String(from ?? '').slice(0, 10)}T00:00:00Z`);
      const end = new Date(`${String(to ?? '').slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) ? formatDateRange(from, to) : day.formatRange(start, end);
    },
    month: (value) => {
      const start = new Date(`${String(value ?? '').slice(0, 7)}-01T00:00:00Z`);
      return Number.isNaN(start.getTime()) ? formatMonth(value) : monthOf.format(start);
    },
    // ar-EG's medium date style is numeric (20/12/2026): the month's name reads better and matches `dateTime`.
    when: (iso) => (iso ? time.format(new Date(iso)) : ''),
  };
}

const english: SalesFormat = {
  language: 'en',
  money: (value, currency) => formatMoney(value, currency),
  number: (value) => formatNumber(value, 'en'),
  percent: formatPercent,
  date: formatDate,
  dateRange: formatDateRange,
  dateTime: (value) => formatDateTime(value),
  month: formatMonth,
  when: (iso) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : ''),
};
let arabic: SalesFormat | null = null;

export function salesFormat(language: Language): SalesFormat {
  if (language === 'en') return english;
  arabic ??= arabicFormat();
  return arabic;
}

/** The page's formatters (re-renders when the user changes the language). */
export function useFormat(): SalesFormat {
  const language = useLanguage();
  return useMemo(() => salesFormat(language), [language]);
}
