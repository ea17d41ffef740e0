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
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useBandRemindersQuery, useSendBandRemindersMutation } from './collectionsApi.web.js';
import { AGE_BANDS, type AgeBand, type BandReminders } from './model.js';

export const BAND_LABELS: Record<AgeBand, string> = { d0_30: '0–30 days', d31_60: '31–60 days', d61_90: '61–90 days', d90: 'Over 90 days' };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the reminder would do, in a sentence per reason: counted by the server before anything is sent. */
function Reach({ counts }: { counts: BandReminders }) {
  const address = counts.channel === 'email' ? 'e-mail address' : 'phone';
  return (
    <Stack spacing={0.5} aria-live="polite" data-testid="band-reach">
      <Typography variant="body2">
        {plural(counts.customers, 'customer is', 'customers are')} in this band: <strong>{plural(counts.willReceive, 'will receive', 'will receive')}</strong> the reminder.
      </Typography>
      {counts.optedOut > 0 ? <Typography variant="body2">{plural(counts.optedOut, 'opted out', 'opted out')} of {counts.channel === 'email' ? 'e-mails' : 'SMS'} (written as skipped).</Typography> : null}
      {counts.noAddress > 0 ? <Typography variant="body2">{plural(counts.noAddress, `has no ${address}`, `have no ${address}`)} (written as skipped).</Typography> : null}
      {counts.alreadyReminded > 0 ? <Typography variant="body2">{plural(counts.alreadyReminded, 'was', 'were')} already reminded today.</Typography> : null}
    </Stack>
  );
}

/**
 * Reminds every customer of an age band at once (issue 28): the band, the channel and a project (or
 * all), then how many it reaches and why not the others, then "Send". Each customer is reminded of
 * their oldest installment in the band, once a day.
 */
export function RemindBandDialog({ projects, onClose }: { projects: { id: string; name: string }[]; onClose: () => void }) {
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
        enqueueSnackbar(`${plural(result.willReceive, 'reminder', 'reminders')} queued.`, { variant: 'success' });
        onClose();
      })
      .catch((failure: unknown) => enqueueSnackbar(toApiError(failure).message, { variant: 'error' }));
  const ready = data && !isFetching && data.band === band && data.channel === channel;
  return (
    <Dialog open onClose={onClose} aria-labelledby="remind-band-title" fullWidth maxWidth="sm">
      <DialogTitle id="remind-band-title">Remind an age band</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Days late" value={band} onChange={(event) => setBand(event.target.value as AgeBand)} size="small">
            {AGE_BANDS.map((value) => (
              <MenuItem key={value} value={value}>
                {BAND_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Channel" value={channel} onChange={(event) => setChannel(event.target.value as 'email' | 'sms')} size="small">
            <MenuItem value="email">E-mail</MenuItem>
            <MenuItem value="sms">SMS</MenuItem>
          </TextField>
          <TextField
            select
            label="Project"
            value={project}
            onChange={(event) => setProject(event.target.value)}
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All projects</MenuItem>
            {projects.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.name}
              </MenuItem>
            ))}
          </TextField>
          {error ? <Alert severity="error">{toApiError(error).message}</Alert> : null}
          {ready ? <Reach counts={data} /> : <Typography variant="body2">Counting…</Typography>}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Each customer gets the overdue reminder of their oldest installment in the band, in their language; a customer already reminded today is not sent it again.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={sendNow} disabled={!ready || data.willReceive === 0 || isLoading}>
          {ready ? `Send ${plural(data.willReceive, 'reminder', 'reminders')}` : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
