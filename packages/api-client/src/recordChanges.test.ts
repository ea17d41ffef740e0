import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseApi, invalidateOnRecordChanges } from './baseApi.js';
import {
  RECORD_TAG,
  changesTag,
  createChangeApplier,
  parseRecordChanges,
  readsTags,
  receiveRecordChanges,
  recordTag,
  resourceTag,
  rowTags,
  tagsForChange,
  type RecordInvalidation,
} from './recordChanges.js';
import { resetClientState } from './signOut.js';

describe('the invalidation rule', () => {
  it('refreshes what holds a changed record and the figures computed from its resource', () => {
    expect(tagsForChange({ resource: 'contracts', id: 'c1', version: 4, op: 'update' })).toEqual([recordTag('contracts', 'c1'), changesTag('contracts')]);
  });

  it('refreshes the lists of a resource that gained or lost a record', () => {
    expect(tagsForChange({ resource: 'receipts', id: 'r1', version: 1, op: 'create' })).toEqual([recordTag('receipts', 'r1'), changesTag('receipts'), resourceTag('receipts')]);
    expect(tagsForChange({ resource: 'receipts', id: 'r1', op: 'delete' })).toContainEqual(resourceTag('receipts'));
  });

  it('refreshes everything of a resource of which many records changed, and everything when told so', () => {
    expect(tagsForChange({ resource: 'installments', op: 'many' })).toEqual([resourceTag('installments'), changesTag('installments')]);
    expect(tagsForChange({ resource: '*', op: 'many' })).toEqual([RECORD_TAG]);
  });

  it('names the tags a list and an aggregate provide', () => {
    expect(rowTags('eois', [{ id: 'a' }, { id: 'b' }])).toEqual([resourceTag('eois'), recordTag('eois', 'a'), recordTag('eois', 'b')]);
    expect(readsTags('installments', 'receipts')).toEqual([resourceTag('installments'), changesTag('installments'), resourceTag('receipts'), changesTag('receipts')]);
  });

  it('reads the event and the header, and refuses what is not one', () => {
    expect(parseRecordChanges('{"changes":[{"resource":"eois","id":"e1","version":2,"op":"update"}]}')).toEqual([{ resource: 'eois', id: 'e1', version: 2, op: 'update' }]);
    expect(parseRecordChanges({ changes: [{ resource: 'eois', op: 'rename' }] })).toBeNull();
    expect(parseRecordChanges('not json')).toBeNull();
  });
});

/** A hand-driven clock for the applier's batching and throttling. */
function fakeClock() {
  let time = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 0;
  return {
    now: () => time,
    setTimeout: (fn: () => void, ms: number) => {
      const id = ++next;
      timers.push({ at: time + ms, fn, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
    advance(ms: number) {
      const until = time + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > until) break;
        timers.shift();
        time = due.at;
        due.fn();
      }
      time = until;
    },
  };
}

const ids = (calls: RecordInvalidation[][]) => calls.map((tags) => tags.map((tag) => (typeof tag === 'string' ? tag : tag.id)).sort());

describe('the change applier', () => {
  it("applies the writer's answer at once, and skips the same version when it comes back on the stream", () => {
    const clock = fakeClock();
    const calls: RecordInvalidation[][] = [];
    const applier = createChangeApplier((tags) => calls.push(tags), clock);
    applier.apply([{ resource: 'reservations', id: 'x', version: 3, op: 'update' }], 'response');
    expect(ids(calls)).toEqual([['reservations#x', 'reservations*']]);
    applier.apply([{ resource: 'reservations', id: 'x', version: 3, op: 'update' }], 'stream');
    clock.advance(1000);
    expect(calls).toHaveLength(1);
    // Someone else's later change of it is news.
    applier.apply([{ resource: 'reservations', id: 'x', version: 4, op: 'update' }], 'stream');
    clock.advance(49);
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect(ids(calls)[1]).toContain('reservations#x');
  });

  it('gathers stream changes into one invalidation', () => {
    const clock = fakeClock();
    const calls: RecordInvalidation[][] = [];
    const applier = createChangeApplier((tags) => calls.push(tags), clock);
    applier.apply([{ resource: 'installments', id: 'i1', version: 2, op: 'update' }], 'stream');
    applier.apply([{ resource: 'installments', id: 'i2', version: 2, op: 'update' }, { resource: 'contracts', id: 'c', version: 5, op: 'update' }], 'stream');
    clock.advance(50);
    expect(ids(calls)).toEqual([['contracts#c', 'contracts*', 'installments#i1', 'installments#i2', 'installments*']]);
  });

  it("throttles what refreshes many records (lists, figures), never what refreshes one record", () => {
    const clock = fakeClock();
    const calls: RecordInvalidation[][] = [];
    const applier = createChangeApplier((tags) => calls.push(tags), { ...clock, throttleMs: 2000 });
    for (let n = 1; n <= 20; n += 1) {
      applier.apply([{ resource: 'leads', id: `l${n}`, version: 1, op: 'create' }], 'stream');
      clock.advance(100);
    }
    // 20 leads created in 2 s: every lead's own tag at once, the leads lists twice (at once, then 2 s later).
    clock.advance(2000);
    const listRefreshes = ids(calls).filter((tags) => tags.includes('leads')).length;
    expect(listRefreshes).toBe(2);
    const recordTags = ids(calls).flat().filter((id) => id.startsWith('leads#'));
    expect(new Set(recordTags).size).toBe(20);
  });

  it('forgets everything on reset (sign-out)', () => {
    const clock = fakeClock();
    const calls: RecordInvalidation[][] = [];
    const applier = createChangeApplier((tags) => calls.push(tags), clock);
    applier.apply([{ resource: 'eois', id: 'e', version: 2, op: 'update' }], 'response');
    applier.apply([{ resource: 'eois', id: 'f', version: 2, op: 'update' }], 'stream');
    applier.reset();
    clock.advance(100);
    expect(calls).toHaveLength(1);
    // The version seen before the reset is not remembered for the next user.
    applier.apply([{ resource: 'eois', id: 'e', version: 2, op: 'update' }], 'response');
    expect(calls).toHaveLength(2);
  });
});

describe('record changes against a store', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  afterEach(() => {
    server.resetHandlers();
    resetClientState();
  });

  const api = baseApi.injectEndpoints({
    endpoints: (build) => ({
      contract: build.query<{ id: string; paid: string }, string>({
        query: (id) => `/api/contracts/${id}`,
        providesTags: (_result, _error, id) => [resourceTag('contracts'), recordTag('contracts', id)],
      }),
      recordReceipt: build.mutation<unknown, void>({
        query: () => ({ url: '/api/receipts', method: 'POST', body: {} }),
        invalidatesTags: [resourceTag('receipts')],
      }),
    }),
  });

  it("refreshes a contract on screen when a receipt's answer says it changed it, before the mutation resolves", async () => {
    let paid = '0.00';
    let reads = 0;
    server.use(
      http.get('/api/contracts/c1', () => {
        reads += 1;
        return HttpResponse.json({ id: 'c1', paid });
      }),
      http.post('/api/receipts', () => {
        paid = '150000.00';
        return HttpResponse.json(
          { status: 'OK', data: { id: 'r1' } },
          { status: 201, headers: { 'X-Record-Changes': JSON.stringify({ changes: [{ resource: 'receipts', id: 'r1', version: 1, op: 'create' }, { resource: 'contracts', id: 'c1', version: 7, op: 'update' }] }) } },
        );
      }),
    );
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (getDefault) => getDefault().concat(baseApi.middleware) });
    const uninstall = invalidateOnRecordChanges(store.dispatch);
    const view = store.dispatch(api.endpoints.contract.initiate('c1'));
    await view;
    expect(reads).toBe(1);
    await store.dispatch(api.endpoints.recordReceipt.initiate());
    // By the time the mutation resolves, the contract is being read again (never shown as it was afterwards).
    const right = api.endpoints.contract.select('c1')(store.getState());
    expect(right.status === 'pending' || right.data?.paid === '150000.00').toBe(true);
    await expect.poll(() => api.endpoints.contract.select('c1')(store.getState()).data?.paid).toBe('150000.00');
    expect(reads).toBe(2);
    // The same change heard again on the stream reads nothing more.
    receiveRecordChanges({ changes: [{ resource: 'contracts', id: 'c1', version: 7, op: 'update' }] }, 'stream');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(reads).toBe(2);
    // Someone else's later change does.
    paid = '300000.00';
    receiveRecordChanges({ changes: [{ resource: 'contracts', id: 'c1', version: 8, op: 'update' }] }, 'stream');
    await expect.poll(() => api.endpoints.contract.select('c1')(store.getState()).data?.paid).toBe('300000.00');
    view.unsubscribe();
    uninstall();
  });

  it('drops a changed record nobody shows from the cache, so opening it again never shows it as it was', async () => {
    server.use(http.get('/api/contracts/c2', () => HttpResponse.json({ id: 'c2', paid: '0.00' })));
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (getDefault) => getDefault().concat(baseApi.middleware) });
    const uninstall = invalidateOnRecordChanges(store.dispatch);
    const view = store.dispatch(api.endpoints.contract.initiate('c2'));
    await view;
    view.unsubscribe();
    expect(api.endpoints.contract.select('c2')(store.getState()).data).toBeDefined();
    receiveRecordChanges({ changes: [{ resource: 'contracts', id: 'c2', version: 2, op: 'update' }] }, 'response');
    await expect.poll(() => api.endpoints.contract.select('c2')(store.getState()).data).toBeUndefined();
    uninstall();
  });
});
