import type { FieldDef } from './definition.js';

type Options = Omit<FieldDef, 'kind' | 'label'>;

/** Short builders for field definitions, so a resource reads like the domain table it comes from. */
export const f = {
  name: (label = 'Name', options: Options = {}): FieldDef => ({ kind: 'text', label, required: true, unique: true, searchable: true, maxLength: 120, ...options }),
  text: (label: string, options: Options = {}): FieldDef => ({ kind: 'text', label, ...options }),
  longtext: (label: string, options: Options = {}): FieldDef => ({ kind: 'longtext', label, ...options }),
  email: (label = 'Email', options: Options = {}): FieldDef => ({ kind: 'email', label, ...options }),
  phone: (label = 'Phone', options: Options = {}): FieldDef => ({ kind: 'phone', label, ...options }),
  color: (label = 'Colour', options: Options = {}): FieldDef => ({ kind: 'color', label, ...options }),
  integer: (label: string, options: Options = {}): FieldDef => ({ kind: 'integer', label, ...options }),
  decimal: (label: string, options: Options = {}): FieldDef => ({ kind: 'decimal', label, ...options }),
  money: (label: string, options: Options = {}): FieldDef => ({ kind: 'money', label, ...options }),
  percent: (label: string, options: Options = {}): FieldDef => ({ kind: 'percent', label, ...options }),
  boolean: (label: string, options: Options = {}): FieldDef => ({ kind: 'boolean', label, default: false, ...options }),
  date: (label: string, options: Options = {}): FieldDef => ({ kind: 'date', label, ...options }),
  enum: (label: string, options: readonly string[], rest: Options = {}): FieldDef => ({ kind: 'enum', label, options, ...rest }),
  ref: (label: string, ref: string, options: Options = {}): FieldDef => ({ kind: 'reference', label, ref, ...options }),
  refs: (label: string, ref: string, options: Options = {}): FieldDef => ({ kind: 'references', label, ref, ...options }),
  json: (label: string, options: Options = {}): FieldDef => ({ kind: 'json', label, ...options }),
  /** A list of rows inside the record (stored as jsonb), edited as a small table: `f.rows('Tiers', { upTo: f.integer('Up to'), pct: f.percent('Commission') })`. */
  rows: (label: string, columns: Readonly<Record<string, FieldDef>>, options: Omit<Options, 'columns'> = {}): FieldDef => ({
    kind: 'json',
    label,
    columns,
    sortable: false,
    filterable: false,
    ...options,
  }),
};

/** A number from a form or JSON value; null when empty. */
export const num = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
};

const formatPct = (value: number) => String(Math.round(value * 10_000) / 10_000);
export { formatPct };
