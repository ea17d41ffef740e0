// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { loadCatalog } from '@propdesk/i18n';
import type { RecordRow } from '@propdesk/records/model';
import { recordsApi } from '@propdesk/records/web';
import { grants, renderInStore, testStore } from '@propdesk/shell-ui/testing';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { apiKeyScreen } from './apiKeyExtensions.js';

/*
 * Issue 30: an API key is made and revoked through the base API's endpoints (apiKeyApi). These pin the
 * requests, what the dialogs show (the key once, a refusal on its field, the answer's message), and
 * that a key made or revoked, and only that, refreshes the keys' list as the screen's own invalidation did.
 */

const BASE = 'http://propdesk.test';
const ROLE = { id: '00000000-0000-4000-8000-0000000000c1', label: 'Sales agent' };
const KEY_ID = '00000000-0000-4000-8000-0000000000d1';
const server = setupServer();
const wait = { timeout: 20_000 };

beforeAll(async () => {
  await loadCatalog(settingsWebCatalog, 'en');
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
});
let listReads = 0;
beforeEach(() => {
  listReads = 0;
  server.use(
    http.get(`${BASE}/api/roles/options`, () => HttpResponse.json({ status: 'OK', data: [ROLE] })),
    http.get(`${BASE}/api/api-keys`, () => {
      listReads += 1;
      return HttpResponse.json({ status: 'OK', data: [], total: 0, page: 1, pageSize: 25 });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  resetConfig();
});

/** The screen's part over a store whose keys' list is on screen (subscribed), as on the keys page. */
async function renderWithList(node: ReactNode) {
  const store = testStore(grants('apiKey', ['read', 'create', 'delete']));
  const list = store.dispatch(recordsApi.endpoints.listRecords.initiate({ resource: 'api-keys', params: {} }));
  await list;
  expect(listReads).toBe(1);
  renderInStore(node, { store, language: 'en' });
  return { unsubscribe: () => list.unsubscribe() };
}

describe('an API key made', { timeout: 30_000 }, () => {
  it('posts its name, roles and expiry; a refusal is put on its field; the key made is shown once and the list refreshed', async () => {
    const sent: { body: unknown; source: string | null }[] = [];
    let refuse = true;
    server.use(
      http.post(`${BASE}/api/api-keys`, async ({ request }) => {
        sent.push({ body: await request.json(), source: request.headers.get('X-Change-Source') });
        if (refuse) return HttpResponse.json({ status: 'ERROR', message: 'Validation failed', errors: [{ field: 'roles', message: 'Choose at least one role' }] }, { status: 400 });
        return HttpResponse.json({ status: 'OK', data: { id: KEY_ID, name: 'Website form', key: 'pdk_secret', prefix: 'pdk_sec' }, message: 'API key created.' }, { status: 201 });
      }),
    );
    const list = await renderWithList(apiKeyScreen.listHeader);
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = screen.getByRole('dialog', { name: 'New API key' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: ' Website form ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one role', {}, wait)).toBeInTheDocument();
    expect(sent).toEqual([{ body: { name: 'Website form', roles: [], expiresAt: null }, source: 'screen' }]);
    expect(listReads).toBe(1);

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const made = await screen.findByRole('dialog', { name: 'Copy the key for “Website form”' }, wait);
    expect(within(made).getByRole('textbox', { name: 'API key' })).toHaveValue('pdk_secret');
    await waitFor(() => expect(listReads).toBe(2), wait);
    list.unsubscribe();
  });
});

describe('an API key revoked', { timeout: 30_000 }, () => {
  it('is deleted after the question, with the answer’s message, and the list refreshed; a failure is said and refreshes nothing', async () => {
    const deleted: (string | null)[] = [];
    let fail = true;
    server.use(
      http.delete(`${BASE}/api/api-keys/${KEY_ID}`, ({ request }) => {
        deleted.push(request.headers.get('X-Change-Source'));
        if (fail) return HttpResponse.json({ status: 'ERROR', message: 'No API key with this id.' }, { status: 404 });
        return HttpResponse.json({ status: 'OK', data: { id: KEY_ID }, message: 'API key revoked: it is refused from now on.' });
      }),
    );
    const list = await renderWithList(apiKeyScreen.renderExtra!({ id: KEY_ID, name: 'Website form', revokedAt: null } as unknown as RecordRow));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API key with this id.', {}, wait)).toBeInTheDocument();
    expect(listReads).toBe(1);

    fail = false;
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked: it is refused from now on.', {}, wait)).toBeInTheDocument();
    expect(deleted).toEqual(['screen', 'screen']);
    await waitFor(() => expect(listReads).toBe(2), wait);
    list.unsubscribe();
  });
});
