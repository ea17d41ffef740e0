import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { baseApi, resetApiStateOnSignOut, withParams } from './baseApi.js';
import { configureApiClient, resetApiClientEnvironment } from './environment.js';
import { resetSessionState } from './session.js';
import { resetClientState } from './signOut.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetApiClientEnvironment();
  resetSessionState();
});

type Thing = { id: string };

const thingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listThings: build.query<Thing[], { q?: string }>({ query: (params) => ({ url: '/api/things', params }) }),
    createThing: build.mutation<Thing, { name: string }>({
      query: (body) => ({ url: '/api/things', method: 'POST', body }),
    }),
  }),
});

function makeStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

describe('baseApi', () => {
  it("uses reducerPath 'api'", () => {
    expect(baseApi.reducerPath).toBe('api');
  });

  it('runs injected queries and mutations through apiRequest', async () => {
    let query = '';
    let body: unknown;
    server.use(
      http.get('/api/things', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json([{ id: '1' }]);
      }),
      http.post('/api/things', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: '2' }, { status: 201 });
      }),
    );
    const store = makeStore();
    const list = await store.dispatch(thingsApi.endpoints.listThings.initiate({ q: 'a b' }));
    expect(list.data).toEqual([{ id: '1' }]);
    expect(query).toBe('?q=a+b');
    const created = await store.dispatch(thingsApi.endpoints.createThing.initiate({ name: 'x' }));
    expect(created.data).toEqual({ id: '2' });
    expect(body).toEqual({ name: 'x' });
  });

  it('reports an HttpError as the one ApiError, with the parsed body as data', async () => {
    const envelope = { status: 'ERROR', message: 'bad', errors: [{ field: 'name', message: 'Taken' }], current: { id: '1', version: 3 } };
    server.use(http.get('/api/things', () => HttpResponse.json(envelope, { status: 409 })));
    const result = await makeStore().dispatch(thingsApi.endpoints.listThings.initiate({}));
    expect(result.error).toEqual({
      status: 409,
      message: 'bad',
      errors: [{ field: 'name', message: 'Taken' }],
      current: { id: '1', version: 3 },
      data: envelope,
    });
  });

  it('reports no answer as FETCH_ERROR', async () => {
    server.use(http.get('/api/things', () => HttpResponse.error()));
    const result = await makeStore().dispatch(thingsApi.endpoints.listThings.initiate({}));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR', errors: [] });
  });

  it('forgets every cached answer when the session ends (resetApiStateOnSignOut)', async () => {
    let calls = 0;
    server.use(http.get('/api/things', () => HttpResponse.json([{ id: String((calls += 1)) }])));
    const store = makeStore();
    const unsubscribe = resetApiStateOnSignOut(store.dispatch);
    await store.dispatch(thingsApi.endpoints.listThings.initiate({}));
    expect(thingsApi.endpoints.listThings.select({})(store.getState()).data).toEqual([{ id: '1' }]);
    resetClientState();
    expect(thingsApi.endpoints.listThings.select({})(store.getState()).data).toBeUndefined();
    expect(store.getState().api.queries).toEqual({});
    unsubscribe();
  });

  it('gets the 423 handling of apiRequest', async () => {
    const navigate = vi.fn();
    configureApiClient({ navigate });
    server.use(http.get('/api/things', () => new HttpResponse(null, { status: 423 })));
    const result = await makeStore().dispatch(thingsApi.endpoints.listThings.initiate({}));
    expect(result.error).toMatchObject({ status: 423, message: 'Forbidden - Access denied' });
    expect(navigate).toHaveBeenCalledWith('/not-authorized');
  });

  it('gets the 401 restore and repeat of apiRequest', async () => {
    let restored = false;
    server.use(
      http.get('/api/things', () => (restored ? HttpResponse.json([]) : new HttpResponse(null, { status: 401 }))),
      http.get('/api/users/restore-session', () => {
        restored = true;
        return HttpResponse.json({});
      }),
    );
    const result = await makeStore().dispatch(thingsApi.endpoints.listThings.initiate({}));
    expect(result.data).toEqual([]);
  });
});

describe('withParams', () => {
  it('leaves out empty values and repeats arrays', () => {
    expect(withParams('/api/x', { a: 1, b: undefined, c: null, d: ['p', 'q'] })).toBe('/api/x?a=1&d=p&d=q');
    expect(withParams('/api/x?z=1', { a: true })).toBe('/api/x?z=1&a=true');
    expect(withParams('/api/x', {})).toBe('/api/x');
  });
});
