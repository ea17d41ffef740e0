import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { toApiError } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { useSnackbar } from 'notistack';
import type { MessageView } from './model.js';
import { useRetryCustomerMessageMutation } from './messagesApi.web.js';
import type { MessageTemplate } from './templates.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';

/** Each template's name on the screens (the message's subject is the customer's, in their language). */
export const TEMPLATE_KEYS: Readonly<Record<MessageTemplate, SalesKey>> = {
  installment_due: 'msg.template.installment_due',
  installment_overdue: 'msg.template.installment_overdue',
  receipt_issued: 'msg.template.receipt_issued',
  cheque_bounced: 'msg.template.cheque_bounced',
  statement: 'msg.template.statement',
  reservation_confirmed: 'msg.template.reservation_confirmed',
};

/** Why a message was written as skipped, as the server writes it (a code or English words); its words in the page's language. */
const SKIP_KEYS: Readonly<Record<string, SalesKey>> = {
  emailOptOut: 'msg.skip.emailOptOut',
  smsOptOut: 'msg.skip.smsOptOut',
  'No e-mail address': 'msg.skip.noEmail',
  'No phone': 'msg.skip.noPhone',
};

const STATUS_COLORS = { queued: 'default', sent: 'success', failed: 'error', skipped: 'warning' } as const;

/** Customer messages as rows: whom, what, how, status with its error or next try, and Retry for a failed one. */
export function MessagesTable({ rows, showCustomer = true }: { rows: readonly MessageView[]; showCustomer?: boolean }) {
  const t = useT(salesCatalog);
  const { dateTime } = useFormat();
  const checker = useChecker();
  const canRetry = checker.can('customerMessage', 'update');
  const [retry, { isLoading }] = useRetryCustomerMessageMutation();
  const { enqueueSnackbar } = useSnackbar();
  if (rows.length === 0) return <Typography color="text.secondary">{t('msg.none')}</Typography>;
  const templateOf = (template: string) => (template in TEMPLATE_KEYS ? t(TEMPLATE_KEYS[template as MessageTemplate]) : template);
  const skipOf = (reason: string | null) => {
    const key = reason === null ? undefined : SKIP_KEYS[reason];
    return key ? t(key) : isolate(reason ?? '');
  };
  return (
    <Table size="small" aria-label={t('msg.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('msg.written')}</TableCell>
          {showCustomer ? <TableCell>{t('msg.customer')}</TableCell> : null}
          <TableCell>{t('msg.message')}</TableCell>
          <TableCell>{t('msg.channel')}</TableCell>
          <TableCell>{t('msg.status')}</TableCell>
          <TableCell>{t('msg.tries')}</TableCell>
          <TableCell>{t('msg.details')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{dateTime(row.createdOn)}</TableCell>
            {showCustomer ? <TableCell>{isolate(row.customerName)}</TableCell> : null}
            <TableCell>
              {t('msg.templateIn', { template: templateOf(row.template), language: t(row.language === 'ar' ? 'msg.lang.ar' : 'msg.lang.en') })}
              {row.byHand ? t('msg.byHand') : ''}
            </TableCell>
            <TableCell>{t(row.channel === 'email' ? 'msg.email' : 'msg.sms')}</TableCell>
            <TableCell>
              <Chip size="small" label={t(`msg.state.${row.status}`)} color={STATUS_COLORS[row.status]} />
            </TableCell>
            <TableCell>{row.attempts}</TableCell>
            <TableCell>
              {row.status === 'skipped' ? richText(t, 'msg.skipped', {}, { reason: skipOf(row.skippedReason) }) : null}
              {row.status === 'failed' ? (
                <>
                  {isolate(row.lastError ?? '')}
                  {row.nextTryAt ? t('msg.nextTry', { time: dateTime(row.nextTryAt) }) : t('msg.givenUp')}
                </>
              ) : null}
              {row.status === 'queued' && row.nextTryAt ? t('msg.goes', { time: dateTime(row.nextTryAt) }) : null}
              {row.status === 'sent' ? (
                <Tooltip title={row.providerId ?? ''}>
                  <span>
                    {row.transport === 'file' ? t('msg.asFile') : richText(t, 'msg.sentTo', {}, { recipient: isolate(row.recipient ?? '') })}
                    {row.sentAt ? ` · ${dateTime(row.sentAt)}` : ''}
                  </span>
                </Tooltip>
              ) : null}
            </TableCell>
            <TableCell>
              {row.status === 'failed' && canRetry ? (
                <Button
                  size="small"
                  disabled={isLoading}
                  onClick={() =>
                    retry(row.id)
                      .unwrap()
                      .then(() => enqueueSnackbar(t('msg.queuedAgain'), { variant: 'success' }))
                      .catch((error: unknown) => enqueueSnackbar(toApiError(error).message, { variant: 'error' }))
                  }
                >
                  {t('msg.retry')}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
