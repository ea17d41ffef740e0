import type { FieldDef } from './definition.js';

/**
 * Numbers and dates as a person reads them, in one place for the grid, the view, the history and
 * the exports meant for people (XLSX): quantities without trailing zeros (2, not 2.0000), amounts
 * with thousands separators and the currency (146,000.00 EGP), percentages with % (2.5%), dates as
 * 24 Nov 2026 and timestamps as 24 Nov 2026, 14:30. CSV stays machine-readable (ISO dates, plain
 * numbers): it is what an import reads back.
 */
export const CURRENCY = 'EGP';

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
const timeOptions: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const timeFormat = new Intl.DateTimeFormat('en-GB', timeOptions);
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Where the server writes a time for a person (a notification, a print), it has no reader's clock:
 * it writes the project's (Cairo), as the people of the project read it.
 */
export const DISPLAY_TIME_ZONE = 'Africa/Cairo';

const numeric = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const parsed = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
};

/** 2 (not 2.0000), 1,250.5: up to four decimals, none when whole. */
export const formatQuantity = (value: unknown): string => {
  const parsed = numeric(value);
  return parsed === null ? '' : quantityFormat.format(parsed);
};

/** 146,000.00 EGP. */
export const formatMoney = (value: unknown, currency = CURRENCY): string => {
  const parsed = numeric(value);
  return parsed === null ? '' : `${amountFormat.format(parsed)} ${currency}`;
};

/** 2.5% (the stored value is the percentage itself: 2.5 means 2.5%). */
export const formatPercent = (value: unknown): string => {
  const parsed = numeric(value);
  return parsed === null ? '' : `${quantityFormat.format(parsed)}%`;
};

/** 1,250. */
export const formatInteger = (value: unknown): string => {
  const parsed = numeric(value);
  return parsed === null ? '' : wholeFormat.format(parsed);
};

/** 24 Nov 2026, from an ISO date (2026-11-24) or the date part of a timestamp. */
export const formatDate = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? text : dateFormat.format(date);
};

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', timeZone: 'UTC' });
const dayMonthFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const isoDay = (value: unknown): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A span of days as a person reads it, from two ISO dates: 23–29 Nov 2026 in one month, 30 Nov – 06 Dec
 * 2026 across months, 29 Dec 2026 – 04 Jan 2027 across years (a week of the collections dashboard).
 */
export const formatDateRange = (from: unknown, to: unknown): string => {
  const start = isoDay(from);
  const end = isoDay(to);
  if (!start || !end) return [formatDate(from), formatDate(to)].filter(Boolean).join(' – ');
  if (start.getUTCFullYear() !== end.getUTCFullYear()) return `${dateFormat.format(start)} – ${dateFormat.format(end)}`;
  if (start.getUTCMonth() !== end.getUTCMonth()) return `${dayMonthFormat.format(start)} – ${dateFormat.format(end)}`;
  return `${dayFormat.format(start)}–${dateFormat.format(end)}`;
};

/** Nov 2026, from a month (2026-11) or a date in it. */
export const formatMonth = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  const date = isoDay(/^\d{4}-\d{2}$/.test(text) ? `${text}-01` : text);
  return date ? monthFormat.format(date) : text;
};

/**
 * 24 Nov 2026, 14:30: in the reader's time zone, or in `timeZone` when given (the server's texts
 * give `DISPLAY_TIME_ZONE`).
 */
export const formatDateTime = (value: unknown, timeZone?: string): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  if (!timeZone) return timeFormat.format(date);
  let format = zoneFormats.get(timeZone);
  if (!format) zoneFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-GB', { ...timeOptions, timeZone })));
  return format.format(date);
};

/** A scalar value of a field as a person reads it ('' when empty); references and lists are the caller's. */
export function formatScalar(field: Pick<FieldDef, 'kind'> | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  switch (field?.kind) {
    case 'money':
      return formatMoney(value);
    case 'decimal':
      return formatQuantity(value);
    case 'integer':
      return formatInteger(value);
    case 'percent':
      return formatPercent(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'enum':
      // A localized definition's field carries its options' labels (`localizeResource`).
      return (field as { optionLabels?: Readonly<Record<string, string>> }).optionLabels?.[String(value)] ?? humanize(String(value));
    default:
      // A list of words (a webhook's events) reads as a list; other structured values as JSON.
      if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Words a person writes in capitals wherever they stand ("Reserved from: EOI", not "Eoi"). */
const ACRONYMS: ReadonlySet<string> = new Set(['eoi', 'pdc', 'vat', 'iban', 'swift', 'pdf']);

export const humanize = (value: string) => {
  const text = value
    .replace(/_/g, ' ')
    .split(' ')
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The XLSX display formats of the same rules (the cells hold real numbers and dates; Excel shows
 * them this way). A percentage is stored as 2.5 for 2.5%, so its % is a literal, not Excel's ×100.
 */
export const XLSX_FORMATS: Readonly<Partial<Record<FieldDef['kind'], string>>> = {
  money: `#,##0.00 "${CURRENCY}"`,
  percent: 'General"%"',
  date: 'dd mmm yyyy',
  datetime: 'dd mmm yyyy, hh:mm',
};
