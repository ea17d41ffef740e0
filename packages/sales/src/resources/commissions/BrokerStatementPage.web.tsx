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
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { BrokerStatement } from './model.js';
import { useBrokerStatementQuery, useCommissionBrokersQuery } from './commissionApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat } from '../../web/i18n/format.js';
import { commissionLinks, commissionViewLink } from './links.js';
import { rateOf } from '../../web/i18n/commissionRate.js';

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
  const t = useT(salesCatalog);
  const { money } = useFormat();
  const figures: [SalesKey, string, boolean?][] = [
    ['broker.accrued', totals.accrued],
    ['broker.payable', totals.payable],
    ['broker.approved', totals.approved],
    ['broker.owed', totals.owed, true],
    ['broker.paid', totals.paid],
    ['broker.toRecover', totals.toRecover],
    ['broker.recovered', totals.recovered],
    ['broker.netPaid', totals.netPaid, true],
    ['broker.reversed', totals.reversed],
  ];
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('broker.totals')}>
      {figures.map(([label, value, strong]) => (
        <Box key={label}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(label)}
          </Typography>
          <Typography variant={strong ? 'h6' : 'body1'} component="p">
            {isolate(money(value))}
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
  const t = useT(salesCatalog);
  const format = useFormat();
  const optionLabel = useOptionLabel();
  const money = (amount: string) => isolate(format.money(amount));
  const [params, setParams] = useSearchParams();
  const broker = params.get('broker') ?? '';
  const brokers = useCommissionBrokersQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data, error, isFetching } = useBrokerStatementQuery(broker, { skip: !broker, refetchOnMountOrArgChange: true });
  return (
    <Box component="section" aria-label={t('broker.region')} sx={{ display: 'grid', gap: 2, px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('broker.broker')}
          value={broker}
          onChange={(event) => setParams(event.target.value ? { broker: event.target.value } : {})}
          sx={{ minWidth: 280 }}
        >
          {(brokers.data ?? []).map((row) => (
            <MenuItem key={row.id} value={row.id}>
              {richText(t, 'broker.option', { count: row.lines, n: format.number(row.lines) }, { name: isolate(row.name), owed: money(row.owed) })}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {broker ? (
          <>
            <Button variant="contained" href={`/api/brokers/${broker}/commission-statement/print?lang=ar`} target="_blank" rel="noopener">
              {t('broker.printArabic')}
            </Button>
            <Button variant="outlined" href={`/api/brokers/${broker}/commission-statement/print?lang=en`} target="_blank" rel="noopener">
              {t('broker.printEnglish')}
            </Button>
          </>
        ) : null}
        <Button component={RouterLink} to={commissionLinks.route}>
          {t('broker.allCommissions')}
        </Button>
      </Stack>
      {!broker ? <Typography color="text.secondary">{t('broker.choose')}</Typography> : null}
      {error ? <Alert severity="error">{toApiError(error).message}</Alert> : null}
      {data && broker ? (
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0, opacity: isFetching ? 0.7 : 1 }}>
          <Typography variant="h6" component="h2">
            {isolate(data.broker.name)}
            {data.broker.companyName ? <> · {isolate(data.broker.companyName)}</> : null}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {richText(t, 'broker.licence', { date: format.date(data.asOf) }, { licence: isolate(data.broker.licenseNo) })}
          </Typography>
          <Totals totals={data.totals} />
          {data.lines.length === 0 ? (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {t('broker.noLines')}
            </Typography>
          ) : (
            // Thirteen columns: the state and the money first; on a narrow screen the rest scrolls within the card, never the page.
            <Box sx={{ overflowX: 'auto', mt: 2 }}>
              <Table size="small" sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('broker.number')}</TableCell>
                    <TableCell>{t('broker.contract')}</TableCell>
                    <TableCell>{t('broker.status')}</TableCell>
                    <TableCell align="right">{t('broker.commission')}</TableCell>
                    <TableCell>{t('broker.paidOn')}</TableCell>
                    <TableCell align="right">{t('broker.toRecoverHead')}</TableCell>
                    <TableCell align="right">{t('broker.recoveredHead')}</TableCell>
                    <TableCell>{t('broker.customer')}</TableCell>
                    <TableCell>{t('broker.project')}</TableCell>
                    <TableCell>{t('broker.accruedOn')}</TableCell>
                    <TableCell align="right">{t('broker.netPrice')}</TableCell>
                    <TableCell>{t('broker.rate')}</TableCell>
                    <TableCell>{t('broker.payableOn')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.lines.map((line) => (
                    <TableRow key={line.id} hover>
                      <TableCell>
                        <RouterLink to={commissionViewLink(line.id)}>{isolate(line.number)}</RouterLink>
                      </TableCell>
                      <TableCell>{isolate(line.contract)}</TableCell>
                      <TableCell>
                        <Chip size="small" label={optionLabel('commissions', 'status', line.status)} color={STATE_COLOURS[line.status] ?? 'default'} title={line.reason ?? undefined} />
                      </TableCell>
                      <TableCell align="right">{money(line.amount)}</TableCell>
                      <TableCell>
                        {line.paidOn ? format.date(line.paidOn) : ''}
                        {line.paidOn && line.paymentReference ? (
                          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                            {isolate(line.paymentReference)}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right">{line.recoverable !== '0.00' ? money(line.recoverable) : ''}</TableCell>
                      <TableCell align="right">
                        {line.recovered !== '0.00' ? (
                          <>
                            {money(line.recovered)}
                            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                              {line.recoveredOn ? format.date(line.recoveredOn) : ''}
                              {line.recoveredOn && line.recoveryReference ? ' · ' : ''}
                              {line.recoveryReference ? isolate(line.recoveryReference) : ''}
                            </Typography>
                          </>
                        ) : (
                          ''
                        )}
                      </TableCell>
                      <TableCell>{isolate(line.customer ?? '')}</TableCell>
                      <TableCell>{isolate(line.project)}</TableCell>
                      <TableCell>{format.date(line.accruedOn)}</TableCell>
                      <TableCell align="right">{money(line.basis)}</TableCell>
                      <TableCell>{rateOf(line.rate, t, format.language)}</TableCell>
                      <TableCell>{optionLabel('commissions', 'trigger', line.trigger)}</TableCell>
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
