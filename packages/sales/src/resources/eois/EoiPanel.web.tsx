import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import { useT } from '@propdesk/i18n/react';
import { humanize, type ResourcePageProps } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';
import { useEoiMoneyQuery } from './eoiApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';
import { eoiPaymentLinks } from '../eoi-payments/links.js';

/** An EOI payment's states as a person says them (a refund's steps read as what happened to it): `eoi.paymentStatus`, `eoi.refundStatus`. */
const KNOWN_STATUSES = new Set(['recorded', 'requested', 'approved', 'completed', 'rejected']);

/** An EOI's money: its payments and refunds, each opening its own record, and where to record another. */
export function EoiPanel({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const paymentStatusWords = (status: string, kind: string) =>
    KNOWN_STATUSES.has(status) ? t(kind === 'refund' ? 'eoi.refundStatus' : 'eoi.paymentStatus', { status }) : humanize(status);
  const { data, isLoading, isError } = useEoiMoneyQuery(record.id);
  const open = record.status === 'submitted';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6">{t('eoi.moneyTitle')}</Typography>
        {open ? (
          <Button size="small" variant="outlined" component={RouterLink} to={eoiPaymentLinks.linkToCreate({ eoi: record.id })}>
            {t('eoi.recordPayment')}
          </Button>
        ) : null}
      </Stack>
      {isError ? <Alert severity="error">{t('eoi.loadFailed')}</Alert> : null}
      {!isLoading && !isError && (data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {record.status === 'draft' ? t('eoi.submitFirst') : t('eoi.noPayments')}
        </Typography>
      ) : null}
      {(data ?? []).length > 0 ? (
        <Paper variant="outlined">
          <Table size="small" aria-label={t('eoi.moneyTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('eoi.number')}</TableCell>
                <TableCell>{t('eoi.kind')}</TableCell>
                <TableCell>{t('eoi.date')}</TableCell>
                <TableCell align="right">{t('eoi.amount')}</TableCell>
                <TableCell>{t('eoi.status')}</TableCell>
                <TableCell>{t('eoi.reference')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Link component={RouterLink} to={eoiPaymentLinks.link(row.id)}>
                      {row.number}
                    </Link>
                  </TableCell>
                  <TableCell>{row.kind === 'refund' ? t('eoi.refund') : t('eoi.payment')}</TableCell>
                  <TableCell>{format.date(row.paidOn)}</TableCell>
                  <TableCell align="right">{row.kind === 'refund' ? `−${format.money(row.amount)}` : format.money(row.amount)}</TableCell>
                  <TableCell>{paymentStatusWords(row.status, row.kind)}</TableCell>
                  <TableCell>{row.transferReference ?? row.reference ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}

export const eoiPage: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <EoiPanel record={record} />,
};
