// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { baseApi, clearSignOutResets, resetApiStateOnSignOut, resetClientState } from '@propdesk/api-client';
import { sources, sourceTypes } from '../test/definitions.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';
import { optionsPath, recordsApi } from './api.js';
import { ResourcePage } from './ResourcePage.js';

/*
 * Issue 30: the form's own reads (a picker's search, naming and narrowing; a unique field's check) and the
 * picker's inline create go through the records API's endpoints. These pin what they ask and what the
 * form shows: one request per pause in typing, a search typed past never shown, the create's refusal
 * named, a unique clash named and linked.
 */

const user = userEvent.setup({ delay: null });
const DIGITAL = { id: '11111111-1111-4111-8111-111111111111', label: 'Digital' };
const DIRECT = { id: '22222222-2222-4222-8222-222222222222', label: 'Direct mail' };

const server = mockEngineApi([sourceTypes, sources]);

const available = http.get(`${BASE}/api/sources/unique`, () => HttpResponse.json({ status: 'OK', data: { available: true, clash: null } }));

/** The engine's create form of a source; `createType`: the user may create a source type (the picker offers "Create …"). */
function renderCreate(createType = true) {
  renderRoutes([{ path: '/sources', element: <ResourcePage def={sources} /> }], '/sources?create=1', [...grant('source', ['read', 'create']), ...(createType ? grant('sourcetype', ['create']) : [])]);
  return screen.findByRole('form', { name: 'New source' });
}

describe('the options path', () => {
  it('is the text or the ids, then the field the picker fills and the form value it must match', () => {
    expect(optionsPath({ resource: 'units', q: 'a b/c' })).toBe('/api/units/options?q=a%20b%2Fc');
    expect(optionsPath({ resource: 'units', q: '', pickFor: 'deals.unit', match: 'project:1' })).toBe('/api/units/options?q=&for=deals.unit&match=project%3A1');
    expect(optionsPath({ resource: 'units', ids: 'a,b', pickFor: 'deals.unit' })).toBe('/api/units/options?ids=a%2Cb&for=deals.unit');
    expect(optionsPath({ resource: 'units', ids: 'a', match: 'project:1' })).toBe('/api/units/options?ids=a');
  });
});

describe('a picker’s search', () => {
  it('asks once the user pauses, and never shows the answer of a search typed past', { timeout: 60_000 }, async () => {
    const asked: string[] = [];
    let answerSlowSearch: () => void = () => undefined;
    const slowSearch = new Promise<void>((resolve) => {
      answerSlowSearch = resolve;
    });
    server.use(
      available,
      http.get(`${BASE}/api/source-types/options`, async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        // The search for "D" answers last, after the user has typed on.
        if (q === 'D') {
          await slowSearch;
          return HttpResponse.json({ status: 'OK', data: [DIRECT] });
        }
        return HttpResponse.json({ status: 'OK', data: [DIGITAL, DIRECT].filter((option) => option.label.toLowerCase().startsWith(q.toLowerCase())) });
      }),
    );
    const form = await renderCreate(false);
    const picker = within(form).getByRole('combobox', { name: 'Source type' });
    await user.click(picker);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Digital', 'Direct mail']);
    expect(asked).toEqual(['']);

    // Typed at once: one search, for the whole text.
    await user.type(picker, 'Dig');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Digital']));
    expect(asked).toEqual(['', 'Dig']);

    // "D" is asked and still unanswered when "Dig" is typed: "Dig" shows, and "D"'s late answer never does.
    await user.clear(picker);
    await waitFor(() => expect(asked.at(-1)).toBe(''));
    await user.type(picker, 'D');
    await waitFor(() => expect(asked.at(-1)).toBe('D'));
    await user.type(picker, 'ig');
    await waitFor(() => expect(asked.at(-1)).toBe('Dig'));
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Digital']));
    answerSlowSearch();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Digital']);
    expect(asked).toEqual(['', 'Dig', '', 'D', 'Dig']);
  });

  it('creates the missing record from the typed name, and names the field when the server refuses', { timeout: 60_000 }, async () => {
    const posted: { body: unknown; source: string | null }[] = [];
    let refuse = false;
    server.use(
      available,
      http.get(`${BASE}/api/source-types/options`, () => HttpResponse.json({ status: 'OK', data: [] })),
      http.post(`${BASE}/api/source-types`, async ({ request }) => {
        posted.push({ body: await request.json(), source: request.headers.get('X-Change-Source') });
        if (refuse) return HttpResponse.json({ status: 'ERROR', message: 'Invalid.', errors: [{ field: 'name', message: 'Already used by Print' }] }, { status: 400 });
        return HttpResponse.json({ status: 'OK', data: { id: '33333333-3333-4333-8333-333333333333', name: 'Print', version: 1 } }, { status: 201 });
      }),
    );
    const form = await renderCreate();
    const picker = within(form).getByRole('combobox', { name: 'Source type' });
    await user.click(picker);
    await user.type(picker, 'Print');
    await user.click(await screen.findByRole('option', { name: 'Create “Print”' }));
    expect(await screen.findByText('Source type “Print” created.')).toBeInTheDocument();
    expect(picker).toHaveValue('Print');
    expect(posted).toEqual([{ body: { name: 'Print' }, source: 'screen' }]);

    refuse = true;
    await user.clear(picker);
    await user.type(picker, 'Print');
    await user.click(await screen.findByRole('option', { name: 'Create “Print”' }));
    expect(await screen.findByText('Source type not created: Name already used by print.')).toBeInTheDocument();
    expect(posted).toHaveLength(2);
  });
});

describe('a unique field’s check', () => {
  it('asks 400 ms after the last key, names and links a clash, and clears it when the value is free', { timeout: 60_000 }, async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${BASE}/api/sources/unique`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const clash = params.get('value') === 'Billboard' ? { id: 'x', label: 'Billboard', link: '/settings/leads/sources?record=x' } : null;
        return HttpResponse.json({ status: 'OK', data: { available: !clash, clash } });
      }),
    );
    const form = await renderCreate();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Billboard');
    expect(await within(form).findByText(/Already used by Billboard/)).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Open the record that uses it' })).toHaveAttribute('href', '/settings/leads/sources?record=x');
    // One check for the whole word: the field, the value, no record yet, no scope.
    expect(asked.map((params) => Object.fromEntries(params))).toEqual([{ field: 'name', value: 'Billboard', scope: '{}' }]);

    await user.type(name, ' 2');
    await waitFor(() => expect(within(form).queryByText(/Already used by Billboard/)).not.toBeInTheDocument());
    expect(within(form).queryByRole('link', { name: 'Open the record that uses it' })).not.toBeInTheDocument();
    expect(asked.map((params) => params.get('value'))).toEqual(['Billboard', 'Billboard 2']);
  });
});

describe('what the form’s reads leave in the store', () => {
  it('keeps no answer once it is read, and a sign-out forgets whatever is there', async () => {
    server.use(http.get(`${BASE}/api/source-types/options`, () => HttpResponse.json({ status: 'OK', data: [DIGITAL] })));
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (getDefault) => getDefault().concat(baseApi.middleware) });
    const unsubscribe = resetApiStateOnSignOut(store.dispatch);
    try {
      // Subscribed (as a screen would be), so it stays until the sign-out.
      const kept = store.dispatch(recordsApi.endpoints.referenceOptions.initiate({ resource: 'source-types', q: 'Dig' }));
      expect(await kept.unwrap()).toEqual([DIGITAL]);
      expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
      resetClientState();
      expect(store.getState().api.queries).toEqual({});
      kept.unsubscribe();

      // Asked as the picker asks (no subscription): gone once answered.
      const asked = store.dispatch(recordsApi.endpoints.referenceOptions.initiate({ resource: 'source-types', q: 'Dig' }, { subscribe: false, forceRefetch: true }));
      expect(await asked.unwrap()).toEqual([DIGITAL]);
      await waitFor(() => expect(store.getState().api.queries).toEqual({}));
    } finally {
      unsubscribe();
      clearSignOutResets();
    }
  });
});
