import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSelector } from 'react-redux';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { isShown, recordLink, type FieldDef, type RecordRow, type ResourceDef } from '../model/index.js';
import { formatValue } from './format.js';
import { PhoneLinks } from './PhoneLinks.js';
import { findResource } from './registry.js';
import { RowsTable } from './RowsTable.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useFormat } from './i18n/valueFormat.js';

export type RecordFieldsProps = {
  def: ResourceDef;
  record: RecordRow;
};

/** A record's fields as a list of terms and values, with when it was created and last changed. */
export function RecordFields({ def, record }: RecordFieldsProps) {
  // Fields that apply only to another choice (a fixed amount on a percentage commission) are not shown.
  const fields = Object.entries(def.fields).filter(([name, field]) => name in record && !field.hidden && isShown(field, record));
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const t = useT(recordsCatalog);
  const format = useFormat();
  // A reference opens the record it names, for whoever may read it (the commission's contract).
  const referenceRoute = (field: FieldDef, value: unknown): string | null => {
    if (field.kind !== 'reference' || typeof value !== 'string' || !value) return null;
    const target = field.ref ? findResource(field.ref) : undefined;
    if (!target?.route || !(target.readOpen || checker.can(target.entity, 'read'))) return null;
    return recordLink(target.route, value);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        {fields.map(([name, field]) => (
          // A table field (rows with columns) takes the whole width: its columns need the room.
          <Box key={name} sx={field.columns ? { gridColumn: '1 / -1' } : undefined}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {field.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: field.kind === 'longtext' ? 'pre-wrap' : undefined }}>
              {field.kind === 'color' && record[name] ? (
                <Box component="span" sx={{ display: 'inline-block', width: 14, height: 14, borderRadius: '3px', bgcolor: String(record[name]), mr: 1, verticalAlign: 'middle', border: 1, borderColor: 'divider' }} />
              ) : null}
              {field.columns ? (
                <RowsTable field={field} value={record[name]} />
              ) : field.kind === 'phone' && typeof record[name] === 'string' && record[name] ? (
                <PhoneLinks value={record[name]} />
              ) : referenceRoute(field, record[name]) ? (
                <Link component={RouterLink} to={referenceRoute(field, record[name])!}>
                  {/* The record it names is data, as typed (a customer's name in Latin letters inside Arabic text). */}
                  <bdi>{formatValue(field, record[name], record.refLabels[name], format) || String(record[name])}</bdi>
                </Link>
              ) : (
                // <bdi>: a date, an amount or a code keeps its own order inside right-to-left text ("12 Jan 2027", "5,000.00 EGP").
                <bdi>{(typeof record[name] === 'boolean' ? t(record[name] ? 'yes' : 'no') : formatValue(field, record[name], record.refLabels[name], format)) || field.emptyText || '—'}</bdi>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
        {t('stamps', { created: format.dateTime(record.createdOn), modified: format.dateTime(record.modifiedOn), version: String(record.version) })}
      </Typography>
    </Paper>
  );
}
