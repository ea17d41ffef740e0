import { useState } from 'react';
import { parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { apiUrl } from '@propdesk/api-client';
import { writableFields, type ImportReport, type ResourceDef } from '../model/index.js';
import { serverError, useImportCsvMutation } from './api.js';
import { saveFile } from './download.js';
import { inSentence } from './nouns.js';

export type ImportDialogProps = {
  def: ResourceDef;
  open: boolean;
  canUpdate: boolean;
  onClose: () => void;
};

const SHOWN_ERRORS = 100;

/** Builds the file of bad rows: the original cells plus an Errors column, to fix and import again. */
export function badRowsCsv(csv: string, report: ImportReport, def: ResourceDef): string {
  const records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const [header = [], ...rows] = records;
  const byRow = new Map(report.rows.map((row) => [row.row, row.errors]));
  const label = (field: string) => def.fields[field]?.label ?? field;
  const bad = rows
    .map((cells, index) => ({ cells, errors: byRow.get(index + 2) }))
    .filter((row) => row.errors)
    .map((row) => [...row.cells, row.errors!.map((error) => (error.field ? `${label(error.field)}: ${error.message}` : error.message)).join('; ')]);
  return stringify([[...header, 'Errors'], ...bad]);
}

/** CSV import: upload, map columns to fields, a dry run that names every bad row, then an all-or-nothing import. */
export function ImportDialog({ def, open, canUpdate, onClose }: ImportDialogProps) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [key, setKey] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [runImport, { isLoading }] = useImportCsvMutation();
  const { enqueueSnackbar } = useSnackbar();
  const fields = writableFields(def).filter(([, field]) => !field.hidden);
  const keys = fields.filter(([, field]) => field.unique === true);

  const check = async (text: string, nextMapping: Record<string, string>, dryRun: boolean) => {
    setProblem(null);
    const result = await runImport({ resource: def.name, csv: text, dryRun, mapping: nextMapping, ...(key ? { key } : {}) });
    if ('error' in result) {
      const failure = serverError(result.error);
      setProblem(failure.errors.length > 0 ? failure.errors.map((error) => error.message).join(' ') : failure.message);
      return;
    }
    const next = result.data.data;
    setReport(next);
    if (!dryRun && next.committed) {
      enqueueSnackbar(`Imported ${next.created} new and ${next.updated} updated ${inSentence(def.label)}.`, { variant: 'success' });
      handleClose();
    }
  };

  const handleFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    setMapping({});
    setReport(null);
    await check(text, {}, true);
  };

  const handleClose = () => {
    setFile(null);
    setReport(null);
    setMapping({});
    setProblem(null);
    setKey('');
    onClose();
  };

  const columns = report?.columns ?? [];
  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">Import {inSentence(def.label)} from CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The first row names the columns. References are matched by name or code, as you write them. Nothing is written until every row is good.{' '}
            <Link href={apiUrl(`/api/${def.name}/import/template`)} download>
              Download a template
            </Link>
          </Typography>
          <Box>
            <Button variant="outlined" component="label">
              {file ? 'Choose another file' : 'Choose a CSV file'}
              <input hidden type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={(event) => void handleFile(event.target.files?.[0])} />
            </Button>
            {file ? (
              <Typography component="span" sx={{ ml: 2 }}>
                {file.name}
              </Typography>
            ) : null}
          </Box>
          {isLoading ? <LinearProgress aria-label="Checking the file" /> : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {report && file ? (
            <>
              <Table size="small" aria-label="Column mapping">
                <TableHead>
                  <TableRow>
                    <TableCell>Column in the file</TableCell>
                    <TableCell>Field</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {columns.map((column) => (
                    <TableRow key={column.column}>
                      <TableCell>{column.column}</TableCell>
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          fullWidth
                          aria-label={`Field for ${column.column}`}
                          value={mapping[column.column] ?? column.field ?? ''}
                          onChange={(event) => setMapping((current) => ({ ...current, [column.column]: event.target.value }))}
                        >
                          <MenuItem value="">Do not import</MenuItem>
                          {fields.map(([name, field]) => (
                            <MenuItem key={name} value={name}>
                              {field.label}
                            </MenuItem>
                          ))}
                          {def.hasActive !== false ? <MenuItem value="active">Active</MenuItem> : null}
                        </TextField>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {canUpdate && keys.length > 0 ? (
                <TextField select size="small" label="Update existing records matched by" value={key} onChange={(event) => setKey(event.target.value)} sx={{ maxWidth: 360 }}>
                  <MenuItem value="">Nothing: every row is new</MenuItem>
                  {keys.map(([name, field]) => (
                    <MenuItem key={name} value={name}>
                      {field.label}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
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
                  {report.rows.length > SHOWN_ERRORS ? (
                    <Typography variant="body2">And {report.rows.length - SHOWN_ERRORS} more rows: download them to see all.</Typography>
                  ) : null}
                  <Box>
                    <Button onClick={() => saveFile(new Blob([`\ufeff${badRowsCsv(file.text, report, def)}`], { type: 'text/csv;charset=utf-8' }), `${def.name}-rows-to-fix.csv`)}>Download the rows to fix</Button>
                  </Box>
                </>
              ) : null}
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose}>Cancel</Button>
        {file ? (
          <Button disabled={isLoading} onClick={() => void check(file.text, mapping, true)}>
            Check again
          </Button>
        ) : null}
        <Button variant="contained" disabled={!file || !report || report.invalid > 0 || report.valid === 0 || isLoading} onClick={() => file && void check(file.text, mapping, false)}>
          {report && report.invalid === 0 ? `Import ${report.valid} rows` : 'Import'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
