import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '@propdesk/i18n/react';
import type { ImportReport, ResourceDef } from '../model/index.js';
import { recordsCatalog } from './i18n/catalog.js';
import { useFormat } from './i18n/valueFormat.js';

const SHOWN_ERRORS = 100;

export type ImportReportViewProps = {
  def: ResourceDef;
  report: ImportReport;
  onDownloadBadRows: () => void;
};

/** The dry run's verdict: how many rows are good, and each bad row with its errors (the first 100). */
export function ImportReportView({ def, report, onDownloadBadRows }: ImportReportViewProps) {
  const t = useT(recordsCatalog);
  const format = useFormat();
  // English writes counts as before (1234); Arabic groups them with 0–9 (the translator would write Arabic-Indic digits).
  const n = (value: number) => (format.language === 'en' ? String(value) : format.count(value));
  return (
    <>
      <Alert severity={report.invalid === 0 ? 'success' : 'warning'} role="status">
        {t('importChecked', { total: n(report.total), valid: n(report.valid), invalid: n(report.invalid) })}
        {report.invalid === 0 ? t('importNewUpdates', { created: n(report.created), updated: n(report.updated) }) : t('importNothingWritten')}
      </Alert>
      {report.rows.length > 0 ? (
        <>
          <Table size="small" aria-label={t('rowsWithErrors')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('importRow')}</TableCell>
                <TableCell>{t('importErrors')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.slice(0, SHOWN_ERRORS).map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{n(row.row)}</TableCell>
                  <TableCell>{row.errors.map((error) => (error.field ? `${def.fields[error.field]?.label ?? error.field}: ${error.message}` : error.message)).join(t('errorsJoin'))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {report.rows.length > SHOWN_ERRORS ? <Typography variant="body2">{t('importMoreRows', { count: n(report.rows.length - SHOWN_ERRORS) })}</Typography> : null}
          <Box>
            <Button onClick={onDownloadBadRows}>{t('downloadBadRows')}</Button>
          </Box>
        </>
      ) : null}
    </>
  );
}
