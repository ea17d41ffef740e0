import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import type { ResourcePageProps } from '@propdesk/records/web';
import { formatNumber } from '@propdesk/i18n';
import { isolate, useLanguage, useT } from '@propdesk/i18n/react';
import type { ReactNode } from 'react';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';

type Match = { eoiId: string; eoi: string; token: number; tokenLabel: string | null; customer: string | null; unit: string; price: string | null; by: 'hand' | number };
type Conflict = { eoi: string; token: number | null; kind: string; unit: string | null; message: string };
type Run = { setup: { name: string }; plan: { name: string }; matches: Match[]; conflicts: Conflict[] };

const KINDS = new Set(['no_unit', 'wanted_by_two', 'taken', 'not_paid', 'no_such_unit']);
/** At most this many rows of each table are drawn; the counts above them say how many there are. */
const SHOWN = 500;

/** The panel's words: a conflict's kind and sentence (English: the sentence the server stored), money, data isolated in Arabic. */
function usePanelWords(setup: string) {
  const t = useT(salesCatalog);
  const language = useLanguage();
  const known = (kind: string) => KINDS.has(kind);
  // A name or code inside a plain-text Arabic sentence: first-strong isolate, so it keeps its own order (decision 249).
  const inText = (value: string) => (language === 'ar' ? `\u2068${value}\u2069` : value);
  return {
    t,
    inText,
    data: (value: ReactNode) => (language === 'ar' ? isolate(value) : value),
    kind: (kind: string) => (known(kind) ? t(`bulk.kind.${kind}` as SalesKey) : kind),
    said: (item: Conflict) => (language === 'en' || !known(item.kind) ? item.message : t(`bulk.said.${item.kind}` as SalesKey, { eoi: inText(item.eoi), unit: inText(item.unit ?? ''), setup: inText(setup) })),
    money: (value: string | null) => (value === null ? '—' : formatNumber(Number(value), language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
  };
}

/** The dry run of a bulk deal: every match with its price and plan, and every conflict. */
export function BulkDealPanel({ record }: { record: RecordRow }) {
  const run = record.result as Run | null | undefined;
  const { t, inText, data, kind, said, money } = usePanelWords(run?.setup?.name ?? '');
  if (!run || !Array.isArray(run.matches)) {
    return <Alert severity="info">{t('bulk.noRun')}</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h6">
        {t('bulk.summary', { matches: String(run.matches.length), conflicts: String(run.conflicts.length), plan: inText(run.plan.name) })}
      </Typography>
      {run.conflicts.length > 0 ? (
        <Paper variant="outlined">
          <Table size="small" aria-label={t('bulk.conflicts')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('bulk.token')}</TableCell>
                <TableCell>{t('bulk.eoi')}</TableCell>
                <TableCell>{t('bulk.conflict')}</TableCell>
                <TableCell>{t('bulk.unit')}</TableCell>
                <TableCell>{t('bulk.whatHappened')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {run.conflicts.slice(0, SHOWN).map((item, index) => (
                <TableRow key={`${item.eoi}-${index}`}>
                  <TableCell>{item.token ?? '—'}</TableCell>
                  <TableCell>{data(item.eoi)}</TableCell>
                  <TableCell>
                    <Chip size="small" color="warning" label={kind(item.kind)} />
                  </TableCell>
                  <TableCell>{item.unit ? data(item.unit) : '—'}</TableCell>
                  <TableCell>{said(item)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      <Paper variant="outlined">
        <Table size="small" aria-label={t('bulk.matches')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('bulk.token')}</TableCell>
              <TableCell>{t('bulk.eoi')}</TableCell>
              <TableCell>{t('bulk.customer')}</TableCell>
              <TableCell>{t('bulk.unit')}</TableCell>
              <TableCell align="right">{t('bulk.price')}</TableCell>
              <TableCell>{t('bulk.plan')}</TableCell>
              <TableCell>{t('bulk.by')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {run.matches.slice(0, SHOWN).map((item) => (
              <TableRow key={item.eoiId}>
                <TableCell>{item.tokenLabel ?? item.token}</TableCell>
                <TableCell>{data(item.eoi)}</TableCell>
                <TableCell>{item.customer ? data(item.customer) : '—'}</TableCell>
                <TableCell>{data(item.unit)}</TableCell>
                <TableCell align="right">{money(item.price)}</TableCell>
                <TableCell>{data(run.plan.name)}</TableCell>
                <TableCell>{item.by === 'hand' ? t('bulk.byHand') : t('bulk.preference', { n: String(item.by) })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {run.matches.length > SHOWN || run.conflicts.length > SHOWN ? (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('bulk.firstRows', { n: String(SHOWN) })}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}

export const bulkDealPage: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <BulkDealPanel record={record} />,
};
