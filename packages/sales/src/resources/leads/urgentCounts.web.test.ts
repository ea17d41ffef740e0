import { beforeEach, describe, expect, it, vi } from 'vitest';

const countRecords = vi.hoisted(() => vi.fn<(resource: string, where: { children: { field: string }[] }) => Promise<number | null>>());
const signOutResets = vi.hoisted(() => [] as (() => void)[]);
vi.mock('@propdesk/api-client', () => ({ countRecords, onSignOut: (reset: () => void) => signOutResets.push(reset) }));

const { fetchUrgentCounts, peekUrgentCounts, prefetchUrgentCounts, takeUrgentCounts, urgentFilters } = await import('./urgentCounts.web.js');

/** The total the server would answer for a count's filter: 4 overdue, 9 expiring. */
function answerCounts() {
  countRecords.mockImplementation((_resource, where) => Promise.resolve(where.children[0]?.field === 'nextFollowUpAt' ? 4 : 9));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the urgent lead counts', () => {
  beforeEach(async () => {
    answerCounts();
    // Nothing left over from another test.
    await takeUrgentCounts();
    countRecords.mockClear();
  });

  it('asks for overdue follow-ups of assigned leads and validity ending within three days, one row each', async () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const { overdue, expiring } = urgentFilters(now);
    expect(overdue).toEqual({ join: 'and', children: [{ field: 'nextFollowUpAt', op: 'lt', value: now.toISOString() }, { field: 'assignedTo', op: 'notEmpty' }] });
    expect(expiring).toEqual({
      join: 'and',
      children: [
        { field: 'validUntil', op: 'gte', value: now.toISOString() },
        { field: 'validUntil', op: 'lte', value: '2026-11-26T10:00:00.000Z' },
      ],
    });
    expect(await fetchUrgentCounts()).toEqual([4, 9]);
    expect(countRecords).toHaveBeenCalledTimes(2);
    // api-client's count of the leads list (GET /api/leads?pageSize=1&where=…, calls.test.ts), one per filter.
    expect(countRecords.mock.calls.map(([resource, where]) => [resource, where.children[0]?.field])).toEqual([
      ['leads', 'nextFollowUpAt'],
      ['leads', 'validUntil'],
    ]);
  });

  it('hands the page the prefetched counts once: readable at first render when they have arrived, then fetched anew', async () => {
    prefetchUrgentCounts();
    expect(peekUrgentCounts()).toBeNull();
    await flush();
    expect(peekUrgentCounts()).toEqual([4, 9]);
    expect(await takeUrgentCounts()).toEqual([4, 9]);
    expect(countRecords).toHaveBeenCalledTimes(2);
    // Taken: the next visit counts again.
    expect(peekUrgentCounts()).toBeNull();
    expect(await takeUrgentCounts()).toEqual([4, 9]);
    expect(countRecords).toHaveBeenCalledTimes(4);
  });

  it('does not hand out counts prefetched too long ago', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      prefetchUrgentCounts();
      await vi.waitFor(() => expect(countRecords).toHaveBeenCalledTimes(2));
      vi.setSystemTime(Date.now() + 60_000);
      expect(peekUrgentCounts()).toBeNull();
      await takeUrgentCounts();
      expect(countRecords).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves out a count the server refuses', async () => {
    countRecords.mockImplementation((_resource, where) => (where.children[0]?.field === 'nextFollowUpAt' ? Promise.reject(new Error('403')) : Promise.resolve(2)));
    expect(await takeUrgentCounts()).toEqual([null, 2]);
  });

  it('forgets prefetched counts on sign-out: the next user never sees them', async () => {
    prefetchUrgentCounts();
    await flush();
    expect(peekUrgentCounts()).toEqual([4, 9]);
    expect(signOutResets).toHaveLength(1);
    for (const reset of signOutResets) reset();
    expect(peekUrgentCounts()).toBeNull();
    countRecords.mockClear();
    await takeUrgentCounts();
    expect(countRecords).toHaveBeenCalledTimes(2);
  });
});
