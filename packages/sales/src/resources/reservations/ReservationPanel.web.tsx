import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { recordsApi } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';
import { ReservationPreview, previewArgsOf } from './ReservationPreview.web.js';
import { ReservationRules } from './ReservationRules.web.js';
import { RevisionsList } from './RevisionsCompare.web.js';
import { useReservationRevisionsQuery } from './reservationApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import { useFormat } from '../../web/i18n/format.js';
import { reservationGroupPaymentLinks } from '../reservation-payments/links.js';
import { modifyReservationLink } from './links.js';

const OPEN = ['draft', 'pending_approval', 'confirmed'];

/** The reservation's payments (the `reservation-payments` records naming it). */
function Payments({ reservation }: { reservation: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const option = useOptionLabel();
  const { data } = recordsApi.useListRecordsQuery({ resource: 'reservation-payments', params: { 'filter[reservation]': reservation.id, pageSize: '100', sort: 'paidOn' } });
  const rows = data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('res.payments')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">{t('res.payments')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('res.feeLine', { fee: format.money(reservation.fee), paid: format.money(reservation.feePaid) })}
        </Typography>
        {OPEN.includes(String(reservation.status)) ? (
          <Button size="small" component={RouterLink} to={reservationGroupPaymentLinks.linkToCreate({ reservation: reservation.id })}>
            {t('res.recordPayment')}
          </Button>
        ) : null}
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('res.noPayments')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('res.number')}</TableCell>
              <TableCell>{t('res.for')}</TableCell>
              <TableCell>{t('res.date')}</TableCell>
              <TableCell align="right">{t('res.amount')}</TableCell>
              <TableCell>{t('res.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <RouterLink to={reservationGroupPaymentLinks.link(row.id)}>{String(row.number)}</RouterLink>
                </TableCell>
                <TableCell>{option('reservation-payments', 'kind', row.kind)}</TableCell>
                <TableCell>{format.date(row.paidOn)}</TableCell>
                <TableCell align="right">{format.money(row.amount)}</TableCell>
                <TableCell>{option('reservation-payments', 'status', row.status)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * Under a reservation's view: what it waits for, the way to modify it, its installments as the plan
 * generates them, its payments, and its revisions side by side (the old kept beside the new).
 */
export function ReservationPanel({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const { data: revisions } = useReservationRevisionsQuery(record.id);
  const status = String(record.status);
  return (
    <Stack spacing={2}>
      {status === 'pending_approval' && record.needsApprovalReason ? <Alert severity="warning">{t('res.waitingFinance', { reason: String(record.needsApprovalReason) })}</Alert> : null}
      {record.modificationPending ? <Alert severity="info">{t('res.modificationWaiting')}</Alert> : null}
      {status === 'confirmed' && !record.modificationPending ? (
        <Stack direction="row">
          <Button variant="outlined" component={RouterLink} to={modifyReservationLink(record.id)}>
            {t('res.modify')}
          </Button>
        </Stack>
      ) : null}
      {OPEN.includes(status) ? <ReservationPreview args={previewArgsOf(record)} title={t('res.installmentsPreview')} /> : null}
      <Payments reservation={record} />
      <ReservationRules record={record} />
      <Typography variant="subtitle1">{t('res.revisions')}</Typography>
      <RevisionsList revisions={revisions ?? []} />
    </Stack>
  );
}
