import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toApiError } from '@propdesk/api-client';
import type { Translate } from '@propdesk/i18n';
import { useT } from '@propdesk/i18n/react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useBandRemindersQuery, useSendBandRemindersMutation } from './collectionsApi.web.js';
import { AGE_BANDS, type AgeBand, type BandReminders } from './model.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat } from '../../web/i18n/format.js';

const BAND_KEYS: Record<AgeBand, SalesKey> = { d0_30: 'coll.age0_30', d31_60: 'coll.age31_60', d61_90: 'coll.age61_90', d90: 'coll.age90' };

/** A count for a plural message: `count` chooses the form, `n` is written (Latin digits by default). */
const counted = (count: number, number: (value: number) => string) => ({ count, n: number(count) });

/** What the reminder would do, in a sentence per reason: counted by the server before anything is sent. */
function Reach({ counts, t }: { counts: BandReminders; t: Translate<SalesKey> }) {
  const { number } = useFormat();
  return (
    <Stack spacing={0.5} aria-live="polite" data-testid="band-reach">
      <Typography variant="body2">
        {t('remind.customers', counted(counts.customers, number))} <strong>{t('remind.willReceive', { n: number(counts.willReceive) })}</strong> {t('remind.theReminder')}
      </Typography>
      {counts.optedOut > 0 ? <Typography variant="body2">{t(counts.channel === 'email' ? 'remind.optedOutEmail' : 'remind.optedOutSms', { n: number(counts.optedOut) })}</Typography> : null}
      {counts.noAddress > 0 ? <Typography variant="body2">{t(counts.channel === 'email' ? 'remind.noEmail' : 'remind.noPhone', counted(counts.noAddress, number))}</Typography> : null}
      {counts.alreadyReminded > 0 ? <Typography variant="body2">{t('remind.already', counted(counts.alreadyReminded, number))}</Typography> : null}
    </Stack>
  );
}

/**
 * Reminds every customer of an age band at once (issue 28): the band, the channel and a project (or
 * all), then how many it reaches and why not the others, then "Send". Each customer is reminded of
 * their oldest installment in the band, once a day.
 */
export function RemindBandDialog({ projects, onClose }: { projects: { id: string; name: string }[]; onClose: () => void }) {
  const t = useT(salesCatalog);
  const { number } = useFormat();
  const [band, setBand] = useState<AgeBand>('d31_60');
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [project, setProject] = useState('');
  const args = { band, channel, project: project || null };
  const { data, error, isFetching } = useBandRemindersQuery(args, { refetchOnMountOrArgChange: true });
  const [send, { isLoading }] = useSendBandRemindersMutation();
  const { enqueueSnackbar } = useSnackbar();
  const sendNow = () =>
    send(args)
      .unwrap()
      .then((result) => {
        enqueueSnackbar(t('remind.queued', counted(result.willReceive, number)), { variant: 'success' });
        onClose();
      })
      .catch((failure: unknown) => enqueueSnackbar(toApiError(failure).message, { variant: 'error' }));
  const ready = data && !isFetching && data.band === band && data.channel === channel;
  return (
    <Dialog open onClose={onClose} aria-labelledby="remind-band-title" fullWidth maxWidth="sm">
      <DialogTitle id="remind-band-title">{t('remind.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('remind.daysLate')} value={band} onChange={(event) => setBand(event.target.value as AgeBand)} size="small">
            {AGE_BANDS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(BAND_KEYS[value])}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('remind.channel')} value={channel} onChange={(event) => setChannel(event.target.value as 'email' | 'sms')} size="small">
            <MenuItem value="email">{t('remind.email')}</MenuItem>
            <MenuItem value="sms">{t('remind.sms')}</MenuItem>
          </TextField>
          <TextField
            select
            label={t('remind.project')}
            value={project}
            onChange={(event) => setProject(event.target.value)}
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('remind.allProjects')}</MenuItem>
            {projects.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.name}
              </MenuItem>
            ))}
          </TextField>
          {error ? <Alert severity="error">{toApiError(error).message}</Alert> : null}
          {ready ? <Reach counts={data} t={t} /> : <Typography variant="body2">{t('remind.counting')}</Typography>}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('remind.note')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={sendNow} disabled={!ready || data.willReceive === 0 || isLoading}>
          {ready ? t('remind.send', counted(data.willReceive, number)) : t('remind.sendPlain')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
