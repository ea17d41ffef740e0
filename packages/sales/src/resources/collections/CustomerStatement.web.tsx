import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useChecker } from '@propdesk/auth-session/web';
import { formatDate, formatMoney } from '@propdesk/records/web';
import { closingOf } from './model.js';
import { useCustomerStatementQuery } from './collectionsApi.web.js';

const CLOSING = { owed: 'Balance owed', ahead: 'Paid ahead of the schedule', credit: 'Balance in the customer’s favour' } as const;

/**
 * Under a customer's view: their statement of account to today, with its PDF in Arabic and English.
 * Cheques in hand are listed with what they cover and move no balance until they clear.
 */
export function CustomerStatement({ customerId }: { customerId: string }) {
  const checker = useChecker();
  const allowed = checker.can('customer', 'read') && checker.can('contractPayment', 'read');
  const { data } = useCustomerStatementQuery({ customer: customerId }, { skip: !allowed });
  if (!allowed || !data) return null;
  const closing = closingOf(data);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Statement of account">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
          Statement of account to {formatDate(data.asOf)}
        </Typography>
        <Button size="small" variant="contained" href={`/api/customers/${customerId}/statement/print?lang=ar`} target="_blank" rel="noopener">
          PDF (Arabic)
        </Button>
        <Button size="small" variant="outlined" href={`/api/customers/${customerId}/statement/print?lang=en`} target="_blank" rel="noopener">
          PDF (English)
        </Button>
      </Stack>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2">Due: {formatMoney(data.charges)}</Typography>
        <Typography variant="body2">Paid: {formatMoney(data.receipts)}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {CLOSING[closing.kind]}: {formatMoney(closing.amount)}
        </Typography>
        <Typography variant="body2">Cheques in hand: {formatMoney(data.covered)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Not yet due: {formatMoney(data.notYetDue)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Still to pay in all: {formatMoney(Number(data.remaining) > 0 ? data.remaining : '0.00')}
        </Typography>
      </Stack>
      {data.lines.length === 0 ? (
        <Typography color="text.secondary">Nothing due and nothing paid yet.</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Reference</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Due</TableCell>
              <TableCell align="right">Paid</TableCell>
              <TableCell align="right">Cheque in hand</TableCell>
              <TableCell align="right">Balance</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.lines.map((line, index) => (
              <TableRow key={`${line.reference}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.reference}</TableCell>
                <TableCell>{line.code ? `${line.description} · ${line.code}` : line.description}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.charge ? formatMoney(line.charge) : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.credit ? formatMoney(line.credit) : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.covering ? formatMoney(line.covering) : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatMoney(line.balance)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
