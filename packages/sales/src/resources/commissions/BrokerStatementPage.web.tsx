import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toApiError } from '@propdesk/api-client';
import { formatDate, formatMoney, humanize } from '@propdesk/records/web';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { BrokerStatement } from './model.js';
import { useBrokerStatementQuery, useCommissionBrokersQuery } from './commissionApi.web.js';

const STATE_COLOURS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  accrued: 'default',
  payable: 'warning',
  approved: 'info',
  paid: 'success',
  reversed: 'default',
  clawed_back: 'error',
  recovered: 'default',
};

function Totals({ totals }: { totals: BrokerStatement['totals'] }) {
  const figures: [string, string, boolean?][] = [
    ['Accrued (not yet earned)', totals.accrued],
    ['Payable (to approve)', totals.payable],
    ['Approved (to pay)', totals.approved],
    ['Owed to the broker', totals.owed, true],
    ['Paid', totals.paid],
    ['To recover', totals.toRecover],
    ['Recovered', totals.recovered],
    ['Net paid', totals.netPaid, true],
    ['Reversed', totals.reversed],
  ];
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Totals">
      {figures.map(([label, value, strong]) => (
        <Box key={label}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography variant={strong ? 'h6' : 'body1'} component="p">
            {formatMoney(value)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * A broker's commission statement (`?broker=<id>`): every line with its state, the totals by state
 * (owed now, paid, to recover, recovered), and its PDF in Arabic and English. The broker is chosen from the
 * brokers with commission lines; the lines link to their records, where finance approves and pays them.
 */
export function BrokerStatementPage() {
  const [params, setParams] = useSearchParams();
  const broker = params.get('broker') ?? '';
  const brokers = useCommissionBrokersQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data, error, isFetching } = useBrokerStatementQuery(broker, { skip: !broker, refetchOnMountOrArgChange: true });
  return (
    <Box component="section" aria-label="Broker commission statement" sx={{ display: 'grid', gap: 2, px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Broker"
          value={broker}
          onChange={(event) => setParams(event.target.value ? { broker: event.target.value } : {})}
          sx={{ minWidth: 280 }}
        >
          {(brokers.data ?? []).map((row) => (
            <MenuItem key={row.id} value={row.id}>
              {row.name} · {row.lines} {row.lines === 1 ? 'line' : 'lines'} · owed {formatMoney(row.owed)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {broker ? (
          <>
            <Button variant="contained" href={`/api/brokers/${broker}/commission-statement/print?lang=ar`} target="_blank" rel="noopener">
              Print (PDF, Arabic)
            </Button>
            <Button variant="outlined" href={`/api/brokers/${broker}/commission-statement/print?lang=en`} target="_blank" rel="noopener">
              Print (PDF, English)
            </Button>
          </>
        ) : null}
        <Button component={RouterLink} to="/sales/contracts/commissions">
          All commissions
        </Button>
      </Stack>
      {!broker ? <Typography color="text.secondary">Choose a broker to see their commissions.</Typography> : null}
      {error ? <Alert severity="error">{toApiError(error).message}</Alert> : null}
      {data && broker ? (
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0, opacity: isFetching ? 0.7 : 1 }}>
          <Typography variant="h6" component="h2">
            {data.broker.name}
            {data.broker.companyName ? ` · ${data.broker.companyName}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Licence {data.broker.licenseNo} · as of {formatDate(data.asOf)}
          </Typography>
          <Totals totals={data.totals} />
          {data.lines.length === 0 ? (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              No commission lines for this broker yet.
            </Typography>
          ) : (
            // Thirteen columns: the state and the money first; on a narrow screen the rest scrolls within the card, never the page.
            <Box sx={{ overflowX: 'auto', mt: 2 }}>
              <Table size="small" sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Number</TableCell>
                    <TableCell>Contract</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Commission</TableCell>
                    <TableCell>Paid</TableCell>
                    <TableCell align="right">To recover</TableCell>
                    <TableCell align="right">Recovered</TableCell>
                    <TableCell>Customer</TableCell>
                    <TableCell>Project</TableCell>
                    <TableCell>Accrued</TableCell>
                    <TableCell align="right">Net price</TableCell>
                    <TableCell>Rate</TableCell>
                    <TableCell>Payable on</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.lines.map((line) => (
                    <TableRow key={line.id} hover>
                      <TableCell>
                        <RouterLink to={`/sales/contracts/commissions/view?record=${line.id}`}>{line.number}</RouterLink>
                      </TableCell>
                      <TableCell>{line.contract}</TableCell>
                      <TableCell>
                        <Chip size="small" label={humanize(line.status)} color={STATE_COLOURS[line.status] ?? 'default'} title={line.reason ?? undefined} />
                      </TableCell>
                      <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                      <TableCell>
                        {line.paidOn ? formatDate(line.paidOn) : ''}
                        {line.paidOn && line.paymentReference ? (
                          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                            {line.paymentReference}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right">{line.recoverable !== '0.00' ? formatMoney(line.recoverable) : ''}</TableCell>
                      <TableCell align="right">
                        {line.recovered !== '0.00' ? (
                          <>
                            {formatMoney(line.recovered)}
                            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                              {[line.recoveredOn ? formatDate(line.recoveredOn) : '', line.recoveryReference ?? ''].filter(Boolean).join(' · ')}
                            </Typography>
                          </>
                        ) : (
                          ''
                        )}
                      </TableCell>
                      <TableCell>{line.customer ?? ''}</TableCell>
                      <TableCell>{line.project}</TableCell>
                      <TableCell>{formatDate(line.accruedOn)}</TableCell>
                      <TableCell align="right">{formatMoney(line.basis)}</TableCell>
                      <TableCell>{line.rate}</TableCell>
                      <TableCell>{humanize(line.trigger)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Paper>
      ) : null}
    </Box>
  );
}
