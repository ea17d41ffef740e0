import { isGroup, type FieldDef, type FilterNode, type FilterOp, type ResourceDef } from '../model/index.js';
import { formatValue } from './format.js';

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

/** A filter in words: "Source is Google Ads and Budget is at least 1,000,000.00 EGP". */
export function describeFilter(def: ResourceDef, node: FilterNode, names: ReadonlyMap<string, string> = new Map()): string {
  if (isGroup(node)) return node.children.map((child) => describeFilter(def, child, names)).join(node.join === 'and' ? ' and ' : ' or ');
  const field = def.fields[node.field] ?? BASE_COLUMNS[node.field];
  const label = field?.label ?? node.field;
  if (node.op === 'empty' || node.op === 'notEmpty') return `${label} ${OP_LABELS[node.op]}`;
  const one = (value: unknown) => {
    if (field?.kind === 'reference' || field?.kind === 'references') return names.get(String(value)) ?? 'a chosen record';
    if (field?.kind === 'boolean') return value === true || value === 'true' ? 'Yes' : 'No';
    return formatValue(field, value) || String(value);
  };
  const values = Array.isArray(node.value) ? node.value : [node.value];
  const text = values.length > 3 ? `${values.slice(0, 3).map(one).join(', ')} and ${values.length - 3} more` : values.map(one).join(', ');
  return `${label} ${OP_LABELS[node.op]} ${text}`;
}

