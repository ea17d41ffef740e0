import type { FieldDef, RecordRow } from '../model/index.js';
import { translator } from '@propdesk/i18n';
import { recordsCatalog } from './i18n/catalog.js';
import { englishFormat, type ValueFormat } from './i18n/valueFormat.js';
import { shownText } from './shownText.js';
import { formatDate, formatDateRange, formatDateTime, formatMoney, formatMonth, formatPercent, formatQuantity, formatScalar, humanize } from '../model/display.js';

export { formatDate, formatDateRange, formatDateTime, formatMoney, formatMonth, formatPercent, formatQuantity, humanize };

/**
 * A value as a person reads it in a list, a view or the history (the rules are `model/display.ts`'s), in
 * the language of `format` (`useFormat()`; English when not given).
 */
export function formatValue(field: FieldDef | undefined, value: unknown, label?: string | string[] | null, format: ValueFormat = englishFormat): string {
  if (field?.kind === 'reference') return typeof label === 'string' ? shownText(field, label, format.language) : value ? (format.language === 'en' ? '(unknown)' : translator(recordsCatalog, format.language)('unknownRecord')) : '';
  if (field?.kind === 'references') return Array.isArray(label) ? label.map((one) => shownText(field, one, format.language)).join(format.comma) : '';
  if (value === null || value === undefined || value === '') return '';
  if (field?.columns) return format.language === 'en' ? rowsSummary(field, value) : rowsCount(field, value, format);
  if (field?.shownAs && typeof value === 'string') return shownText(field, value, format.language);
  return format.scalar(field, value);
}

/** A list of rows in one line in another language: "الشرائح: 3" (a count after the list's name, no plural to agree). */
function rowsCount(field: FieldDef, value: unknown, format: ValueFormat): string {
  if (!Array.isArray(value)) return format.scalar(undefined, value);
  return value.length === 0 ? '' : `${field.label}: ${format.count(value.length)}`;
}

/** A list of rows in one line: "3 tiers". */
function rowsSummary(field: FieldDef, value: unknown): string {
  if (!Array.isArray(value)) return formatScalar(undefined, value);
  if (value.length === 0) return '';
  return `${value.length} ${value.length === 1 ? singularOf(field.label) : field.label.toLowerCase()}`;
}

const singularOf = (label: string) => label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');

/** A record's title: its label field's text (through the field's `shownAs` display when `field` and `language` are given), else `fallback`. */
export function recordTitle(record: RecordRow, labelField: string, fallback = 'Record', shown?: { field: FieldDef | undefined; language: ValueFormat['language'] }): string {
  const value = record[labelField];
  if (typeof value !== 'string' || !value) return fallback;
  return shown ? shownText(shown.field, value, shown.language) : value;
}

export const formatTimestamp = (iso: string) => formatDateTime(iso);

const rowCountFormat = new Intl.NumberFormat('en-US');

/** A list's total as a person reads it: "1,234", or "more than 1,000" when the server stopped counting. */
export const countText = (total: number, exact = true) => (exact ? rowCountFormat.format(total) : `more than ${rowCountFormat.format(total)}`);

/**
 * `{field}` placeholders of a definition's text filled from a record as a person reads them
 * (`'Submit {number} for approval?'` → "Submit PR-2026-00001 for approval?"). An unknown or empty field reads "this record".
 */
export function fillPlaceholders(
  text: string,
  fields: Readonly<Record<string, FieldDef>>,
  record: Readonly<Record<string, unknown>> & { refLabels?: Record<string, string | string[] | null> },
  format: ValueFormat = englishFormat,
  thisRecord = 'this record',
): string {
  return text.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (_match, name: string) => {
    const value = formatValue(fields[name], record[name], record.refLabels?.[name], format);
    return value || thisRecord;
  });
}
