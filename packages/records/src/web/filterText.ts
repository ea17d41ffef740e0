import { isGroup, type FieldDef, type FilterNode, type FilterOp, type ResourceDef } from '../model/index.js';
import { translator, type Translate } from '@propdesk/i18n';
import { formatValue } from './format.js';
import { recordsCatalog } from './i18n/catalog.js';
import type { RecordsKey } from './i18n/en.js';
import { englishFormat, type ValueFormat } from './i18n/valueFormat.js';

/** Each condition's words, in the filter dialog and in the filter's chip. */
export const OP_LABELS: Record<FilterOp, string> = {
  eq: 'is',
  ne: 'is not',
  contains: 'contains',
  startsWith: 'starts with',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  in: 'is one of',
  empty: 'is empty',
  notEmpty: 'is not empty',
};

/** The base columns every list can show and filter by. */
export const BASE_COLUMNS: Record<string, FieldDef> = {
  active: { kind: 'boolean', label: 'Active' },
  createdOn: { kind: 'datetime', label: 'Created on' },
  modifiedOn: { kind: 'datetime', label: 'Modified on' },
};

/** The page's words and formats for `describeFilter` (`useT(recordsCatalog)`, `useFormat()`). */
export type FilterWords = { t: Translate<RecordsKey>; format: ValueFormat };

/** Data inside an Arabic sentence keeps its own order (first-strong isolate, as `<bdi>` does); English unchanged. */
const isolate = (format: ValueFormat, text: string) => (format.language === 'en' ? text : `\u2068${text}\u2069`);

/**
 * A filter in words: "Source is Google Ads and Budget is at least 1,000,000.00 EGP", in the page's language when
 * `words` are given (decision 267's follow-up), in English without them.
 */
export function describeFilter(def: ResourceDef, node: FilterNode, names: ReadonlyMap<string, string> = new Map(), words?: FilterWords): string {
  const { t, format } = words ?? { t: translator(recordsCatalog, 'en'), format: englishFormat };
  if (isGroup(node)) return node.children.map((child) => describeFilter(def, child, names, words)).join(t(node.join === 'and' ? 'filterAnd' : 'filterOr'));
  const base: Record<string, RecordsKey> = { active: 'active', createdOn: 'createdOn', modifiedOn: 'modifiedOn' };
  const field = def.fields[node.field] ?? BASE_COLUMNS[node.field];
  const label = def.fields[node.field]?.label ?? (base[node.field] ? t(base[node.field]!) : node.field);
  const op = t(`op_${node.op}`);
  if (node.op === 'empty' || node.op === 'notEmpty') return t('filterEmpty', { field: label, op });
  const one = (value: unknown) => {
    if (field?.kind === 'reference' || field?.kind === 'references') return names.has(String(value)) ? isolate(format, names.get(String(value))!) : t('aChosenRecord');
    if (field?.kind === 'boolean') return t(value === true || value === 'true' ? 'yes' : 'no');
    return isolate(format, formatValue(field, value, undefined, format) || String(value));
  };
  const values = Array.isArray(node.value) ? node.value : [node.value];
  const text = values.length > 3 ? t('filterMore', { values: values.slice(0, 3).map(one).join(format.comma), count: format.count(values.length - 3) }) : values.map(one).join(format.comma);
  return t('filterCondition', { field: label, op, values: text });
}
