import { useMemo } from 'react';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { isKeyField, isNumberKind, labelFieldOf, type FieldDef, type RecordRow, type ResourceDef } from '../model/index.js';
import { keyColumnWidth } from './columnWidth.js';
import { BASE_COLUMNS } from './filterText.js';
import { formatValue } from './format.js';
import type { ListState } from './listState.js';
import { PhoneLinks } from './PhoneLinks.js';
import type { Translate } from '@propdesk/i18n';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import type { RecordsKey } from './i18n/en.js';
import { useFormat } from './i18n/valueFormat.js';

const BASE_KEYS = { active: 'active', createdOn: 'createdOn', modifiedOn: 'modifiedOn' } as const;

/** The narrowest a column of these kinds gets (px), so its value is never cut. */
const MIN_WIDTH: Partial<Record<FieldDef['kind'], number>> = { money: 160, phone: 180, date: 120, datetime: 170 };

const rank = (order: readonly string[], name: string) => {
  const index = order.indexOf(name);
  return index === -1 ? order.length : index;
};

/** How a cell of this field draws, where plain text is not enough. */
function cellRenderer(name: string, field: FieldDef, t: Translate<RecordsKey>): GridColDef<RecordRow>['renderCell'] {
  if (field.kind === 'phone') return (cell) => (typeof cell.row[name] === 'string' && cell.row[name] ? <PhoneLinks value={cell.row[name]} /> : null);
  if (field.kind === 'color')
    return (cell) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
        <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: String(cell.row[name] ?? 'transparent'), border: 1, borderColor: 'divider' }} />
        <span>{String(cell.row[name] ?? '')}</span>
      </Stack>
    );
  if (name === 'active') return (cell) => (cell.row.active === false ? <Chip size="small" label={t('inactive')} /> : <span>{t('active')}</span>);
  // <bdi>: a date, an amount or a code keeps its own order inside a right-to-left grid ("12 Jan 2027", "5,000.00 EGP").
  return (cell) => <bdi>{String(cell.value ?? '')}</bdi>;
}

/** Key columns (HLD-2026-00003, a cheque's number) are as wide as their longest value and header: never cut. */
function useKeyWidths(def: ResourceDef, allColumns: [string, FieldDef][], rows: RecordRow[]) {
  return useMemo(() => {
    const widths = new Map<string, number>();
    for (const [name, field] of allColumns) {
      if (!isKeyField(def, name)) continue;
      // A numbered document's number has a known shape, so the width holds before the rows arrive.
      const shape = def.numbering?.field === name ? [`${def.numbering.prefix}-0000-00000`] : [];
      widths.set(name, keyColumnWidth(field.label, [...shape, ...rows.map((row) => formatValue(field, row[name], row.refLabels?.[name]))]));
    }
    return widths;
  }, [allColumns, def, rows]);
}

/** The grid's columns: every readable field and the base columns, the view's shown first and the rest hidden. */
export function useListColumns(def: ResourceDef, rows: RecordRow[], state: ListState, phone: boolean) {
  const t = useT(recordsCatalog);
  const format = useFormat();
  const present = useMemo(() => {
    // Protected fields the user may not read are absent from every row: no column for them.
    const sample = rows[0];
    return (name: string) => !sample || name in sample || def.fields[name]?.kind === 'reference' || def.fields[name]?.kind === 'references';
  }, [rows, def]);

  const allColumns = useMemo(() => {
    const own = Object.entries(def.fields).filter(([name, field]) => !field.hidden && !(field.protected && !present(name)));
    const base = Object.entries(BASE_COLUMNS).filter(([name]) => name !== 'active' || def.hasActive !== false);
    return [...own, ...base] as [string, FieldDef][];
  }, [def, present]);

  const shown = useMemo(() => {
    const list = state.columns ?? def.listColumns;
    return phone ? list.slice(0, 2) : list;
  }, [state.columns, def.listColumns, phone]);

  const keyWidths = useKeyWidths(def, allColumns, rows);

  const columns = useMemo<GridColDef<RecordRow>[]>(
    () =>
      // The view's columns first, in its order; the rest follow, hidden, for the columns panel.
      [...allColumns].sort(([a], [b]) => rank(shown, a) - rank(shown, b)).map(([name, field]) => ({
        field: name,
        // The columns every record has (Active, Created on, Modified on) are the engine's words.
        headerName: !(name in def.fields) && name in BASE_COLUMNS ? t(BASE_KEYS[name as keyof typeof BASE_KEYS]) : field.label,
        sortable: field.sortable ?? !['json', 'references', 'longtext'].includes(field.kind),
        flex: state.widths[name] || keyWidths.has(name) ? undefined : name === labelFieldOf(def) ? 1.4 : 1,
        width: state.widths[name] ?? keyWidths.get(name),
        // An amount with its currency (12,700,000.00 EGP), a phone with its links (+201001234567 and
        // WhatsApp), a date with its year (24 Nov 2026, 14:30) and a key column are never cut.
        minWidth: keyWidths.get(name) ?? MIN_WIDTH[field.kind] ?? 110,
        // Numbers are formatted text (146,000.00 EGP), right-aligned as numbers read.
        type: 'string',
        ...(isNumberKind(field.kind) ? { align: 'right' as const, headerAlign: 'right' as const } : {}),
        valueGetter: (_value, row) => (typeof row[name] === 'boolean' ? t(row[name] ? 'yes' : 'no') : formatValue(field, row[name], row.refLabels?.[name], format)),
        renderCell: cellRenderer(name, field, t),
      })),
    [allColumns, def, state.widths, shown, keyWidths, t, format],
  );

  const visibility = useMemo<GridColumnVisibilityModel>(() => Object.fromEntries(allColumns.map(([name]) => [name, shown.includes(name)])), [allColumns, shown]);
  const sortable = useMemo(
    () => columns.filter((column) => column.sortable).map((column) => [column.field, column.headerName ?? column.field] as const),
    [columns],
  );
  const columnNames = useMemo(() => allColumns.map(([name]) => name), [allColumns]);
  return { columns, columnNames, shown, visibility, sortable };
}
