import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { generateSchedule, planProblems, type ScheduleKind } from '@propdesk/finance';
import { DateInput } from '@propdesk/records/web';
import { planTerms } from '../../model/definitions/payments.js';

export type SchedulePreviewProps = {
  values: Readonly<Record<string, unknown>>;
};

const KIND_LABELS: Record<ScheduleKind, string> = {
  down_payment: 'Down payment',
  installment: 'Installment',
  delivery: 'On delivery',
  maintenance: 'Maintenance',
  fee: 'Fee',
};

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const today = () => new Date().toISOString().slice(0, 10);

/** The full installment schedule of the plan being edited, for a sample price, as the user types. */
export function SchedulePreview({ values }: SchedulePreviewProps) {
  const [price, setPrice] = useState('3000000');
  const [start, setStart] = useState(today);
  const terms = planTerms(values);
  const problems = planProblems(terms);
  const schedule = useMemo(() => {
    if (problems.length > 0 || !/^\d{1,13}(\.\d{1,2})?$/.test(price) || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return null;
    try {
      return generateSchedule({ price, terms, startDate: start });
    } catch {
      return null;
    }
  }, [price, start, terms, problems.length]);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Schedule preview" component="section">
      <Typography variant="h6" component="h3">
        Schedule preview
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What a buyer pays under this plan, for a sample price. Amounts are exact to the piastre and add up to the price.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" label="Sample price (EGP)" value={price} onChange={(event) => setPrice(event.target.value.replace(/,/g, ''))} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <Box sx={{ minWidth: 200 }}>
          <DateInput id="preview-start" name="previewStart" label="First payment" value={start} onChange={setStart} onBlur={() => undefined} />
        </Box>
      </Stack>
      {problems.length > 0 ? <Alert severity="info">{problems[0]!.message}</Alert> : null}
      {schedule ? (
        <>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="body2">Price {money.format(Number(schedule.price))}</Typography>
            <Typography variant="body2">Discount {money.format(Number(schedule.discount))}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Net {money.format(Number(schedule.netPrice))}
            </Typography>
            <Typography variant="body2">{schedule.lines.length} payments</Typography>
          </Box>
          <TableContainer sx={{ maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-label="Installment schedule">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>Due</TableCell>
                  <TableCell>Payment</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell align="right">Share</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {schedule.lines.map((line) => (
                  <TableRow key={line.seq}>
                    <TableCell>{line.seq}</TableCell>
                    <TableCell>{date.format(new Date(`${line.dueDate}T00:00:00Z`))}</TableCell>
                    <TableCell>{KIND_LABELS[line.kind]}</TableCell>
                    <TableCell align="right">{money.format(Number(line.amount))}</TableCell>
                    <TableCell align="right">{line.pctOfNet}%</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={3}>Total</TableCell>
                  <TableCell align="right">{money.format(Number(schedule.total))}</TableCell>
                  <TableCell align="right">100%</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        </>
      ) : null}
    </Paper>
  );
}
