import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import { formatDate, formatMoney, humanize } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';
import { useCustomerPortfolioQuery, type CustomerPortfolio as Portfolio } from './reservationApi.web.js';

type Column = [label: string, value: (row: RecordRow) => string];
const ref = (row: RecordRow, name: string) => String(row.refLabels?.[name] ?? '');

const SECTIONS: readonly { key: keyof Portfolio; title: string; link: (row: RecordRow) => string; columns: Column[] }[] = [
  { key: 'leads', title: 'Leads', link: (row) => `/sales/leads?record=${row.id}`, columns: [['Name', (row) => String(row.fullName ?? '')], ['Status', (row) => ref(row, 'status')], ['Agent', (row) => ref(row, 'assignedTo')]] },
  { key: 'eois', title: 'EOIs', link: (row) => `/sales/eoi/list?record=${row.id}`, columns: [['Number', (row) => String(row.number ?? '')], ['Token', (row) => String(row.tokenLabel ?? '')], ['Paid', (row) => formatMoney(row.paidAmount)], ['Status', (row) => humanize(String(row.status ?? ''))]] },
  { key: 'eoiPayments', title: 'EOI payments', link: (row) => `/settings/leads/EoiPayments?record=${row.id}`, columns: [['Number', (row) => String(row.number ?? '')], ['Date', (row) => formatDate(row.paidOn)], ['Amount', (row) => formatMoney(row.amount)], ['Status', (row) => humanize(String(row.status ?? ''))]] },
  { key: 'holds', title: 'Holds', link: (row) => `/settings/leads/holdRequests?record=${row.id}`, columns: [['Number', (row) => String(row.number ?? '')], ['Unit', (row) => ref(row, 'unit')], ['Status', (row) => humanize(String(row.status ?? ''))]] },
  { key: 'reservations', title: 'Reservations', link: (row) => `/Reservations?record=${row.id}`, columns: [['Number', (row) => String(row.number ?? '')], ['Unit', (row) => ref(row, 'unit')], ['Net price', (row) => formatMoney(row.netPrice)], ['Status', (row) => humanize(String(row.status ?? ''))]] },
  { key: 'reservationPayments', title: 'Reservation payments', link: (row) => `/Reservations/payments?record=${row.id}`, columns: [['Number', (row) => String(row.number ?? '')], ['Date', (row) => formatDate(row.paidOn)], ['Amount', (row) => formatMoney(row.amount)], ['Status', (row) => humanize(String(row.status ?? ''))]] },
];

/** Under a customer's view: their leads, EOIs, holds, reservations and payments (the parts the reader may see). */
export function CustomerPortfolio({ customerId }: { customerId: string }) {
  const { data } = useCustomerPortfolioQuery(customerId);
  if (!data) return null;
  return (
    <Stack spacing={2} aria-label="The customer’s dealings">
      {SECTIONS.filter((section) => data[section.key] !== null).map((section) => {
        const rows = data[section.key] ?? [];
        return (
          <Paper key={section.key} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1">
              {section.title} ({rows.length})
            </Typography>
            {rows.length === 0 ? (
              <Typography color="text.secondary">None.</Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {section.columns.map(([label]) => (
                      <TableCell key={label}>{label}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id}>
                      {section.columns.map(([label, value], index) => (
                        <TableCell key={label}>{index === 0 ? <RouterLink to={section.link(row)}>{value(row) || '—'}</RouterLink> : value(row)}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
