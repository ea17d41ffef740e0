import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addMoney } from '@propdesk/finance';
import { formatMoney, humanize } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';
import type { SalesDashboard } from './model.js';
import { useSalesDashboardQuery } from './boardApi.web.js';
import { Columns, Figures, StackedBars, type Segment } from '../../web/dashboard/charts.js';
import { DashboardCard, DashboardFrame, Figure } from '../../web/dashboard/frame.js';

const money = (amount: string, currency: string) => formatMoney(amount, currency);

function Inventory({ data }: { data: SalesDashboard }) {
  const segments: Segment[] = data.statuses.map((status) => ({ key: status.name, label: status.label, color: status.color }));
  const projects = new Map<string, { label: string; values: Record<string, number>; value: string | null; currency: string }>();
  for (const row of data.inventory) {
    const entry = projects.get(row.projectId) ?? { label: row.project, values: {}, value: row.value === null ? null : '0', currency: row.currency };
    entry.values[row.status] = row.units;
    if (entry.value !== null && row.value !== null) entry.value = addMoney(entry.value, row.value);
    projects.set(row.projectId, entry);
  }
  const rows = [...projects.values()];
  return (
    <DashboardCard title="Inventory by project and status" wide>
      <StackedBars rows={rows.map((row) => ({ label: row.label, values: row.values }))} segments={segments} label={`Units by status: ${rows.map((row) => `${row.label} ${Object.values(row.values).reduce((a, b) => a + b, 0)} units`).join('; ')}`} />
      <Figures
        head={['Project', 'Status', 'Units', 'Value']}
        rows={data.inventory.map((row) => [row.project, data.statuses.find((status) => status.name === row.status)?.label ?? humanize(row.status), row.units, row.value === null ? '—' : money(row.value, row.currency)])}
      />
      {rows.some((row) => row.value !== null) ? (
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {rows.map((row) => (row.value !== null ? <Figure key={row.label} label={`${row.label}, list value`} value={money(row.value, row.currency)} /> : null))}
        </Stack>
      ) : null}
    </DashboardCard>
  );
}

function Holds({ holds }: { holds: NonNullable<SalesDashboard['holds']> }) {
  return (
    <DashboardCard title="Holds">
      <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
        <Figure label="Active" value={holds.active} />
        <Figure label="Expiring today" value={holds.expiringToday} />
        <Figure label="Waiting for approval" value={holds.pending} />
      </Stack>
      {holds.byProject.every((row) => row.active === 0) ? <Typography variant="body2">No approved holds now.</Typography> : null}
      <StackedBars
        rows={holds.byProject.filter((row) => row.active > 0).map((row) => ({ label: row.project, values: { expiring: row.expiringToday, later: row.active - row.expiringToday } }))}
        segments={[
          { key: 'expiring', label: 'Expiring today', color: '#e65100' },
          { key: 'later', label: 'Active, later', color: '#1565c0' },
        ]}
        label={`Active holds by project: ${holds.byProject.map((row) => `${row.project} ${row.active}, ${row.expiringToday} expiring today`).join('; ')}`}
      />
      <Button component={RouterLink} to="/settings/leads/holdRequests" size="small">
        Hold requests
      </Button>
    </DashboardCard>
  );
}

function Eois({ eois }: { eois: NonNullable<SalesDashboard['eois']> }) {
  return (
    <DashboardCard title="EOIs per launch">
      {eois.length === 0 ? (
        <Typography variant="body2">No launches yet.</Typography>
      ) : (
        <>
          <StackedBars
            rows={eois.map((row) => ({ label: row.launch, values: { paid: row.paid, unpaid: row.eois - row.paid }, note: `${row.eois} EOIs, ${row.tokens} tokens` }))}
            segments={[
              { key: 'paid', label: 'Paid', color: '#2e7d32' },
              { key: 'unpaid', label: 'Not paid yet', color: '#bdbdbd' },
            ]}
            label={`EOIs per launch: ${eois.map((row) => `${row.launch} ${row.eois} EOIs, ${row.paid} paid, ${row.tokens} tokens, ${money(row.collected, row.currency)} collected`).join('; ')}`}
          />
          <Figures head={['Launch', 'Project', 'EOIs', 'Paid', 'Tokens', 'Collected']} rows={eois.map((row) => [row.launch, row.project, row.eois, row.paid, row.tokens, money(row.collected, row.currency)])} />
        </>
      )}
    </DashboardCard>
  );
}

function Reservations({ rows }: { rows: NonNullable<SalesDashboard['reservations']> }) {
  const segments: Segment[] = [
    { key: 'waiting', label: 'Waiting for approval', color: '#f9a825' },
    { key: 'week', label: 'Confirmed this week', color: '#2e7d32' },
    { key: 'month', label: 'Confirmed this month', color: '#81c784' },
  ];
  return (
    <DashboardCard title="Reservations">
      {rows.length === 0 ? <Typography variant="body2">No reservations waiting or confirmed.</Typography> : null}
      {rows.map((row) => (
        <Box key={row.currency} sx={{ mb: 1 }}>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
            <Figure label="Waiting for approval" value={row.waiting} sub={money(row.waitingValue, row.currency)} />
            <Figure label="Confirmed this week" value={row.week} sub={money(row.weekValue, row.currency)} />
            <Figure label="Confirmed this month" value={row.month} sub={money(row.monthValue, row.currency)} />
          </Stack>
          <StackedBars
            rows={segments.map((segment) => ({ label: segment.label, values: { [segment.key]: row[segment.key as 'waiting' | 'week' | 'month'] } }))}
            segments={segments}
            label={`Reservations in ${row.currency}: ${row.waiting} waiting, ${row.week} confirmed this week, ${row.month} this month`}
          />
        </Box>
      ))}
      <Button component={RouterLink} to="/Reservations" size="small">
        Reservations
      </Button>
    </DashboardCard>
  );
}

function Velocity({ projects }: { projects: NonNullable<SalesDashboard['velocity']> }) {
  return (
    <DashboardCard title="Sales velocity (reservations confirmed per week)" wide>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {projects.map((project) => {
          const units = project.weeks.reduce((sum, week) => sum + week.units, 0);
          const value = project.weeks.reduce((sum, week) => addMoney(sum, week.value), '0');
          const perWeek = project.weeks.length > 0 ? (units / project.weeks.length).toFixed(1) : '0';
          return (
            <Box key={project.projectId}>
              <Typography variant="subtitle2" component="h3">
                {project.project}
                {project.launchDate ? ` (launched ${project.launchDate})` : ''}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {units} units, {money(value, project.currency)} over {project.weeks.length} weeks; {perWeek} a week
              </Typography>
              <Columns
                points={project.weeks.map((week) => ({ label: week.week.slice(5), value: week.units, title: `Week of ${week.week}: ${week.units} units, ${money(week.value, project.currency)}` }))}
                label={`${project.project}: ${units} units reserved over ${project.weeks.length} weeks`}
              />
              <Figures head={['Week of', 'Units', 'Value']} rows={project.weeks.filter((week) => week.units > 0).map((week) => [week.week, week.units, money(week.value, project.currency)])} />
            </Box>
          );
        })}
      </Box>
    </DashboardCard>
  );
}

/**
 * The sales dashboard: inventory by project and status, holds, EOIs per launch, reservations waiting
 * and confirmed, and sales velocity. A part the user may not read is left out (the server sends null).
 */
export function DashboardPage() {
  const { data, error, isFetching, refetch } = useSalesDashboardQuery(undefined, { pollingInterval: 60_000, refetchOnMountOrArgChange: true });
  return (
    <DashboardFrame label="Sales dashboard" asOf={data?.asOf} isFetching={isFetching} refetch={refetch} error={error} links={[{ to: '/sales/units/board', label: 'Unit board' }]}>
      {data ? (
        <>
          <Inventory data={data} />
          {data.holds ? <Holds holds={data.holds} /> : null}
          {data.reservations ? <Reservations rows={data.reservations} /> : null}
          {data.eois ? <Eois eois={data.eois} /> : null}
          {data.velocity ? <Velocity projects={data.velocity} /> : null}
        </>
      ) : null}
    </DashboardFrame>
  );
}
