import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, filterNodeSchema, type FilterNode, type ResourceDef, type SavedViewState } from '../model/index.js';

export type Density = 'compact' | 'standard' | 'comfortable';
export type ActiveFilter = 'true' | 'false' | 'all';

/** The whole state of a list, kept in the URL so a link or a reload reopens exactly that view. */
export type ListState = {
  page: number;
  pageSize: number;
  sort: string;
  q: string;
  where: FilterNode | null;
  active: ActiveFilter;
  columns: string[] | null;
  widths: Record<string, number>;
  density: Density;
  view: string | null;
};

const PAGE_SIZES = [10, 25, 50, 100, 200];

export function defaultListState(def: ResourceDef): ListState {
  return {
    page: 1,
    pageSize: PAGE_SIZE_DEFAULT,
    sort: def.defaultSort.join(','),
    q: '',
    where: null,
    active: def.hasActive === false ? 'all' : 'true',
    columns: null,
    widths: {},
    density: 'standard',
    view: null,
  };
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Reads the list state from the URL; anything malformed falls back to the default, never throws. */
export function readListState(def: ResourceDef, search: URLSearchParams): ListState {
  const state = defaultListState(def);
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page >= 1) state.page = page;
  const pageSize = Number(search.get('pageSize'));
  if (Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= PAGE_SIZE_MAX) state.pageSize = pageSize;
  const sort = search.get('sort');
  if (sort !== null && /^[-A-Za-z0-9,]{0,300}$/.test(sort)) state.sort = sort;
  state.q = search.get('q') ?? '';
  const where = filterNodeSchema.safeParse(parseJson(search.get('where')));
  if (where.success) state.where = where.data as FilterNode;
  const active = search.get('active');
  if (active === 'true' || active === 'false' || active === 'all') state.active = active;
  const columns = search.get('cols');
  if (columns) state.columns = columns.split(',').filter((name) => name in def.fields || name === 'active' || name === 'createdOn' || name === 'modifiedOn');
  const widths = parseJson(search.get('widths'));
  if (widths && typeof widths === 'object') {
    for (const [name, width] of Object.entries(widths)) if (typeof width === 'number' && width >= 20 && width <= 2000) state.widths[name] = Math.round(width);
  }
  const density = search.get('density');
  if (density === 'compact' || density === 'standard' || density === 'comfortable') state.density = density;
  state.view = search.get('view');
  return state;
}

/** Writes the list state to URL parameters, leaving out what equals the default (short links). */
export function writeListState(def: ResourceDef, state: ListState, base?: URLSearchParams): URLSearchParams {
  const defaults = defaultListState(def);
  const search = new URLSearchParams(base);
  const put = (key: string, value: string | null) => {
    if (value === null || value === '') search.delete(key);
    else search.set(key, value);
  };
  put('page', state.page !== defaults.page ? String(state.page) : null);
  put('pageSize', state.pageSize !== defaults.pageSize ? String(state.pageSize) : null);
  put('sort', state.sort !== defaults.sort ? state.sort : null);
  put('q', state.q.trim() ? state.q : null);
  put('where', state.where ? JSON.stringify(state.where) : null);
  put('active', state.active !== defaults.active ? state.active : null);
  put('cols', state.columns ? state.columns.join(',') : null);
  put('widths', Object.keys(state.widths).length > 0 ? JSON.stringify(state.widths) : null);
  put('density', state.density !== defaults.density ? state.density : null);
  put('view', state.view);
  return search;
}

/**
 * A screen's own filter (Bounced Cheques: `{ status: ['bounced', 'replaced', 'returned'] }`): a value
 * is `eq`, a list `in`. It is ANDed with whatever the user filters, on every query of the list (page,
 * export, bulk actions), and is not part of the URL's state, so no chip, link or saved view removes it.
 */
export type FixedFilter = Readonly<Record<string, string | readonly string[]>>;

export function fixedFilterNode(fixed: FixedFilter | undefined): FilterNode | null {
  const children: FilterNode[] = Object.entries(fixed ?? {}).map(([field, value]) =>
    typeof value === 'string' ? { field, op: 'eq' as const, value } : { field, op: 'in' as const, value: [...value] },
  );
  return children.length === 0 ? null : children.length === 1 ? children[0]! : { join: 'and', children };
}

/** The user's filter within the screen's fixed one. */
export function effectiveWhere(where: FilterNode | null, fixed: FixedFilter | undefined): FilterNode | null {
  const own = fixedFilterNode(fixed);
  if (!own) return where;
  return where ? { join: 'and', children: [own, where] } : own;
}

/** The API query of a list state (api.md's list parameters), within the screen's fixed filter. */
export function listParams(state: ListState, fixed?: FixedFilter): Record<string, string> {
  const params: Record<string, string> = { page: String(state.page), pageSize: String(state.pageSize), sort: state.sort, active: state.active };
  if (state.q.trim()) params.q = state.q.trim();
  const where = effectiveWhere(state.where, fixed);
  if (where) params.where = JSON.stringify(where);
  return params;
}

export function toViewState(state: ListState): SavedViewState {
  return {
    ...(state.columns ? { columns: state.columns } : {}),
    widths: state.widths,
    where: state.where,
    q: state.q,
    sort: state.sort,
    active: state.active,
    density: state.density,
    pageSize: state.pageSize,
  };
}

export function fromViewState(def: ResourceDef, view: { id: string; state: SavedViewState }): ListState {
  const defaults = defaultListState(def);
  return {
    ...defaults,
    columns: view.state.columns ?? null,
    widths: view.state.widths ?? {},
    where: (view.state.where as FilterNode | null | undefined) ?? null,
    q: view.state.q ?? '',
    sort: view.state.sort ?? defaults.sort,
    active: view.state.active ?? defaults.active,
    density: view.state.density ?? defaults.density,
    pageSize: view.state.pageSize ?? defaults.pageSize,
    view: view.id,
  };
}

export { PAGE_SIZES };

/** The server accepts at most this many sort keys (`parseSort`). */
export const SORT_TERMS_MAX = 5;

export type SortItem = { field: string; desc: boolean };

/** `-basePrice,code` as terms. */
export function parseSortTerms(sort: string): SortItem[] {
  return sort
    .split(',')
    .filter(Boolean)
    .map((term) => ({ field: term.replace(/^-/, ''), desc: term.startsWith('-') }));
}

/** Terms as the `sort` parameter, without repeats, at most SORT_TERMS_MAX. */
export function writeSortTerms(terms: readonly SortItem[]): string {
  const seen = new Set<string>();
  return terms
    .filter((term) => !seen.has(term.field) && seen.add(term.field))
    .slice(0, SORT_TERMS_MAX)
    .map((term) => `${term.desc ? '-' : ''}${term.field}`)
    .join(',');
}

/**
 * Shift-click on a column header: a column not yet sorted is added as the last key (ascending);
 * an ascending key turns descending; a descending one is removed. Other keys keep their place.
 */
export function shiftSort(sort: string, field: string): string {
  const terms = parseSortTerms(sort);
  const index = terms.findIndex((term) => term.field === field);
  if (index === -1) return terms.length >= SORT_TERMS_MAX ? sort : writeSortTerms([...terms, { field, desc: false }]);
  if (!terms[index]!.desc) return writeSortTerms(terms.map((term, position) => (position === index ? { ...term, desc: true } : term)));
  return writeSortTerms(terms.filter((_term, position) => position !== index));
}
