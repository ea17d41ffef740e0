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
import { formatNumber, type Language } from '@propdesk/i18n';
import { dataText, useLanguage, useT } from '@propdesk/i18n/react';
import type { ReactNode } from 'react';
import { settingsWebCatalog } from '../i18n/catalog.js';
import type { ScreensKey } from '../i18n/screens.en.js';

/** A code (an event's name, a delivery's status) kept left to right in Arabic; as it was in English. */
const code = (language: Language, value: ReactNode) => (language === 'ar' ? <bdi dir="ltr">{value}</bdi> : value);

/** A time as the browser wrote it in English; in Arabic with the month's name and Latin digits. */
const when = (language: Language, iso: string) =>
  language === 'en'
    ? new Date(iso).toLocaleString()
    : new Intl.DateTimeFormat('ar-EG-u-nu-latn', { day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

const secret = z.string().min(WEBHOOK_SECRET_MIN_LENGTH, { error: `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters` }).max(200);

/** The secret (asked on create, replaced on edit only when typed) and the events as check boxes. */
const webhookForm: FormExtension = {
  create: { secret },
  update: { secret: secret.optional() },
  defaults: (record) => (record ? {} : { secret: '' }),
  draws: ['events'],
  render: (props) => <WebhookFormFields {...props} />,
};

/** The events and the secret, in the page's language (an event's name is a code: left as it is). */
function WebhookFormFields({ record, values, errors, editing, setValue }: Parameters<FormExtension['render']>[0]) {
  const t = useT(settingsWebCatalog);
  const language = useLanguage();
  const events = Array.isArray(values.events) ? (values.events as string[]) : [];
  const toggle = (event: string) => setValue('events', events.includes(event) ? events.filter((e) => e !== event) : [...events, event]);
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="subtitle2">{t('hooks.events')}</Typography>
        {WEBHOOK_EVENTS.map((event) => (
          <FormControlLabel key={event} control={<Checkbox size="small" checked={events.includes(event)} onChange={() => toggle(event)} />} label={code(language, event)} />
        ))}
        {errors.events ? <FormHelperText error>{errors.events}</FormHelperText> : null}
      </div>
      <TextField
        id="field-secret"
        name="secret"
        type="password"
        autoComplete="new-password"
        label={editing ? t('hooks.newSecret') : t('hooks.secret')}
        required={!editing}
        size="small"
        fullWidth
        value={String(values.secret ?? '')}
        onChange={(event) => setValue('secret', event.target.value === '' && editing ? undefined : event.target.value)}
        error={Boolean(errors.secret)}
        helperText={
          errors.secret ??
          (editing
            ? dataText(language, (params) => t('hooks.kept', params), {}, { hint: String(record?.secretHint ?? '') })
            : t('hooks.secretHelp', { n: formatNumber(WEBHOOK_SECRET_MIN_LENGTH, language) }))
        }
      />
    </Stack>
  );
}

function Deliveries({ id }: { id: string }) {
  const { data, isLoading, refetch } = useWebhookDeliveriesQuery(id);
  const [redeliver, { isLoading: sending }] = useRedeliverWebhookMutation();
  const rows = data?.data ?? [];
  const t = useT(settingsWebCatalog);
  const language = useLanguage();
  const status = (value: string) => {
    const key = `hooks.state.${value}` as ScreensKey;
    const word = t(key);
    return language === 'en' || word === key ? value : word;
  };
  return (
    <Stack spacing={1} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6">{t('hooks.deliveries')}</Typography>
        <Button size="small" onClick={() => void refetch()}>
          {t('hooks.refresh')}
        </Button>
      </Stack>
      {isLoading ? null : rows.length === 0 ? (
        <Typography color="text.secondary">{t('hooks.nothingSent')}</Typography>
      ) : (
        <Table size="small" aria-label={t('hooks.deliveries')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('hooks.event')}</TableCell>
              <TableCell>{t('hooks.status')}</TableCell>
              <TableCell>{t('hooks.tries')}</TableCell>
              <TableCell>{t('hooks.lastAnswer')}</TableCell>
              <TableCell>{t('hooks.written')}</TableCell>
              <TableCell>{t('hooks.nextTry')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{code(language, row.event)}</TableCell>
                <TableCell>{status(row.status)}</TableCell>
                <TableCell>{row.attempts}</TableCell>
                <TableCell>{code(language, row.lastError ?? row.lastCode ?? '')}</TableCell>
                <TableCell>{when(language, row.createdAt)}</TableCell>
                <TableCell>{row.nextAttemptAt ? when(language, row.nextAttemptAt) : ''}</TableCell>
                <TableCell>
                  <Button size="small" disabled={sending} onClick={() => void redeliver({ id, delivery: row.id })}>
                    {t('hooks.sendAgain')}
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
