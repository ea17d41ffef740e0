import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Translate } from '@propdesk/i18n';
import { useT } from '@propdesk/i18n/react';
import type { RecordRow } from '@propdesk/records/model';
import { recordsApi, type ResourcePageProps } from '@propdesk/records/web';
import { useDepositCalendarQuery } from './chequeApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import { useFormat } from '../../web/i18n/format.js';
import { storedLabel } from '../../web/i18n/storedLabels.js';

/** Above the cheque register: the received cheques to deposit this week (late ones first flagged), by bank. */
export function DepositCalendarPanel() {
  const t = useT(salesCatalog);
  const format = useFormat();
  const { data, isLoading } = useDepositCalendarQuery(undefined);
  if (isLoading || !data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label={t('cheque.calendar')}>
      <Typography variant="subtitle1">{t('cheque.thisWeek', { range: format.dateRange(data.from, data.to) })}</Typography>
      {data.banks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('cheque.noneDue', { date: format.date(data.to) })}
        </Typography>
      ) : (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {data.banks.map((bank) => (
            <Stack key={bank.bank ?? 'none'} spacing={0.5}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <bdi>{bank.bankName}</bdi> · {format.number(bank.count)} · {format.money(bank.total)}
              </Typography>
              <Table size="small">
                <TableBody>
                  {bank.cheques.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{format.date(row.dueDate)}</TableCell>
                      <TableCell><bdi>{row.number}</bdi></TableCell>
                      <TableCell><bdi>{row.drawer}</bdi></TableCell>
                      <TableCell><bdi>{row.customer}</bdi></TableCell>
                      <TableCell align="right">{format.money(row.amount)}</TableCell>
                      <TableCell>{row.late ? <Chip size="small" color="warning" label={t('cheque.late')} /> : null}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** Above Bounced Cheques: the cheques bounced and not yet replaced, re-deposited or returned. */
export function BouncedPanel() {
  const t = useT(salesCatalog);
  const format = useFormat();
  const { data } = recordsApi.useListRecordsQuery({ resource: 'cheques', params: { 'filter[status]': 'bounced', pageSize: '200', sort: '-bouncedOn' } });
  const rows = data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label={t('cheque.bounced')}>
      <Typography variant="subtitle1">{t('cheque.bouncedTitle', { n: format.number(rows.length) })}</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('cheque.cheque')}</TableCell>
            <TableCell>{t('cheque.bouncedOn')}</TableCell>
            <TableCell align="right">{t('cheque.amount')}</TableCell>
            <TableCell>{t('cheque.drawer')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell><bdi>{String(row.title ?? row.number)}</bdi></TableCell>
              <TableCell>{format.date(row.bouncedOn) || '—'}</TableCell>
              <TableCell align="right">{format.money(String(row.amount))}</TableCell>
              <TableCell><bdi>{String(row.drawer ?? '')}</bdi></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** An item of a cheque's receipt: it covers its installment while the cheque is in hand, pays it once cleared. */
const itemState = (t: Translate<SalesKey>, item: RecordRow) => t(!item.counts ? 'cheque.reversed' : item.cleared === false ? 'cheque.covers' : 'cheque.paid');

/**
 * Under a cheque's view: what its receipt covers or pays (the items; a bounced cheque's no longer
 * count), and, while it waits with a date still to come, that the bank takes it only from then.
 */
export function ChequeReceiptPanel({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const option = useOptionLabel();
  const receipt = typeof record.receipt === 'string' ? record.receipt : '';
  const { data } = recordsApi.useListRecordsQuery({ resource: 'receipt-items', params: { 'filter[receipt]': receipt, pageSize: '200', sort: 'createdOn' } }, { skip: !receipt });
  const items = data?.data ?? [];
  const early = record.status === 'received' && record.depositEarly === true;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('cheque.covered')}>
      {early ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('cheque.postDated', { note: String(record.depositNote ?? '') })}
        </Alert>
      ) : null}
      <Typography variant="subtitle1">{t('cheque.coversTitle')}</Typography>
      <Table size="small">
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell><bdi>{storedLabel(item.label, t, format)}</bdi></TableCell>
              <TableCell>{item.kind ? option('receipt-items', 'kind', item.kind) : ''}</TableCell>
              <TableCell align="right">{format.money(String(item.amount))}</TableCell>
              <TableCell>{itemState(t, item)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

export const chequeExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: <DepositCalendarPanel />,
  renderExtra: (record) => <ChequeReceiptPanel record={record} />,
};

/** The cheques Bounced Cheques lists: bounced, and what became of them (replaced or returned). */
export const BOUNCED_STATES = ['bounced', 'replaced', 'returned'] as const;

export const bouncedExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: <BouncedPanel />,
  // The register's list, fixed to those states (not a chip the user can clear).
  fixedFilter: { status: BOUNCED_STATES },
  renderExtra: (record) => <ChequeReceiptPanel record={record} />,
};
