import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { ReferencePicker, requestErrorMessage } from '@propdesk/records/web';
import { numberFromText, type RepricePreview } from '../../model/unitTools.js';
import { useRepriceUnitsMutation } from './unitToolsApi.js';
import { useUnitWords } from './unitWords.js';
import { dataText } from '@propdesk/i18n/react';

export type RepriceDialogProps = { open: boolean; projectId: string | null; onClose: (changed: boolean) => void };

/** Base prices of a project or block changed by a percentage, previewed before they are applied. */
export function RepriceDialog({ open, projectId, onClose }: RepriceDialogProps) {
  const [project, setProject] = useState<string | null>(projectId);
  const [block, setBlock] = useState('');
  const [percent, setPercent] = useState('5');
  const [preview, setPreview] = useState<RepricePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const [repriceUnits] = useRepriceUnitsMutation();
  const { t, language, count, money } = useUnitWords();
  // A unit's code is data: kept left to right in an Arabic table.
  const code = (value: string) => (language === 'ar' ? <bdi dir="ltr">{value}</bdi> : value);
  // The input holds text; the body carries the percentage as a JSON number.
  const change = numberFromText(percent);
  const readable = typeof change === 'number' && change !== 0;

  const send = async (dryRun: boolean) => {
    // Both buttons are disabled until a project and a percentage are given (a change of either drops the preview).
    if (!project || typeof change !== 'number') return;
    setBusy(true);
    setError(null);
    try {
      // Applied (not a preview), it refreshes the units' list and grid (the endpoint's tags).
      const response = await repriceUnits({ project, ...(block.trim() ? { block: block.trim() } : {}), percent: change, dryRun }).unwrap();
      if (dryRun) setPreview(response.data);
      else {
        enqueueSnackbar(response.message ?? t('reprice.changed'), { variant: 'success' });
        onClose(true);
      }
    } catch (problem) {
      setError(requestErrorMessage(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="reprice-title">
      <DialogTitle id="reprice-title">{t('reprice.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <ReferencePicker resource="projects" name="reprice-project" label={t('units.project')} required value={project} onChange={(next) => { setProject(next as string | null); setPreview(null); }} />
          <Stack direction="row" spacing={2}>
            <TextField size="small" label={t('reprice.block')} value={block} onChange={(event) => { setBlock(event.target.value); setPreview(null); }} />
            <TextField size="small" label={t('reprice.change')} value={percent} error={percent.trim() !== '' && typeof change !== 'number'} helperText={percent.trim() !== '' && typeof change !== 'number' ? t('reprice.mustBeNumber') : t('reprice.negative')} onChange={(event) => { setPercent(event.target.value); setPreview(null); }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          </Stack>
          <Alert severity="info">{t('reprice.onlyAvailable')}</Alert>
          {preview ? (
            <>
              <Alert severity="success" role="status">
                {dataText(language, (params) => t('reprice.summary', params), { count: preview.count, n: count(preview.count) }, {
                  before: money(Number(preview.totalBefore)),
                  after: money(Number(preview.totalAfter)),
                })}
              </Alert>
              <Table size="small" aria-label={t('reprice.table')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('reprice.unit')}</TableCell>
                    <TableCell align="right">{t('reprice.now')}</TableCell>
                    <TableCell align="right">{t('reprice.new')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.sample.slice(0, 10).map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{code(row.code)}</TableCell>
                      <TableCell align="right">{money(Number(row.before))}</TableCell>
                      <TableCell align="right">{money(Number(row.after))}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('units.cancel')}</Button>
        <Button disabled={busy || !project || !readable} onClick={() => void send(true)}>
          {t('units.preview')}
        </Button>
        <Button variant="contained" color="warning" disabled={busy || !preview || preview.count === 0} onClick={() => void send(false)}>
          {preview ? t('reprice.changeCount', { count: preview.count, n: count(preview.count) }) : t('reprice.changePrices')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
