import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { ReferencePicker, requestErrorMessage } from '@propdesk/records/web';
import { unitCodes, unitPatternSchema, wholeNumberFromText, type GeneratePreview } from '../../model/unitTools.js';
import { useGenerateUnitsMutation } from './unitToolsApi.js';
import { useUnitWords } from './unitWords.js';
import { dataText } from '@propdesk/i18n/react';

export type GenerateUnitsDialogProps = { open: boolean; projectId: string | null; onClose: (created: boolean) => void };

/** A block's units from a pattern (floors × units per floor), previewed before they are created. */
export function GenerateUnitsDialog({ open, projectId, onClose }: GenerateUnitsDialogProps) {
  const [form, setForm] = useState<Record<string, string>>({ block: 'G', fromFloor: '0', toFloor: '9', unitsPerFloor: '6', codePattern: '{block}-{floor}{unit}', areaM2: '', basePrice: '' });
  const [project, setProject] = useState<string | null>(projectId);
  const [unitType, setUnitType] = useState<string | null>(null);
  const [preview, setPreview] = useState<GeneratePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const [generateUnits] = useGenerateUnitsMutation();
  const { t, language, count } = useUnitWords();
  const set = (name: string) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [name]: event.target.value }));
    setPreview(null);
  };
  // The inputs hold text; the body is typed JSON (floors and counts as numbers), as the server requires.
  const body = {
    ...form,
    fromFloor: wholeNumberFromText(form.fromFloor ?? ''),
    toFloor: wholeNumberFromText(form.toFloor ?? ''),
    unitsPerFloor: wholeNumberFromText(form.unitsPerFloor ?? ''),
    project,
    unitType,
    areaM2: form.areaM2?.trim() || null,
    basePrice: form.basePrice?.trim().replace(/,/g, '') || null,
  };
  const parsed = unitPatternSchema.safeParse(body);
  const localCodes = parsed.success ? unitCodes(parsed.data) : [];

  const send = async (dryRun: boolean) => {
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('gen.checkPattern'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // Applied (not a preview), it refreshes the units' list and grid (the endpoint's tags).
      const response = await generateUnits({ ...parsed.data, dryRun }).unwrap();
      if (dryRun) setPreview(response.data);
      else {
        enqueueSnackbar(response.message ?? t('gen.created'), { variant: 'success' });
        onClose(true);
      }
    } catch (problem) {
      setError(requestErrorMessage(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="md" aria-labelledby="generate-title">
      <DialogTitle id="generate-title">{t('gen.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            <ReferencePicker resource="projects" name="gen-project" label={t('units.project')} required value={project} onChange={(next) => { setProject(next as string | null); setPreview(null); }} />
            <TextField size="small" label={t('gen.block')} required value={form.block} onChange={set('block')} />
            <ReferencePicker resource="unit-types" name="gen-unit-type" label={t('gen.unitType')} value={unitType} onChange={(next) => setUnitType(next as string | null)} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
            <TextField size="small" label={t('gen.firstFloor')} required value={form.fromFloor} onChange={set('fromFloor')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <TextField size="small" label={t('gen.lastFloor')} required value={form.toFloor} onChange={set('toFloor')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <TextField size="small" label={t('gen.unitsPerFloor')} required value={form.unitsPerFloor} onChange={set('unitsPerFloor')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            <TextField size="small" label={t('gen.codePattern')} required value={form.codePattern} onChange={set('codePattern')} helperText={dataText(language, (params) => t('gen.codePatternHelp', params), {}, { block: '{block}', floor: '{floor}', unit: '{unit}', example: '{block}-{floor}{unit}' })} />
            <TextField size="small" label={t('gen.area')} value={form.areaM2} onChange={set('areaM2')} />
            <TextField size="small" label={t('gen.basePrice')} value={form.basePrice} onChange={set('basePrice')} />
          </Box>
          {!parsed.success && project ? <Alert severity="info">{parsed.error.issues[0]?.message}</Alert> : null}
          {localCodes.length > 0 ? (
            <Typography variant="body2">
              {dataText(language, (params) => t('gen.codes', params), { count: localCodes.length, n: count(localCodes.length) }, {
                codes: `${localCodes.slice(0, 6).map((item) => item.code).join(', ')}${localCodes.length > 6 ? ` … ${localCodes.at(-1)?.code}` : ''}`,
              })}
            </Typography>
          ) : null}
          {preview ? (
            <Alert severity={preview.clashes.length > 0 ? 'warning' : 'success'} role="status">
              {preview.clashes.length > 0
                ? dataText(language, (params) => t('gen.clashes', params), { clashes: count(preview.clashes.length), total: count(preview.count) }, { codes: preview.clashes.slice(0, 5).join(', ') })
                : t('gen.checked', { count: preview.count, n: count(preview.count) })}
            </Alert>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('units.cancel')}</Button>
        <Button disabled={busy || !parsed.success} onClick={() => void send(true)}>
          {t('units.preview')}
        </Button>
        <Button variant="contained" disabled={busy || !preview || preview.clashes.length > 0} onClick={() => void send(false)}>
          {preview ? t('gen.createCount', { count: preview.count, n: count(preview.count) }) : t('gen.createUnits')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
