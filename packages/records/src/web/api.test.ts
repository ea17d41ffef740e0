import { http, HttpResponse } from 'msw';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { baseApi, invalidateOnRecordChanges } from '@propdesk/api-client';
import { sessionSlice } from '@propdesk/auth-session/web';
import { projects } from '../test/definitions.js';
import { BASE, mockEngineApi } from '../test/page.js';
import { recordsApi } from './api.js';

const server = mockEngineApi([projects]);

describe('the records API in the browser', () => {
  it("reads again what an action's answer says it changed elsewhere (a bounce reverses receipt items), and only that", async () => {
    let itemReads = 0;
    let otherReads = 0;
    server.use(
      http.get(`${BASE}/api/receipt-items`, () => {
        itemReads += 1;
        return HttpResponse.json({ status: 'OK', data: [{ id: 'i1', version: itemReads }], total: 1, page: 1, pageSize: 25 });
      }),
      http.get(`${BASE}/api/suppliers`, () => {
        otherReads += 1;
        return HttpResponse.json({ status: 'OK', data: [{ id: 's1', version: 1 }], total: 1, page: 1, pageSize: 25 });
      }),
      http.post(`${BASE}/api/cheques/:id/actions/bounce`, () =>
        HttpResponse.json(
          { status: 'OK', data: { id: 'c1', version: 2 } },
          { headers: { 'X-Record-Changes': JSON.stringify({ changes: [{ resource: 'cheques', id: 'c1', version: 2, op: 'update' }, { resource: 'receipt-items', id: 'i1', version: 2, op: 'update' }] }) } },
        ),
      ),
    );
    const store = configureStore({
      reducer: combineSlices(sessionSlice, baseApi),
      middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
    });
    const uninstall = invalidateOnRecordChanges(store.dispatch);
    const items = store.dispatch(recordsApi.endpoints.listRecords.initiate({ resource: 'receipt-items', params: {} }));
    const others = store.dispatch(recordsApi.endpoints.listRecords.initiate({ resource: 'suppliers', params: {} }));
    await Promise.all([items, others]);
    expect([itemReads, otherReads]).toEqual([1, 1]);
    await store.dispatch(recordsApi.endpoints.runAction.initiate({ resource: 'cheques', id: 'c1', action: 'bounce', reason: 'Insufficient funds' }));
    await vi.waitFor(() => expect(itemReads).toBe(2));
    // A list that holds none of the changed records is not read again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(otherReads).toBe(1);
    items.unsubscribe();
    others.unsubscribe();
    uninstall();
  });
});
