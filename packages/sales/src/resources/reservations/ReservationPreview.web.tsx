import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { serverError, formatDate, formatMoney, formatPercent } from '@propdesk/records/web';
import { useReservationPreviewQuery, type PreviewArgs } from './reservationApi.web.js';

const KIND_LABELS: Record<string, string> = { down_payment: 'Down payment', installment: 'Installment', delivery: 'On delivery', maintenance: 'Maintenance', fee: 'Fee' };

/**
 * The server's prices and installment schedule for what the form holds (the finance package's
 * generator), the payment plan's own discount within the discount, and whether the discount needs approval.
 */
export function ReservationPreview({ args, title = 'Prices and installments' }: { args: PreviewArgs | null; title?: string }) {
  const { data, error, isFetching } = useReservationPreviewQuery(args ?? { unit: '' }, { skip: !args });
  if (!args) return <Alert severity="info">Choose a unit to see its price and installments.</Alert>;
  if (error) return <Alert severity="warning">{serverError(error).message}</Alert>;
  if (!data) return <Typography color="text.secondary">{isFetching ? 'Working out the prices…' : null}</Typography>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={title}>
      <Typography variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 1 }}>
        <Typography>List price: {formatMoney(data.listPrice)}</Typography>
        <Typography>
          Discount: {formatMoney(data.discountAmount)} ({formatPercent(data.discountPct)})
          {Number(data.planDiscountPct) > 0 ? `, of which the plan’s ${formatMoney(data.planDiscountAmount)} (${formatPercent(data.planDiscountPct)})` : ''}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>Net price: {formatMoney(data.netPrice)}</Typography>
      </Stack>
      {data.needsApproval ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          The discount is above your authority ({formatPercent(data.authorityPct ?? '0')}): submitting sends it to finance for approval.
        </Alert>
      ) : null}
      {data.schedule ? (
        <Table size="small" aria-label="Installment schedule">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Due</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">% of net</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.schedule.lines.slice(0, 60).map((line) => (
              <TableRow key={line.seq}>
                <TableCell>{line.seq}</TableCell>
                <TableCell>{KIND_LABELS[line.kind] ?? line.kind}</TableCell>
                <TableCell>{formatDate(line.dueDate)}</TableCell>
                <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                <TableCell align="right">{line.pctOfNet}%</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3}>
                <strong>Total</strong>
                {data.schedule.lines.length > 60 ? ` (${data.schedule.lines.length} rows; the first 60 shown)` : ''}
              </TableCell>
              <TableCell align="right">
                <strong>{formatMoney(data.schedule.total)}</strong>
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      ) : (
        <Typography color="text.secondary">Choose a payment plan to see the installments.</Typography>
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
