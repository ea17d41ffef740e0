import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useChecker } from '@propdesk/auth-session/web';
import { formatDate, formatDateRange, formatMoney, formatMonth } from '@propdesk/records/web';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CollectionsDashboard } from './model.js';
import { Columns, Figures, StackedBars, type Segment } from '../../web/dashboard/charts.js';
import { useCollectionsDashboardQuery } from './collectionsApi.web.js';
import { DashboardCard, DashboardFrame, Figure } from '../../web/dashboard/frame.js';
import { RemindBandDialog } from './RemindBandDialog.web.js';

const LINKS = [
  { to: '/sales/contracts', label: 'Contracts' },
  { to: '/sales/contracts/payments', label: 'Contract payments' },
  { to: '/sales/contracts/collections/settings', label: 'Collection settings' },
];

const money = (amount: string, currency: string) => formatMoney(amount, currency);
/** Bar lengths only: the figures people read stay decimal strings. */
const length = (amount: string) => Number(amount);

const AGES: Segment[] = [
  { key: 'd0_30', label: '0–30 days', color: '#f9a825' },
  { key: 'd31_60', label: '31–60 days', color: '#ef6c00' },
  { key: 'd61_90', label: '61–90 days', color: '#d84315' },
  { key: 'd90', label: 'Over 90 days', color: '#b71c1c' },
];

function Due({ data }: { data: CollectionsDashboard }) {
  return (
    <DashboardCard title="Due">
      {data.due.length === 0 ? <Typography variant="body2">Nothing owed this week or month, and nothing past due.</Typography> : null}
      {data.due.map((line) => (
        <Stack key={line.currency} direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Figure label={`This week (${formatDateRange(data.week.from, data.week.to)})`} value={money(line.week, line.currency)} sub={`${line.weekRows} installments · ${money(line.weekCovered, line.currency)} covered by cheques`} />
          <Figure label={`This month (${formatMonth(data.month.from)})`} value={money(line.month, line.currency)} sub={`${line.monthRows} installments · ${money(line.monthCovered, line.currency)} covered by cheques`} />
          <Figure label="Past due" value={money(line.overdue, line.currency)} sub={`${line.overdueRows} installments`} />
        </Stack>
      ))}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Owed: neither paid nor covered by a cheque in hand (a part payment counts for its rest). A cheque in hand covers its installment until it clears; past its date
        without clearing, what it covers is past due. Cairo dates.
      </Typography>
    </DashboardCard>
  );
}

/** "Remind an age band…" for those who may send customer messages (the server judges again). */
function RemindBand({ rows }: { rows: CollectionsDashboard['aging'] }) {
  const checker = useChecker();
  const [open, setOpen] = useState(false);
  if (!checker.can('customerMessage', 'create')) return null;
  const projects = [...new Map(rows.map((row) => [row.projectId, { id: row.projectId, name: row.project }])).values()];
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start', mt: 1 }}>
        Remind an age band…
      </Button>
      {open ? <RemindBandDialog projects={projects} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function Aging({ rows }: { rows: CollectionsDashboard['aging'] }) {
  const label = (row: CollectionsDashboard['aging'][number]) => `${row.project} · ${row.agent ?? 'No agent'}`;
  return (
    <DashboardCard title="Past due by age" wide>
      {rows.length === 0 ? (
        <Typography variant="body2">Nothing past due.</Typography>
      ) : (
        <>
          <StackedBars
            rows={rows.map((row) => ({ label: label(row), values: { d0_30: length(row.d0_30), d31_60: length(row.d31_60), d61_90: length(row.d61_90), d90: length(row.d90) } }))}
            segments={AGES}
            label={`Past due by project and agent: ${rows.map((row) => `${label(row)} ${money(row.total, row.currency)}`).join('; ')}`}
          />
          <Figures
            head={['Project', 'Agent', ...AGES.map((age) => age.label), 'Total']}
            rows={rows.map((row) => [row.project, row.agent ?? '—', money(row.d0_30, row.currency), money(row.d31_60, row.currency), money(row.d61_90, row.currency), money(row.d90, row.currency), money(row.total, row.currency)])}
          />
          <RemindBand rows={rows} />
        </>
      )}
    </DashboardCard>
  );
}

function Expected({ rows }: { rows: CollectionsDashboard['expected'] }) {
  const currencies = [...new Set(rows.map((row) => row.currency))];
  return (
    <DashboardCard title="Expected cash by month" wide>
      {rows.length === 0 ? <Typography variant="body2">No installments due in the next twelve months.</Typography> : null}
      {currencies.map((currency) => {
        const mine = rows.filter((row) => row.currency === currency);
        return (
          <Box key={currency}>
            <Columns
              points={mine.map((row) => ({ label: formatMonth(row.month), value: length(row.amount), title: `${formatMonth(row.month)}: ${money(row.amount, currency)} (${row.rows} installments; ${money(row.covered, currency)} covered by cheques)` }))}
              label={`Expected cash in ${currency} by month: ${mine.map((row) => `${formatMonth(row.month)} ${money(row.amount, currency)}`).join('; ')}`}
            />
            <Figures head={['Month', 'Installments', 'Not yet paid', 'Of it, cheques in hand']} rows={mine.map((row) => [formatMonth(row.month), row.rows, money(row.amount, currency), money(row.covered, currency)])} />
          </Box>
        );
      })}
    </DashboardCard>
  );
}

function Cheques({ rows, week }: { rows: NonNullable<CollectionsDashboard['cheques']>; week: CollectionsDashboard['week'] }) {
  return (
    <DashboardCard title="Cheques to deposit">
      {rows.length === 0 ? (
        <Typography variant="body2">No received cheques due by {formatDate(week.to)}.</Typography>
      ) : (
        <>
          <StackedBars
            rows={rows.map((row) => ({ label: row.bank, values: { late: length(row.late), week: Math.max(0, length(row.amount) - length(row.late)) } }))}
            segments={[
              { key: 'late', label: 'Due before today', color: '#d84315' },
              { key: 'week', label: 'Due this week', color: '#1565c0' },
            ]}
            label={`Cheques to deposit by bank: ${rows.map((row) => `${row.bank} ${row.rows} cheques, ${formatMoney(row.amount)}`).join('; ')}`}
          />
          <Figures head={['Bank', 'Cheques', 'Amount', 'Due before today']} rows={rows.map((row) => [row.bank, row.rows, formatMoney(row.amount), `${row.lateRows}: ${formatMoney(row.late)}`])} />
        </>
      )}
      <Button component={RouterLink} to="/settings/leads/Cheques" size="small">
        Cheque register
      </Button>
    </DashboardCard>
  );
}

/**
 * The collections dashboard: owed this week and month, past due by age per project and agent, and
 * the cash the ledgers expect by month, and cheques to deposit (the server answers only the rows the reader may see).
 */
export function CollectionsPage() {
  const { data, error, isFetching, refetch } = useCollectionsDashboardQuery(undefined, { pollingInterval: 60_000, refetchOnMountOrArgChange: true });
  return (
    <DashboardFrame label="Collections dashboard" asOf={data?.asOf} isFetching={isFetching} refetch={refetch} error={error} links={LINKS}>
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
