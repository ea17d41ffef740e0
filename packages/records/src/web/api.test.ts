import { http, HttpResponse } from 'msw';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { baseApi } from '@propdesk/api-client';
import { sessionSlice } from '@propdesk/auth-session/web';
import { projects } from '../test/definitions.js';
import { BASE, mockEngineApi } from '../test/page.js';
import { recordsApi } from './api.js';

const server = mockEngineApi([projects]);

describe('the records API in the browser', () => {
  it('reads other resources again after an action, whose effects reach them (a bounce reverses receipt items)', async () => {
    let itemReads = 0;
    server.use(
      http.get(`${BASE}/api/receipt-items`, () => {
        itemReads += 1;
        return HttpResponse.json({ status: 'OK', data: [], total: 0, page: 1, pageSize: 25 });
      }),
      http.post(`${BASE}/api/cheques/:id/actions/bounce`, () => HttpResponse.json({ status: 'OK', data: { id: 'c1', version: 2 } })),
    );
    const store = configureStore({
      reducer: combineSlices(sessionSlice, baseApi),
      middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
    });
    const items = store.dispatch(recordsApi.endpoints.listRecords.initiate({ resource: 'receipt-items', params: {} }));
    await items;
    expect(itemReads).toBe(1);
    await store.dispatch(recordsApi.endpoints.runAction.initiate({ resource: 'cheques', id: 'c1', action: 'bounce', reason: 'Insufficient funds' }));
    await vi.waitFor(() => expect(itemReads).toBe(2));
    items.unsubscribe();
  });
});
