import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormExtension, ResourcePageProps } from '@propdesk/records/web';
import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_SECRET_MIN_LENGTH } from '../../model/definitions/webhooks.js';
import { useRedeliverWebhookMutation, useWebhookDeliveriesQuery } from './webhookApi.js';

const secret = z.string().min(WEBHOOK_SECRET_MIN_LENGTH, { error: `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters` }).max(200);

/** The secret (asked on create, replaced on edit only when typed) and the events as check boxes. */
const webhookForm: FormExtension = {
  create: { secret },
  update: { secret: secret.optional() },
  defaults: (record) => (record ? {} : { secret: '' }),
  draws: ['events'],
  render: ({ record, values, errors, editing, setValue }) => {
    const events = Array.isArray(values.events) ? (values.events as string[]) : [];
    const toggle = (event: string) => setValue('events', events.includes(event) ? events.filter((e) => e !== event) : [...events, event]);
    return (
      <Stack spacing={2}>
        <div>
          <Typography variant="subtitle2">Events</Typography>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel key={event} control={<Checkbox size="small" checked={events.includes(event)} onChange={() => toggle(event)} />} label={event} />
          ))}
          {errors.events ? <FormHelperText error>{errors.events}</FormHelperText> : null}
        </div>
        <TextField
          id="field-secret"
          name="secret"
          type="password"
          autoComplete="new-password"
          label={editing ? 'New secret' : 'Secret'}
          required={!editing}
          size="small"
          fullWidth
          value={String(values.secret ?? '')}
          onChange={(event) => setValue('secret', event.target.value === '' && editing ? undefined : event.target.value)}
          error={Boolean(errors.secret)}
          helperText={
            errors.secret ??
            (editing
              ? `Kept unless you type a new one (now ${String(record?.secretHint ?? '')}).`
              : `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters; signs every delivery (X-Propdesk-Signature). It is never shown again.`)
          }
        />
      </Stack>
    );
  },
};

function Deliveries({ id }: { id: string }) {
  const { data, isLoading, refetch } = useWebhookDeliveriesQuery(id);
  const [redeliver, { isLoading: sending }] = useRedeliverWebhookMutation();
  const rows = data?.data ?? [];
  return (
    <Stack spacing={1} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6">Deliveries</Typography>
        <Button size="small" onClick={() => void refetch()}>
          Refresh
        </Button>
      </Stack>
      {isLoading ? null : rows.length === 0 ? (
        <Typography color="text.secondary">Nothing sent yet.</Typography>
      ) : (
        <Table size="small" aria-label="Deliveries">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Tries</TableCell>
              <TableCell>Last answer</TableCell>
              <TableCell>Written</TableCell>
              <TableCell>Next try</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.event}</TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell>{row.attempts}</TableCell>
                <TableCell>{row.lastError ?? row.lastCode ?? ''}</TableCell>
                <TableCell>{new Date(row.createdAt).toLocaleString()}</TableCell>
                <TableCell>{row.nextAttemptAt ? new Date(row.nextAttemptAt).toLocaleString() : ''}</TableCell>
                <TableCell>
                  <Button size="small" disabled={sending} onClick={() => void redeliver({ id, delivery: row.id })}>
                    Send again
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** The webhooks screen adds the secret and events to the form, and the deliveries under a webhook's view. */
export const webhookExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  formExtension: webhookForm,
  renderExtra: (record) => <Deliveries id={String(record.id)} />,
};
