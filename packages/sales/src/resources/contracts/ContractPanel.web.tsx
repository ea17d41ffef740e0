import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useChecker } from '@propdesk/auth-session/web';
import type { RecordRow } from '@propdesk/records/model';
import type { Translate } from '@propdesk/i18n';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { recordsApi, serverError } from '@propdesk/records/web';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useContractPrintsQuery, useContractStepsQuery, useMoveContractStepMutation, type KeptPrint, type StepAction } from './contractApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import { useFormat, type SalesFormat } from '../../web/i18n/format.js';
import { brokerLinks } from './links.js';
import { receiptLinks } from '../receipts/links.js';
import { commissionLinks } from '../commissions/links.js';
import { rateOf } from '../../web/i18n/commissionRate.js';

/** What a step will do, asked before it moves: "Move CNT-2026-00017 from “Draft” to “Legal review”?" */
function stepQuestion(t: Translate<SalesKey>, contract: RecordRow, action: StepAction): string {
  const final = action.toStepFinal ? t('contract.stepFinal', { step: action.toStepName }) : '';
  const words = { number: String(contract.number ?? t('contract.thisContract')), from: action.fromStepName, to: action.toStepName, final };
  return t(action.needsReason ? 'contract.stepQuestionReason' : 'contract.stepQuestion', words);
}

/**
 * The configured actions from the contract's current step (forward first, Cancel last: the server's
 * order), each asking before it moves, with a reason where it needs one; only for those who may take
 * them (the server asks approve on contract), so no one presses a refused button.
 */
function Steps({ contract }: { contract: RecordRow }) {
  const t = useT(salesCatalog);
  const allowed = useChecker().can('contract', 'approve');
  const { data: actions = [] } = useContractStepsQuery(contract.id, { skip: contract.status !== 'active' || !allowed });
  const [move, { isLoading }] = useMoveContractStepMutation();
  const [asking, setAsking] = useState<StepAction | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async (action: StepAction, why?: string) => {
    setError(null);
    const result = await move({ id: contract.id, action: action.id, ...(why ? { reason: why } : {}) });
    if ('error' in result) setError(serverError(result.error).message);
    else setAsking(null);
  };
  if (contract.status !== 'active' || !allowed) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {t('contract.nextSteps')}
      </Typography>
      {actions.length === 0 ? <Typography variant="body2">{t('contract.noSteps')}</Typography> : null}
      {actions.map((action) => (
        <Button key={action.id} size="small" variant="outlined" disabled={isLoading} onClick={() => (setReason(''), setError(null), setAsking(action))}>
          {/* One span: the button lays out its children as flex items, which would drop the spaces around the arrow. */}
          <span>{richText(t, 'contract.stepTo', {}, { action: isolate(action.label), step: isolate(action.toStepName) })}</span>
        </Button>
      ))}
      {error && !asking ? <Alert severity="error">{error}</Alert> : null}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="step-title" aria-describedby="step-question">
        <DialogTitle id="step-title">{isolate(asking?.label)}</DialogTitle>
        <DialogContent>
          <DialogContentText id="step-question">{asking ? stepQuestion(t, contract, asking) : ''}</DialogContentText>
          {asking?.needsReason ? (
            <TextField autoFocus fullWidth margin="dense" label={t('contract.reason')} required value={reason} onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: 300 } }} />
          ) : null}
          {error ? <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('contract.goBack')}</Button>
          <Button variant="contained" disabled={(asking?.needsReason === true && !reason.trim()) || isLoading} onClick={() => asking && void run(asking, asking.needsReason ? reason.trim() : undefined)}>
            {isolate(asking?.label)}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The broker of the sale and, for whoever reads commissions, its commission lines, each opening its record. */
function BrokerAndCommissions({ contract }: { contract: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const option = useOptionLabel();
  const checker = useChecker();
  const readsCommissions = checker.can('commission', 'read');
  const { data } = recordsApi.useListRecordsQuery({ resource: 'commissions', params: { 'filter[contract]': contract.id, sort: 'number', pageSize: '20' } }, { skip: !readsCommissions });
  const broker = contract.broker as { id: string; name: string } | null | undefined;
  const lines = data?.data ?? [];
  return (
    <Stack spacing={1} aria-label={t('contract.brokerAndCommission')}>
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('contract.broker')}{' '}
        </Box>
        {broker ? (
          checker.can('broker', 'read') ? (
            <Link component={RouterLink} to={brokerLinks.link(broker.id)}>
              {isolate(broker.name)}
            </Link>
          ) : (
            isolate(broker.name)
          )
        ) : (
          t('contract.directSale')
        )}
      </Typography>
      {readsCommissions && broker ? (
        lines.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('contract.noCommission')}
          </Typography>
        ) : (
          <Table size="small" aria-label={t('contract.commission')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('contract.commission')}</TableCell>
                <TableCell>{t('contract.rate')}</TableCell>
                <TableCell align="right">{t('contract.amount')}</TableCell>
                <TableCell>{t('contract.payableOn')}</TableCell>
                <TableCell>{t('contract.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.id}>
                  <TableCell>
                    <Link component={RouterLink} to={commissionLinks.link(line.id)}>
                      {String(line.number)}
                    </Link>
                  </TableCell>
                  <TableCell>{rateOf(String(line.rate ?? ''), t, format.language)}</TableCell>
                  <TableCell align="right">{format.money(line.amount)}</TableCell>
                  <TableCell>{line.trigger ? option('commissions', 'trigger', line.trigger) : ''}</TableCell>
                  <TableCell>
                    {option('commissions', 'status', line.status)}
                    {Number(line.recoverable ?? 0) > 0 ? t('contract.toRecover', { amount: format.money(line.recoverable) }) : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      ) : null}
    </Stack>
  );
}

/** The current schedule version's installments, with what is paid (cleared), covered by cheques in hand, and overdue. */
function Ledger({ contract }: { contract: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const option = useOptionLabel();
  const { data } = recordsApi.useListRecordsQuery({
    resource: 'installments',
    params: { 'filter[contract]': contract.id, 'filter[scheduleVersion]': String(contract.scheduleVersion ?? 1), pageSize: '200', sort: 'seq' },
  });
  const rows = data?.data ?? [];
  return (
    <Table size="small" aria-label={t('contract.installments')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('contract.no')}</TableCell>
          <TableCell>{t('contract.kind')}</TableCell>
          <TableCell>{t('contract.due')}</TableCell>
          <TableCell align="right">{t('contract.amount')}</TableCell>
          <TableCell align="right">{t('contract.paid')}</TableCell>
          <TableCell align="right">{t('contract.covered')}</TableCell>
          <TableCell>{t('contract.status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} sx={row.overdue ? { bgcolor: 'warning.light' } : undefined}>
            <TableCell>{String(row.seq)}</TableCell>
            <TableCell>{option('installments', 'kind', row.kind)}</TableCell>
            <TableCell>{format.date(row.dueDate)}</TableCell>
            <TableCell align="right">{format.money(row.amount)}</TableCell>
            <TableCell align="right">{format.money(row.paid)}</TableCell>
            <TableCell align="right">{Number(row.covered ?? 0) > 0 ? format.money(row.covered) : ''}</TableCell>
            <TableCell>
              {option('installments', 'status', row.status)}
              {row.overdue ? t('contract.overdue') : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** "Arabic, issued 27 Nov 2026, 18:40 by Admin". */
const printLine = (t: Translate<SalesKey>, format: SalesFormat, print: KeptPrint) =>
  print.printedByName
    ? richText(t, 'contract.printLineBy', { lang: print.lang, time: format.dateTime(print.printedAt) }, { name: isolate(print.printedByName) })
    : t('contract.printLine', { lang: print.lang, time: format.dateTime(print.printedAt) });

/** Print in either language, and the prints issued so far (what was signed can be opened again). */
function Prints({ contract }: { contract: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const { data: prints = [], refetch } = useContractPrintsQuery(contract.id);
  // The new print is listed a moment after it opens; a panel closed before then asks nothing (the
  // query's refetch throws once its subscription is gone).
  const later = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(later.current), []);
  const open = (lang: 'ar' | 'en') => {
    window.open(`/api/contracts/${contract.id}/print?lang=${lang}`, '_blank', 'noopener');
    clearTimeout(later.current);
    later.current = setTimeout(() => void refetch(), 1500);
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" onClick={() => open('ar')}>
          {t('contract.printArabic')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => open('en')}>
          {t('contract.printEnglish')}
        </Button>
      </Stack>
      {prints.length > 0 ? (
        <Box>
          <Typography variant="body2" id={`prints-${contract.id}`}>
            {t('contract.issuedPrints')}
          </Typography>
          <Box component="ul" aria-labelledby={`prints-${contract.id}`} sx={{ m: 0, pl: 3 }}>
            {prints.map((print) => (
              <Typography component="li" variant="body2" key={print.id}>
                <Link href={`/api/contracts/${contract.id}/prints/${print.id}`} target="_blank" rel="noopener" title={t('contract.fingerprint', { sha: print.sha256 })}>
                  {printLine(t, format, print)}
                </Link>
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}

/** Under a contract's view: its steps, prints, schedule and the way to take a payment (for whoever may issue receipts). */
export function ContractPanel({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const takesPayments = useChecker().can('receipt', 'create');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('contract.region')}>
      <Stack spacing={2}>
        <Steps contract={record} />
        <BrokerAndCommissions contract={record} />
        <Prints contract={record} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1">{t('contract.installmentsVersion', { version: String(record.scheduleVersion ?? 1) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('contract.totals', { net: format.money(record.netPrice), paid: format.money(record.paid), covered: format.money(record.covered ?? 0) })}
          </Typography>
          {record.status === 'active' && takesPayments ? (
            <Button size="small" component={RouterLink} to={receiptLinks.linkToCreate({ customer: String(record.customer), contract: record.id })}>
              {t('contract.takePayment')}
            </Button>
          ) : null}
        </Stack>
        <Ledger contract={record} />
      </Stack>
    </Paper>
  );
}
