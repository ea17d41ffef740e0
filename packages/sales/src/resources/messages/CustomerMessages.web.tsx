import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toApiError } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import { useT } from '@propdesk/i18n/react';
import { useSnackbar } from 'notistack';
import { MessagesTable } from './MessagesTable.web.js';
import { useCustomerMessagesQuery, useSendCustomerMessageMutation } from './messagesApi.web.js';
import type { MessageTemplate } from './templates.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

/** Under a customer's view: the messages they were sent, and "Send statement" / "Send reminder" by e-mail. */
export function CustomerMessages({ customerId }: { customerId: string }) {
  const t = useT(salesCatalog);
  const checker = useChecker();
  const allowed = checker.can('customerMessage', 'read');
  const canSend = checker.can('customerMessage', 'create');
  const { data } = useCustomerMessagesQuery({ customer: customerId }, { skip: !allowed, pollingInterval: 15_000 });
  const [send, { isLoading }] = useSendCustomerMessageMutation();
  const { enqueueSnackbar } = useSnackbar();
  if (!allowed) return null;
  const sendNow = (template: MessageTemplate) =>
    send({ customer: customerId, template, channel: 'email' })
      .unwrap()
      .then(() => enqueueSnackbar(t('msg.queued'), { variant: 'success' }))
      .catch((error: unknown) => enqueueSnackbar(toApiError(error).message, { variant: 'error' }));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('msg.messages')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
          {t('msg.messages')}
        </Typography>
        {canSend ? (
          <>
            <Button size="small" variant="contained" disabled={isLoading} onClick={() => sendNow('statement')}>
              {t('msg.sendStatement')}
            </Button>
            <Button size="small" variant="outlined" disabled={isLoading} onClick={() => sendNow('installment_due')}>
              {t('msg.sendReminder')}
            </Button>
          </>
        ) : null}
      </Stack>
      <MessagesTable rows={data ?? []} showCustomer={false} />
    </Paper>
  );
}
