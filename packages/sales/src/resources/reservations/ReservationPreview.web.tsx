import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { serverError } from '@propdesk/records/web';
import { useT } from '@propdesk/i18n/react';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat } from '../../web/i18n/format.js';
import { useReservationPreviewQuery, type PreviewArgs } from './reservationApi.web.js';

const KINDS = new Set(['down_payment', 'installment', 'delivery', 'maintenance', 'fee']);

/**
 * The server's prices and installment schedule for what the form holds (the finance package's
 * generator), the payment plan's own discount within the discount, and whether the discount needs approval.
 */
export function ReservationPreview({ args, title: given }: { args: PreviewArgs | null; title?: string }) {
  const t = useT(salesCatalog);
  const { money: formatMoney, percent: formatPercent, date: formatDate, number: formatNumber } = useFormat();
  const title = given ?? t('prev.title');
  const { data, error, isFetching } = useReservationPreviewQuery(args ?? { unit: '' }, { skip: !args });
  if (!args) return <Alert severity="info">{t('prev.chooseUnit')}</Alert>;
  if (error) return <Alert severity="warning">{serverError(error).message}</Alert>;
  if (!data) return <Typography color="text.secondary">{isFetching ? t('prev.working') : null}</Typography>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={title}>
      <Typography variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 1 }}>
        <Typography>{t('prev.listPrice', { price: formatMoney(data.listPrice) })}</Typography>
        <Typography>
          {t('prev.discount', { amount: formatMoney(data.discountAmount), pct: formatPercent(data.discountPct) })}
          {Number(data.planDiscountPct) > 0 ? t('prev.planShare', { amount: formatMoney(data.planDiscountAmount), pct: formatPercent(data.planDiscountPct) }) : ''}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{t('prev.netPrice', { price: formatMoney(data.netPrice) })}</Typography>
      </Stack>
      {data.needsApproval ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('prev.aboveAuthority', { pct: formatPercent(data.authorityPct ?? '0') })}
        </Alert>
      ) : null}
      {data.schedule ? (
        <Table size="small" aria-label={t('prev.schedule')}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{t('prev.kind')}</TableCell>
              <TableCell>{t('prev.due')}</TableCell>
              <TableCell align="right">{t('prev.amount')}</TableCell>
              <TableCell align="right">{t('prev.pctOfNet')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.schedule.lines.slice(0, 60).map((line) => (
              <TableRow key={line.seq}>
                <TableCell>{line.seq}</TableCell>
                <TableCell>{KINDS.has(line.kind) ? t(`prev.kind.${line.kind}` as SalesKey) : line.kind}</TableCell>
                <TableCell>{formatDate(line.dueDate)}</TableCell>
                <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                <TableCell align="right">{line.pctOfNet}%</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3}>
                <strong>{t('prev.total')}</strong>
                {data.schedule.lines.length > 60 ? t('prev.firstRows', { count: data.schedule.lines.length, n: formatNumber(data.schedule.lines.length) }) : ''}
              </TableCell>
              <TableCell align="right">
                <strong>{formatMoney(data.schedule.total)}</strong>
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      ) : (
        <Typography color="text.secondary">{t('prev.choosePlan')}</Typography>
      )}
    </Paper>
  );
}

/** The preview's arguments from a form's or a record's values (null until a unit is chosen). */
export function previewArgsOf(values: Readonly<Record<string, unknown>>): PreviewArgs | null {
  if (typeof values.unit !== 'string' || values.unit === '') return null;
  const discount = values.discountValue === null || values.discountValue === undefined || values.discountValue === '' ? null : String(values.discountValue);
  return {
    unit: values.unit,
    paymentPlan: typeof values.paymentPlan === 'string' && values.paymentPlan !== '' ? values.paymentPlan : null,
    offer: typeof values.offer === 'string' && values.offer !== '' ? values.offer : null,
    discountKind: values.discountKind === 'amount' ? 'amount' : 'percent',
    discountValue: discount !== null && /^\d{1,13}(\.\d{1,4})?$/.test(discount) ? discount : null,
  };
}
