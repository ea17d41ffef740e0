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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiUrl } from '@propdesk/api-client';
import { writableFields, type ImportReport, type ResourceDef } from '../model/index.js';
import { saveFile } from './download.js';
import { ImportMapping } from './ImportMapping.js';
import { ImportReportView } from './ImportReportView.js';
import { inSentence } from './nouns.js';
import { useCsvImport } from './useCsvImport.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type ImportDialogProps = {
  def: ResourceDef;
  open: boolean;
  canUpdate: boolean;
  onClose: () => void;
};

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
  const t = useT(recordsCatalog);
  const { file, mapping, mapColumn, key, setKey, report, problem, isLoading, check, handleFile, handleClose } = useCsvImport(def, onClose);
  const fields = writableFields(def).filter(([, field]) => !field.hidden);
  const keys = fields.filter(([, field]) => field.unique === true);

  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">Import {inSentence(def.label)} from CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The first row names the columns. References are matched by name or code, as you write them. Nothing is written until every row is good.{' '}
            <Link href={apiUrl(`/api/${def.name}/import/template`)} download>
              {t('downloadTemplate')}
            </Link>
          </Typography>
          <Box>
            <Button variant="outlined" component="label">
              {file ? t('chooseAnotherFile') : t('chooseFile')}
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
              <ImportMapping def={def} columns={report.columns} fields={fields} mapping={mapping} onChange={mapColumn} />
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
              <ImportReportView def={def} report={report} onDownloadBadRows={() => saveFile(new Blob([`\ufeff${badRowsCsv(file.text, report, def)}`], { type: 'text/csv;charset=utf-8' }), `${def.name}-rows-to-fix.csv`)} />
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose}>{t('cancel')}</Button>
        {file ? (
          <Button disabled={isLoading} onClick={() => void check(file.text, mapping, true)}>
            {t('checkAgain')}
          </Button>
        ) : null}
        <Button variant="contained" disabled={!file || !report || report.invalid > 0 || report.valid === 0 || isLoading} onClick={() => file && void check(file.text, mapping, false)}>
          {report && report.invalid === 0 ? t('importRows', { count: report.valid }) : t('import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
