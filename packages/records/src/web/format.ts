import type { FieldDef, RecordRow } from '../model/index.js';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** A value as a person reads it in a list, a view or the history. */
export function formatValue(field: FieldDef | undefined, value: unknown, label?: string | string[] | null): string {
  if (field?.kind === 'reference') return typeof label === 'string' ? label : value ? '(unknown)' : '';
  if (field?.kind === 'references') return Array.isArray(label) ? label.join(', ') : '';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  switch (field?.kind) {
    case 'money':
      return money.format(Number(value));
    case 'decimal':
      return number.format(Number(value));
    case 'percent':
      return `${number.format(Number(value))}%`;
    case 'date':
      return dateOnly.format(new Date(`${String(value)}T00:00:00Z`));
    case 'datetime':
      return dateTime.format(new Date(String(value)));
    case 'enum':
      return humanize(String(value));
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

export const humanize = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export function recordTitle(record: RecordRow, labelField: string): string {
  const value = record[labelField];
  return typeof value === 'string' && value ? value : 'Record';
}

export const formatTimestamp = (iso: string) => dateTime.format(new Date(iso));

const rowCountFormat = new Intl.NumberFormat('en-US');

/** A list's total as a person reads it: "1,234", or "more than 1,000" when the server stopped counting. */
export const countText = (total: number, exact = true) => (exact ? rowCountFormat.format(total) : `more than ${rowCountFormat.format(total)}`);
