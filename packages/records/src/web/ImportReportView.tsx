import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportReport, ResourceDef } from '../model/index.js';

const SHOWN_ERRORS = 100;

export type ImportReportViewProps = {
  def: ResourceDef;
  report: ImportReport;
  onDownloadBadRows: () => void;
};

/** The dry run's verdict: how many rows are good, and each bad row with its errors (the first 100). */
export function ImportReportView({ def, report, onDownloadBadRows }: ImportReportViewProps) {
  return (
    <>
      <Alert severity={report.invalid === 0 ? 'success' : 'warning'} role="status">
        {report.total} rows checked: {report.valid} good, {report.invalid} with errors
        {report.invalid === 0 ? ` (${report.created} new, ${report.updated} updates).` : '. Nothing was written.'}
      </Alert>
      {report.rows.length > 0 ? (
        <>
          <Table size="small" aria-label="Rows with errors">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Errors</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.slice(0, SHOWN_ERRORS).map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell>{row.errors.map((error) => (error.field ? `${def.fields[error.field]?.label ?? error.field}: ${error.message}` : error.message)).join('; ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {report.rows.length > SHOWN_ERRORS ? <Typography variant="body2">And {report.rows.length - SHOWN_ERRORS} more rows: download them to see all.</Typography> : null}
          <Box>
            <Button onClick={onDownloadBadRows}>Download the rows to fix</Button>
          </Box>
        </>
      ) : null}
    </>
  );
}
