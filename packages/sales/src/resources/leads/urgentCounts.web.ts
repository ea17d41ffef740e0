import { countRecords, onSignOut } from '@propdesk/api-client';
import type { FilterNode } from '@propdesk/records/model';

const DAY = 86_400_000;
/** How long counts started on entering the leads route wait for the page to take them. */
const FRESH_MS = 10_000;

export type UrgentCounts = readonly [overdue: number | null, expiring: number | null];

/** The caller's leads that need attention now: overdue follow-ups and validity ending within three days. */
export function urgentFilters(now = new Date()): { overdue: FilterNode; expiring: FilterNode } {
  const at = now.toISOString();
  return {
    overdue: { join: 'and', children: [{ field: 'nextFollowUpAt', op: 'lt', value: at }, { field: 'assignedTo', op: 'notEmpty' }] },
    expiring: {
      join: 'and',
      children: [
        { field: 'validUntil', op: 'gte', value: at },
        { field: 'validUntil', op: 'lte', value: new Date(now.getTime() + 3 * DAY).toISOString() },
      ],
    },
  };
}

/** Both counts (the server scopes them to the caller's leads); a count that fails is null, so no chip shows. */
export function fetchUrgentCounts(): Promise<UrgentCounts> {
  const { overdue, expiring } = urgentFilters();
  // api-client's named count: the route's prefetch runs outside React and the store (no endpoint to dispatch).
  const count = (where: FilterNode) => countRecords('leads', where).catch(() => null);
  return Promise.all([count(overdue), count(expiring)]);
}

type Early = { at: number; counts: Promise<UrgentCounts>; value?: UrgentCounts };
let early: Early | null = null;
// The counts are the signed-in user's: a sign-out forgets any not taken yet.
onSignOut(() => {
  early = null;
});

const freshEarly = () => (early && Date.now() - early.at < FRESH_MS ? early : null);

/** The leads route's prefetch: the counts start while the page's code loads. */
export function prefetchUrgentCounts(): void {
  const started: Early = { at: Date.now(), counts: fetchUrgentCounts() };
  void started.counts.then((value) => {
    started.value = value;
  });
  early = started;
}

/** The prefetched counts if they have already arrived, for the page's first render. */
export function peekUrgentCounts(): UrgentCounts | null {
  return freshEarly()?.value ?? null;
}

/** The prefetched counts (once), or new ones. */
export function takeUrgentCounts(): Promise<UrgentCounts> {
  const taken = freshEarly();
  early = null;
  return taken ? taken.counts : fetchUrgentCounts();
}
