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
import type { Translate } from '@propdesk/i18n';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { closingOf, type StatementLine } from './model.js';
import { useCustomerStatementQuery } from './collectionsApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat, type SalesFormat } from '../../web/i18n/format.js';

/** A line's description as the statement's JSON writes it (the server's English words), to its key. */
const LINE_WORDS: Readonly<Record<string, SalesKey>> = {
  'Down payment': 'stmt.line.down_payment',
  Installment: 'stmt.line.installment',
  Delivery: 'stmt.line.delivery',
  Maintenance: 'stmt.line.maintenance',
  Fee: 'stmt.line.fee',
  Cash: 'stmt.line.cash',
  'Bank transfer': 'stmt.line.bank_transfer',
  Card: 'stmt.line.card',
  Cheque: 'stmt.line.cheque',
  'Cheque cleared': 'stmt.line.chequeCleared',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IN_HAND = /^Cheque in hand, dated (\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/;

/**
 * A line's description in the page's language. `GET /api/customers/{id}/statement` writes it in the
 * caller's language (the account's, else the browser's; Arabic days as the screen writes them): in English
 * it shows as written; on an Arabic page an English one's known words (an installment's kind, a
 * payment's method, a cheque's state) are the catalog's, and anything else shows as written.
 */
function descriptionOf(line: StatementLine, t: Translate<SalesKey>, format: SalesFormat): string {
  if (format.language === 'en') return line.description;
  const key = LINE_WORDS[line.description];
  if (key) return t(key);
  const inHand = IN_HAND.exec(line.description);
  const month = inHand ? MONTHS.indexOf(inHand[2]!) : -1;
  if (inHand && month >= 0) return t('stmt.line.chequeInHand', { date: format.date(`${inHand[3]}-${String(month + 1).padStart(2, '0')}-${inHand[1]!.padStart(2, '0')}`) });
  return line.description;
}

/**
 * Under a customer's view: their statement of account to today, with its PDF in Arabic and English.
 * Cheques in hand are listed with what they cover and move no balance until they clear.
 */
export function CustomerStatement({ customerId }: { customerId: string }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const money = (amount: string) => isolate(format.money(amount));
  // After an Arabic label an amount reads "EGP 480,000.00" unless isolated; left to right it needs nothing, and stays plain text.
  const figure = (amount: string) => (format.language === 'en' ? format.money(amount) : money(amount));
  const checker = useChecker();
  const allowed = checker.can('customer', 'read') && checker.can('contractPayment', 'read');
  const { data } = useCustomerStatementQuery({ customer: customerId }, { skip: !allowed });
  if (!allowed || !data) return null;
  const closing = closingOf(data);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('stmt.region')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
          {t('stmt.title', { date: format.date(data.asOf) })}
        </Typography>
        <Button size="small" variant="contained" href={`/api/customers/${customerId}/statement/print?lang=ar`} target="_blank" rel="noopener">
          {t('stmt.pdfArabic')}
        </Button>
        <Button size="small" variant="outlined" href={`/api/customers/${customerId}/statement/print?lang=en`} target="_blank" rel="noopener">
          {t('stmt.pdfEnglish')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2">{richText(t, 'stmt.due', {}, { amount: figure(data.charges) })}</Typography>
        <Typography variant="body2">{richText(t, 'stmt.paid', {}, { amount: figure(data.receipts) })}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {richText(t, 'stmt.closing', { kind: closing.kind }, { amount: figure(closing.amount) })}
        </Typography>
        <Typography variant="body2">{richText(t, 'stmt.chequesInHand', {}, { amount: figure(data.covered) })}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {richText(t, 'stmt.notYetDue', {}, { amount: figure(data.notYetDue) })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {richText(t, 'stmt.stillToPay', {}, { amount: figure(Number(data.remaining) > 0 ? data.remaining : '0.00') })}
        </Typography>
      </Stack>
      {data.lines.length === 0 ? (
        <Typography color="text.secondary">{t('stmt.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('stmt.date')}</TableCell>
              <TableCell>{t('stmt.reference')}</TableCell>
              <TableCell>{t('stmt.description')}</TableCell>
              <TableCell align="right">{t('stmt.dueHead')}</TableCell>
              <TableCell align="right">{t('stmt.paidHead')}</TableCell>
              <TableCell align="right">{t('stmt.chequeInHand')}</TableCell>
              <TableCell align="right">{t('stmt.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.lines.map((line, index) => (
              <TableRow key={`${line.reference}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(line.date)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{isolate(line.reference)}</TableCell>
                <TableCell>
                  {descriptionOf(line, t, format)}
                  {/* A code never breaks at its hyphens (CNT-2026-00014). */}
                  {line.code ? (
                    <>
                      {' · '}
                      <bdi style={{ whiteSpace: 'nowrap' }}>{line.code}</bdi>
                    </>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.charge ? money(line.charge) : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.credit ? money(line.credit) : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.covering ? money(line.covering) : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(line.balance)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
