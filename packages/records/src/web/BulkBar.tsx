import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { valueSchema, writableFields, type FilterNode, type ResourceDef } from '../model/index.js';
import { serverError, useBulkChangeMutation } from './api.js';
import { ExportMenu } from './ExportMenu.js';
import { countText } from './format.js';
import { FieldInput } from './FieldInput.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useFormat } from './i18n/valueFormat.js';

export type BulkBarProps = {
  def: ResourceDef;
  selected: readonly string[];
  /** True when the user chose every row the filter matches, not just the visible ones. */
  allMatching: boolean;
  total: number;
  /** False when the list's total is a lower bound (the server stops counting on big tables). */
  totalExact?: boolean;
  pageCount: number;
  filter: { where: FilterNode | null; q: string; active: string };
  params: Record<string, string>;
  columns: readonly string[];
  canUpdate: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
};


/** Actions on the selected rows, or on every row the filter matches. */
export function BulkBar({ def, selected, allMatching, total, totalExact = true, pageCount, filter, params, columns, canUpdate, onSelectAllMatching, onClear }: BulkBarProps) {
  const t = useT(recordsCatalog);
  const format = useFormat();
  // Counts as each language writes them: English as before (1,234; "more than 1,000"), Arabic with 0–9.
  const n = (value: number) => format.count(value);
  const about = (value: number, exact: boolean) => (format.language === 'en' ? countText(value, exact) : exact ? n(value) : t('moreThan', { count: n(value) }));
  const [bulk, { isLoading }] = useBulkChangeMutation();
  const [setOpen, setSetOpen] = useState(false);
  const [field, setField] = useState('');
  const [value, setValue] = useState<unknown>('');
  const [error, setError] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const count = allMatching ? total : selected.length;
  const target = allMatching
    ? { ...(filter.where ? { where: filter.where } : {}), ...(filter.q ? { q: filter.q } : {}), active: filter.active }
    : { ids: [...selected] };
  const fields = writableFields(def).filter(([, spec]) => !spec.unique && !spec.hidden && !spec.protected && spec.kind !== 'json');

  const run = async (body: Record<string, unknown>) => {
    setError(null);
    const result = await bulk({ resource: def.name, body: { ...target, ...body } });
    if ('error' in result) {
      const failure = serverError(result.error);
      const message = failure.errors[0]?.message ?? failure.message;
      if (setOpen) setError(message);
      else enqueueSnackbar(message, { variant: 'error' });
      return;
    }
    enqueueSnackbar(result.data.message ?? t('done'), { variant: 'success' });
    setSetOpen(false);
    onClear();
  };

  const exportParams = allMatching ? params : { ...params, ids: selected.join(',') };
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, bgcolor: 'action.selected' }} role="region" aria-label={t('bulkRegion')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {allMatching ? (totalExact ? t('bulkAllSelected', { n: n(total) }) : t('bulkAllSelectedAbout', { n: about(total, false) })) : t('selected', { count: selected.length })}
        </Typography>
        {!allMatching && selected.length >= pageCount && total > selected.length ? (
          <Button size="small" onClick={onSelectAllMatching}>
            {t('bulkSelectAll', { n: about(total, totalExact) })}
          </Button>
        ) : null}
        {canUpdate && def.hasActive !== false ? (
          <>
            <Button size="small" disabled={isLoading} onClick={() => void run({ action: 'activate' })}>
              {t('activate')}
            </Button>
            <Button size="small" disabled={isLoading} onClick={() => void run({ action: 'deactivate' })}>
              {t('deactivate')}
            </Button>
          </>
        ) : null}
        {canUpdate && fields.length > 0 ? (
          <Button size="small" disabled={isLoading} onClick={() => setSetOpen(true)}>
            {t('bulkChange')}
          </Button>
        ) : null}
        <ExportMenu resource={def.name} params={exportParams} columns={columns} total={count} totalExact={!allMatching || totalExact} label={t('exportSelected')} />
        <Button size="small" onClick={onClear}>
          {t('clearSelection')}
        </Button>
      </Stack>
      <Dialog open={setOpen} onClose={() => setSetOpen(false)} fullWidth maxWidth="sm" aria-labelledby="bulk-set-title">
        <DialogTitle id="bulk-set-title">{t('bulkChangeTitle', { n: n(count), count })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label={t('field')}
              value={field}
              onChange={(event) => {
                setField(event.target.value);
                setValue('');
              }}
              size="small"
            >
              {fields.map(([name, spec]) => (
                <MenuItem key={name} value={name}>
                  {spec.label}
                </MenuItem>
              ))}
            </TextField>
            {field && def.fields[field] ? (
              <FieldInput name="bulk-value" field={{ ...def.fields[field]!, label: t('bulkNewValue') }} value={value} onChange={(next) => setValue(next)} onBlur={() => undefined} />
            ) : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSetOpen(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={!field || isLoading}
            onClick={() => {
              // The input holds text; the body carries the typed value (a number as a number).
              const spec = def.fields[field];
              const empty = value === '' || value === null || value === undefined;
              const parsed = spec && !empty ? valueSchema(spec, 'text').safeParse(value) : null;
              if (parsed && !parsed.success) {
                setError(parsed.error.issues[0]?.message ?? t('bulkInvalid'));
                return;
              }
              void run({ action: 'set', field, value: parsed ? parsed.data : null });
            }}
          >
            {t('bulkChangeRows', { n: n(count), count })}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
