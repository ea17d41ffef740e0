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
import { useFormat } from './i18n/valueFormat.js';

export type ImportDialogProps = {
  def: ResourceDef;
  open: boolean;
  canUpdate: boolean;
  onClose: () => void;
};

/** Builds the file of bad rows: the original cells plus an Errors column, to fix and import again. */
export function badRowsCsv(csv: string, report: ImportReport, def: ResourceDef, errorsHeader = 'Errors'): string {
  const records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const [header = [], ...rows] = records;
  const byRow = new Map(report.rows.map((row) => [row.row, row.errors]));
  const label = (field: string) => def.fields[field]?.label ?? field;
  const bad = rows
    .map((cells, index) => ({ cells, errors: byRow.get(index + 2) }))
    .filter((row) => row.errors)
    .map((row) => [...row.cells, row.errors!.map((error) => (error.field ? `${label(error.field)}: ${error.message}` : error.message)).join('; ')]);
  return stringify([[...header, errorsHeader], ...bad]);
}

/** CSV import: upload, map columns to fields, a dry run that names every bad row, then an all-or-nothing import. */
export function ImportDialog({ def, open, canUpdate, onClose }: ImportDialogProps) {
  const t = useT(recordsCatalog);
  const english = useFormat().language === 'en';
  const { file, mapping, mapColumn, key, setKey, report, problem, isLoading, check, handleFile, handleClose } = useCsvImport(def, onClose);
  const fields = writableFields(def).filter(([, field]) => !field.hidden);
  const keys = fields.filter(([, field]) => field.unique === true);

  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{t('importTitle', { label: english ? inSentence(def.label) : def.label })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('importHelp')}{' '}
            <Link href={apiUrl(`/api/${def.name}/import/template`)} download>
              {t('downloadTemplate')}
            </Link>
          </Typography>
          <Box>
            <Button variant="outlined" component="label">
              {file ? t('chooseAnotherFile') : t('chooseFile')}
              <input hidden type="file" accept=".csv,text/csv" aria-label={t('csvFile')} onChange={(event) => void handleFile(event.target.files?.[0])} />
            </Button>
            {file ? (
              <Typography component="span" sx={{ ml: 2 }}>
                {file.name}
              </Typography>
            ) : null}
          </Box>
          {isLoading ? <LinearProgress aria-label={t('checkingFile')} /> : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {report && file ? (
            <>
              <ImportMapping def={def} columns={report.columns} fields={fields} mapping={mapping} onChange={mapColumn} />
              {canUpdate && keys.length > 0 ? (
                <TextField select size="small" label={t('importUpdateBy')} value={key} onChange={(event) => setKey(event.target.value)} sx={{ maxWidth: 360 }}>
                  <MenuItem value="">{t('importAllNew')}</MenuItem>
                  {keys.map(([name, field]) => (
                    <MenuItem key={name} value={name}>
                      {field.label}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              <ImportReportView def={def} report={report} onDownloadBadRows={() => saveFile(new Blob([`\ufeff${badRowsCsv(file.text, report, def, t('importErrors'))}`], { type: 'text/csv;charset=utf-8' }), `${def.name}-rows-to-fix.csv`)} />
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
