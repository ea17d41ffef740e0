import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useT } from '@propdesk/i18n/react';
import type { FieldDef, ImportReport, ResourceDef } from '../model/index.js';
import { recordsCatalog } from './i18n/catalog.js';

export type ImportMappingProps = {
  def: ResourceDef;
  columns: ImportReport['columns'];
  /** The fields a column may fill: name and definition. */
  fields: readonly (readonly [string, FieldDef])[];
  /** The user's choices, by column; a column not in it keeps the server's guess. */
  mapping: Record<string, string>;
  onChange: (column: string, field: string) => void;
};

/** Which field each column of the file fills, or "Do not import". */
export function ImportMapping({ def, columns, fields, mapping, onChange }: ImportMappingProps) {
  const t = useT(recordsCatalog);
  return (
    <Table size="small" aria-label={t('columnMapping')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('columnInFile')}</TableCell>
          <TableCell>{t('field')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {columns.map((column) => (
          <TableRow key={column.column}>
            <TableCell>{column.column}</TableCell>
            <TableCell>
              <TextField select size="small" fullWidth aria-label={t('fieldFor', { column: column.column })} value={mapping[column.column] ?? column.field ?? ''} onChange={(event) => onChange(column.column, event.target.value)}>
                <MenuItem value="">{t('doNotImport')}</MenuItem>
                {fields.map(([name, field]) => (
                  <MenuItem key={name} value={name}>
                    {field.label}
                  </MenuItem>
                ))}
                {def.hasActive !== false ? <MenuItem value="active">{t('active')}</MenuItem> : null}
              </TextField>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
