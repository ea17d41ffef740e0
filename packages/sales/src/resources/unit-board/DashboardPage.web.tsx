import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addMoney } from '@propdesk/finance';
import { formatNumber } from '@propdesk/i18n';
import { isolate, richText, useT } from '@propdesk/i18n/react';
import { humanize } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';
import type { SalesDashboard } from './model.js';
import { useSalesDashboardQuery } from './boardApi.web.js';
import { Columns, Figures, StackedBars, type Segment } from '../../web/dashboard/charts.js';
import { DashboardCard, DashboardFrame, Figure } from '../../web/dashboard/frame.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';
import { useIsolate, useStatusWords } from './boardWords.web.js';
import { unitBoardLinks } from './links.js';
import { holdLinks } from '../hold-requests/links.js';
import { reservationLinks } from '../reservations/links.js';

/** The dashboard's words and formats, in the page's language. */
function useWords() {
  const t = useT(salesCatalog);
  const format = useFormat();
  const money = (amount: string, currency: string) => format.money(amount, currency);
  const n = (value: number) => format.number(value);
  return { t, money, n, format };
}

function Inventory({ data }: { data: SalesDashboard }) {
  const { t, money, n, format } = useWords();
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
    <DashboardCard title={t('dash.inventory')} wide>
      <StackedBars
        rows={rows.map((row) => ({ label: row.label, values: row.values }))}
        segments={segments}
        label={t('dash.inventoryLabel', {
          rows: rows
            .map((row) => {
              const count = Object.values(row.values).reduce((a, b) => a + b, 0);
              return t('dash.inventoryRow', { project: row.label, count, n: n(count) });
            })
            .join('; '),
        })}
      />
      <Figures
        head={[t('dash.project'), t('dash.status'), t('dash.units'), t('dash.value')]}
        rows={data.inventory.map((row) => [row.project, data.statuses.find((status) => status.name === row.status)?.label ?? humanize(row.status), n(row.units), row.value === null ? '—' : money(row.value, row.currency)])}
      />
      {rows.some((row) => row.value !== null) ? (
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {rows.map((row) => (row.value !== null ? <Figure key={row.label} label={format.language === 'ar' ? richText(t, 'dash.listValue', { project: row.label }, { project: isolate(row.label) }) : t('dash.listValue', { project: row.label })} value={money(row.value, row.currency)} /> : null))}
        </Stack>
      ) : null}
    </DashboardCard>
  );
}

function Holds({ holds }: { holds: NonNullable<SalesDashboard['holds']> }) {
  const { t, n } = useWords();
  return (
    <DashboardCard title={t('dash.holds')}>
      <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
        <Figure label={t('dash.active')} value={n(holds.active)} />
        <Figure label={t('dash.expiringToday')} value={n(holds.expiringToday)} />
        <Figure label={t('dash.waitingApproval')} value={n(holds.pending)} />
      </Stack>
      {holds.byProject.every((row) => row.active === 0) ? <Typography variant="body2">{t('dash.noHolds')}</Typography> : null}
      <StackedBars
        rows={holds.byProject.filter((row) => row.active > 0).map((row) => ({ label: row.project, values: { expiring: row.expiringToday, later: row.active - row.expiringToday } }))}
        segments={[
          { key: 'expiring', label: t('dash.expiringToday'), color: '#e65100' },
          { key: 'later', label: t('dash.activeLater'), color: '#1565c0' },
        ]}
        label={t('dash.holdsLabel', { rows: holds.byProject.map((row) => t('dash.holdsRow', { project: row.project, active: n(row.active), expiring: n(row.expiringToday) })).join('; ') })}
      />
      <Button component={RouterLink} to={holdLinks.route} size="small">
        {t('dash.holdRequests')}
      </Button>
    </DashboardCard>
  );
}

function Eois({ eois }: { eois: NonNullable<SalesDashboard['eois']> }) {
  const { t, money, n } = useWords();
  return (
    <DashboardCard title={t('dash.eoisPerLaunch')}>
      {eois.length === 0 ? (
        <Typography variant="body2">{t('dash.noLaunches')}</Typography>
      ) : (
        <>
          <StackedBars
            rows={eois.map((row) => ({ label: row.launch, values: { paid: row.paid, unpaid: row.eois - row.paid }, note: t('dash.eoisNote', { eois: n(row.eois), tokens: n(row.tokens) }) }))}
            segments={[
              { key: 'paid', label: t('dash.paid'), color: '#2e7d32' },
              { key: 'unpaid', label: t('dash.notPaid'), color: '#bdbdbd' },
            ]}
            label={t('dash.eoisLabel', { rows: eois.map((row) => t('dash.eoisRow', { launch: row.launch, eois: n(row.eois), paid: n(row.paid), tokens: n(row.tokens), collected: money(row.collected, row.currency) })).join('; ') })}
          />
          <Figures
            head={[t('dash.launch'), t('dash.project'), t('dash.eois'), t('dash.paid'), t('dash.tokens'), t('dash.collected')]}
            rows={eois.map((row) => [row.launch, row.project, n(row.eois), n(row.paid), n(row.tokens), money(row.collected, row.currency)])}
          />
        </>
      )}
    </DashboardCard>
  );
}

function Reservations({ rows }: { rows: NonNullable<SalesDashboard['reservations']> }) {
  const { t, money, n } = useWords();
  const segments: Segment[] = [
    { key: 'waiting', label: t('dash.waitingApproval'), color: '#f9a825' },
    { key: 'week', label: t('dash.confirmedWeek'), color: '#2e7d32' },
    { key: 'month', label: t('dash.confirmedMonth'), color: '#81c784' },
  ];
  return (
    <DashboardCard title={t('dash.reservations')}>
      {rows.length === 0 ? <Typography variant="body2">{t('dash.noReservations')}</Typography> : null}
      {rows.map((row) => (
        <Box key={row.currency} sx={{ mb: 1 }}>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
            <Figure label={t('dash.waitingApproval')} value={n(row.waiting)} sub={money(row.waitingValue, row.currency)} />
            <Figure label={t('dash.confirmedWeek')} value={n(row.week)} sub={money(row.weekValue, row.currency)} />
            <Figure label={t('dash.confirmedMonth')} value={n(row.month)} sub={money(row.monthValue, row.currency)} />
          </Stack>
          <StackedBars
            rows={segments.map((segment) => ({ label: segment.label, values: { [segment.key]: row[segment.key as 'waiting' | 'week' | 'month'] } }))}
            segments={segments}
            label={t('dash.reservationsLabel', { currency: row.currency, waiting: n(row.waiting), week: n(row.week), month: n(row.month) })}
          />
        </Box>
      ))}
      <Button component={RouterLink} to={reservationLinks.route} size="small">
        {t('dash.reservations')}
      </Button>
    </DashboardCard>
  );
}

function Velocity({ projects }: { projects: NonNullable<SalesDashboard['velocity']> }) {
  const { t, money, n } = useWords();
  const format = useFormat();
  const data = useIsolate();
  return (
    <DashboardCard title={t('dash.velocity')} wide>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {projects.map((project) => {
          const units = project.weeks.reduce((sum, week) => sum + week.units, 0);
          const value = project.weeks.reduce((sum, week) => addMoney(sum, week.value), '0');
          const perWeek = project.weeks.length > 0 ? formatNumber(units / project.weeks.length, format.language, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) : n(0);
          const weeks = project.weeks.length;
          return (
            <Box key={project.projectId}>
              <Typography variant="subtitle2" component="h3">
                {data(project.project)}
                {project.launchDate ? t('dash.launched', { date: format.language === 'en' ? project.launchDate : format.date(project.launchDate) }) : ''}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('dash.velocitySummary', { count: units, n: n(units), value: money(value, project.currency), weeks, w: n(weeks), perWeek })}
              </Typography>
              <Columns
                points={project.weeks.map((week) => ({ label: week.week.slice(5), value: week.units, title: t('dash.weekOfTitle', { week: format.language === 'en' ? week.week : format.date(week.week), count: week.units, n: n(week.units), value: money(week.value, project.currency) }) }))}
                label={t('dash.velocityLabel', { project: project.project, count: units, n: n(units), weeks, w: n(weeks) })}
              />
              <Figures head={[t('dash.weekOf'), t('dash.units'), t('dash.value')]} rows={project.weeks.filter((week) => week.units > 0).map((week) => [format.language === 'en' ? week.week : format.date(week.week), n(week.units), money(week.value, project.currency)])} />
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
  const t = useT(salesCatalog);
  const { data: fetched, error, isFetching, refetch } = useSalesDashboardQuery(undefined, { pollingInterval: 60_000, refetchOnMountOrArgChange: true });
  const data = useStatusWords(fetched);
  return (
    <DashboardFrame label={t('dash.sales')} asOf={data?.asOf} isFetching={isFetching} refetch={refetch} error={error} links={[{ to: unitBoardLinks.route, label: t('dash.unitBoard') }]}>
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
