import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useCurrentUser } from '@propdesk/auth-session/web';
import type { Translate } from '@propdesk/i18n';
import { useT } from '@propdesk/i18n/react';
import type { FilterNode } from '@propdesk/records/model';
import { getResource, registerResources, ResourcePage, type BoardLayoutOptions } from '@propdesk/records/web';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SALES_RESOURCES } from '../manifest.js';
import { LeadCard, urgencyOf } from './LeadCard.web.js';
import { duplicateCheck } from './leadForms.web.js';
import { useLeadUrgentCountsQuery } from './leadApi.web.js';
import { LeadPanel } from './LeadPanel.web.js';
import { peekUrgentCounts, urgentFilters } from './urgentCounts.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat } from '../../web/i18n/format.js';
import { leadLinks, leadsWhereLink, WALK_IN_LEAD_ROUTE } from './links.js';

const DAY = 86_400_000;
const endOfToday = () => {
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  return end.toISOString();
};
const whereLink = (where: FilterNode, sort: string) => leadsWhereLink(where, sort);

/** The quick views of the leads list (the list's own filter state in the URL, so they can be saved as views). */
function quickViews(me: string | null, t: Translate<SalesKey>) {
  const now = new Date().toISOString();
  const mine = me ? [{ field: 'assignedTo', op: 'eq' as const, value: me }] : [];
  return [
    { label: t('leads.myFollowUpsToday'), to: whereLink({ join: 'and', children: [...mine, { field: 'nextFollowUpAt', op: 'lte', value: endOfToday() }] }, 'nextFollowUpAt') },
    { label: t('leads.expiringThisWeek'), to: whereLink({ join: 'and', children: [{ field: 'validUntil', op: 'gte', value: now }, { field: 'validUntil', op: 'lte', value: new Date(Date.now() + 7 * DAY).toISOString() }] }, 'validUntil') },
    { label: t('leads.overdueFollowUps'), to: whereLink({ join: 'and', children: [{ field: 'nextFollowUpAt', op: 'lt', value: now }] }, 'nextFollowUpAt') },
    { label: t('leads.pool'), to: whereLink({ join: 'and', children: [{ field: 'assignedTo', op: 'empty' }] }, '-createdOn') },
  ];
}

type Urgent = { key: string; label: (count: number) => string; to: string; count: number | null; color: 'error' | 'warning' };

/**
 * How many of the caller's leads need attention now: overdue follow-ups and validity ending within
 * three days. Counted once per visit (and again when a lead changes); the route starts the counts
 * with the page's code (`prefetchUrgentCounts`), so they usually show with the page's first render.
 */
function useUrgent(): Urgent[] {
  const t = useT(salesCatalog);
  const { number } = useFormat();
  const { data } = useLeadUrgentCountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const counts = data ?? peekUrgentCounts() ?? [null, null];
  const { overdue, expiring } = urgentFilters();
  return [
    { key: 'overdue', label: (count) => t('leads.urgentOverdue', { count, n: number(count) }), to: whereLink(overdue, 'nextFollowUpAt'), count: counts[0], color: 'error' },
    { key: 'expiring', label: (count) => t('leads.urgentExpiring', { count, n: number(count) }), to: whereLink(expiring, 'validUntil'), count: counts[1], color: 'warning' },
  ];
}

/** The board layout of leads: columns by status, cards dragged one step along the pipeline, urgent ones marked. */
const board: BoardLayoutOptions = {
  groupBy: 'status',
  columnSort: 'sortOrder,name',
  move: 'next',
  sort: 'nextFollowUpAt,-createdOn',
  accent: (lead) => {
    const { overdue, expiring } = urgencyOf(lead);
    return overdue ? 'error.main' : expiring ? 'warning.main' : undefined;
  },
  renderCard: (lead) => <LeadCard lead={lead} />,
};

/** Leads: the engine's list (or its board by status), the lead's page with ownership, activities and timeline. */
export function LeadsPage() {
  registerResources(SALES_RESOURCES);
  const def = getResource('leads');
  const [search] = useSearchParams();
  const me = useCurrentUser()?.userId ?? null;
  const t = useT(salesCatalog);
  const urgent = useUrgent();
  const layout = search.get('layout') === 'board' ? 'board' : 'list';
  const header = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
      {layout === 'list'
        ? quickViews(me, t).map((view) => (
            <Button key={view.label} size="small" component={RouterLink} to={view.to}>
              {view.label}
            </Button>
          ))
        : null}
      {urgent
        .filter((item): item is Urgent & { count: number } => Boolean(item.count))
        .map((item) => (
          <Chip key={item.key} clickable component={RouterLink} to={item.to} color={item.color} label={item.label(item.count)} data-testid="lead-urgent" />
        ))}
      <Button component={RouterLink} to={WALK_IN_LEAD_ROUTE} sx={{ marginInlineStart: { md: 'auto' } }}>
        {t('leads.walkIn')}
      </Button>
    </Stack>
  );
  return (
    <ResourcePage
      def={def}
      listHeader={header}
      layouts={{ board }}
      createPath={leadLinks.linkToCreate()}
      formExtension={duplicateCheck}
      renderExtra={(record) => <LeadPanel record={record} />}
    />
  );
}
