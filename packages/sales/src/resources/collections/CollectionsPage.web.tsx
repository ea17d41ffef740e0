import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useChecker } from '@propdesk/auth-session/web';
import type { Translate } from '@propdesk/i18n';
import { useT } from '@propdesk/i18n/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CollectionsDashboard } from './model.js';
import { Columns, Figures, StackedBars, type Segment } from '../../web/dashboard/charts.js';
import { useCollectionsDashboardQuery } from './collectionsApi.web.js';
import { DashboardCard, DashboardFrame, Figure } from '../../web/dashboard/frame.js';
import { RemindBandDialog } from './RemindBandDialog.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat, type SalesFormat } from '../../web/i18n/format.js';
import { chequeLinks } from '../cheques/links.js';
import { contractLinks } from '../contracts/links.js';
import { contractPaymentLinks } from '../installments/links.js';
import { collectionSettingLinks } from '../collection-settings/links.js';

/** Bar lengths only: the figures people read stay decimal strings. */
const length = (amount: string) => Number(amount);

/** The words and formats of the page's language, as one value passed to the cards. */
type Words = { t: Translate<SalesKey>; format: SalesFormat };

function useWords(): Words {
  return { t: useT(salesCatalog), format: useFormat() };
}

const ageSegments = (t: Words['t']): Segment[] => [
  { key: 'd0_30', label: t('coll.age0_30'), color: '#f9a825' },
  { key: 'd31_60', label: t('coll.age31_60'), color: '#ef6c00' },
  { key: 'd61_90', label: t('coll.age61_90'), color: '#d84315' },
  { key: 'd90', label: t('coll.age90'), color: '#b71c1c' },
];

function Due({ data }: { data: CollectionsDashboard }) {
  const { t, format } = useWords();
  const money = (amount: string, currency: string) => format.money(amount, currency);
  const installments = (count: number, covered: string, currency: string) => t('coll.installmentsCovered', { count, n: format.number(count), covered: money(covered, currency) });
  return (
    <DashboardCard title={t('coll.due')}>
      {data.due.length === 0 ? <Typography variant="body2">{t('coll.nothingOwed')}</Typography> : null}
      {data.due.map((line) => (
        <Stack key={line.currency} direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Figure label={t('coll.thisWeek', { range: format.dateRange(data.week.from, data.week.to) })} value={money(line.week, line.currency)} sub={installments(line.weekRows, line.weekCovered, line.currency)} />
          <Figure label={t('coll.thisMonth', { month: format.month(data.month.from) })} value={money(line.month, line.currency)} sub={installments(line.monthRows, line.monthCovered, line.currency)} />
          <Figure label={t('coll.pastDue')} value={money(line.overdue, line.currency)} sub={t('coll.installments', { count: line.overdueRows, n: format.number(line.overdueRows) })} />
        </Stack>
      ))}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('coll.owedNote')}
      </Typography>
    </DashboardCard>
  );
}

/** "Remind an age band…" for those who may send customer messages (the server judges again). */
function RemindBand({ rows }: { rows: CollectionsDashboard['aging'] }) {
  const checker = useChecker();
  const { t } = useWords();
  const [open, setOpen] = useState(false);
  if (!checker.can('customerMessage', 'create')) return null;
  const projects = [...new Map(rows.map((row) => [row.projectId, { id: row.projectId, name: row.project }])).values()];
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start', mt: 1 }}>
        {t('coll.remindBand')}
      </Button>
      {open ? <RemindBandDialog projects={projects} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function Aging({ rows }: { rows: CollectionsDashboard['aging'] }) {
  const { t, format } = useWords();
  const money = (amount: string, currency: string) => format.money(amount, currency);
  const AGES = ageSegments(t);
  const label = (row: CollectionsDashboard['aging'][number]) => `${row.project} · ${row.agent ?? t('coll.noAgent')}`;
  return (
    <DashboardCard title={t('coll.pastDueByAge')} wide>
      {rows.length === 0 ? (
        <Typography variant="body2">{t('coll.nothingPastDue')}</Typography>
      ) : (
        <>
          <StackedBars
            rows={rows.map((row) => ({ label: label(row), values: { d0_30: length(row.d0_30), d31_60: length(row.d31_60), d61_90: length(row.d61_90), d90: length(row.d90) } }))}
            segments={AGES}
            label={t('coll.pastDueLabel', { rows: rows.map((row) => `${label(row)} ${money(row.total, row.currency)}`).join('; ') })}
          />
          <Figures
            head={[t('coll.project'), t('coll.agent'), ...AGES.map((age) => age.label), t('coll.total')]}
            rows={rows.map((row) => [row.project, row.agent ?? '—', money(row.d0_30, row.currency), money(row.d31_60, row.currency), money(row.d61_90, row.currency), money(row.d90, row.currency), money(row.total, row.currency)])}
          />
          <RemindBand rows={rows} />
        </>
      )}
    </DashboardCard>
  );
}

function Expected({ rows }: { rows: CollectionsDashboard['expected'] }) {
  const { t, format } = useWords();
  const money = (amount: string, currency: string) => format.money(amount, currency);
  const currencies = [...new Set(rows.map((row) => row.currency))];
  return (
    <DashboardCard title={t('coll.expected')} wide>
      {rows.length === 0 ? <Typography variant="body2">{t('coll.noneExpected')}</Typography> : null}
      {currencies.map((currency) => {
        const mine = rows.filter((row) => row.currency === currency);
        return (
          <Box key={currency}>
            <Columns
              points={mine.map((row) => ({
                label: format.month(row.month),
                value: length(row.amount),
                title: t('coll.expectedTitle', { month: format.month(row.month), amount: money(row.amount, currency), count: row.rows, n: format.number(row.rows), covered: money(row.covered, currency) }),
              }))}
              label={t('coll.expectedLabel', { currency, rows: mine.map((row) => `${format.month(row.month)} ${money(row.amount, currency)}`).join('; ') })}
            />
            <Figures
              head={[t('coll.month'), t('coll.installmentsHead'), t('coll.notYetPaid'), t('coll.ofItCheques')]}
              rows={mine.map((row) => [format.month(row.month), format.number(row.rows), money(row.amount, currency), money(row.covered, currency)])}
            />
          </Box>
        );
      })}
    </DashboardCard>
  );
}

function Cheques({ rows, week }: { rows: NonNullable<CollectionsDashboard['cheques']>; week: CollectionsDashboard['week'] }) {
  const { t, format } = useWords();
  const money = (amount: string) => format.money(amount);
  return (
    <DashboardCard title={t('coll.chequesToDeposit')}>
      {rows.length === 0 ? (
        <Typography variant="body2">{t('coll.noCheques', { date: format.date(week.to) })}</Typography>
      ) : (
        <>
          <StackedBars
            rows={rows.map((row) => ({ label: row.bank, values: { late: length(row.late), week: Math.max(0, length(row.amount) - length(row.late)) } }))}
            segments={[
              { key: 'late', label: t('coll.dueBeforeToday'), color: '#d84315' },
              { key: 'week', label: t('coll.dueThisWeek'), color: '#1565c0' },
            ]}
            label={t('coll.chequesLabel', { rows: rows.map((row) => t('coll.chequesRow', { bank: row.bank, count: row.rows, n: format.number(row.rows), amount: money(row.amount) })).join('; ') })}
          />
          <Figures
            head={[t('coll.bank'), t('coll.cheques'), t('coll.amount'), t('coll.dueBeforeToday')]}
            rows={rows.map((row) => [row.bank, format.number(row.rows), money(row.amount), `${format.number(row.lateRows)}: ${money(row.late)}`])}
          />
        </>
      )}
      <Button component={RouterLink} to={chequeLinks.route} size="small">
        {t('coll.chequeRegister')}
      </Button>
    </DashboardCard>
  );
}

/**
 * The collections dashboard: owed this week and month, past due by age per project and agent, and
 * the cash the ledgers expect by month, and cheques to deposit (the server answers only the rows the reader may see).
 */
export function CollectionsPage() {
  const { t } = useWords();
  const { data, error, isFetching, refetch } = useCollectionsDashboardQuery(undefined, { pollingInterval: 60_000, refetchOnMountOrArgChange: true });
  const links = [
    { to: contractLinks.route, label: t('coll.contracts') },
    { to: contractPaymentLinks.route, label: t('coll.contractPayments') },
    { to: collectionSettingLinks.route, label: t('coll.collectionSettings') },
  ];
  return (
    <DashboardFrame label={t('coll.dashboard')} asOf={data?.asOf} isFetching={isFetching} refetch={refetch} error={error} links={links}>
      {data ? (
        <>
          <Due data={data} />
          {data.cheques ? <Cheques rows={data.cheques} week={data.week} /> : null}
          <Aging rows={data.aging} />
          <Expected rows={data.expected} />
        </>
      ) : null}
    </DashboardFrame>
  );
}
