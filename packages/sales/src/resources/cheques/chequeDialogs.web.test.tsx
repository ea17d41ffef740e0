// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ResourcePage } from '@propdesk/records/web';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { SALES_RESOURCES } from '../manifest.js';
import { chequeExtras } from './ChequePanels.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const ID = '00000000-0000-4000-8000-0000000000d1';
const RECEIPT = '00000000-0000-4000-8000-0000000000d2';
const server = mockSalesApi();
const cheques = SALES_RESOURCES.find((def) => def.name === 'cheques')!;
const user = userEvent.setup();
/** The machine may be busy: the first paint of the view can take seconds. */
const wait = { timeout: 20_000 };

const cheque = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  version: 3,
  active: true,
  createdOn: '2026-11-20T00:00:00.000Z',
  modifiedOn: '2026-11-20T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  title: 'NBE 100201 · 250,000.00',
  number: '100201',
  dueDate: '2027-03-12',
  amount: '250000.00',
  drawer: 'Sherif Abdelaziz',
  receivedOn: '2026-11-20',
  receipt: RECEIPT,
  status: 'received',
  depositEarly: true,
  depositNote: 'It is dated 12 Mar 2027 (in 105 days): the bank will not take it before then. To deposit it now, give the reason; it is kept in the history.',
  bounceChargeNote: 'Palm Heights has no bounce charge: none is added.',
  refLabels: { bank: 'National Bank of Egypt', customer: 'Sherif Abdelaziz', contract: 'CNT-2026-00001', receipt: 'RCT-2026-00040' },
  ...overrides,
});

const items = [
  { id: 'i1', label: 'RCT-2026-00040 #5 due 2027-03-12', kind: 'installment', amount: '250000.00', counts: true, cleared: false, refLabels: {} },
];

function renderView(record: Record<string, unknown>, actions: string[] = []) {
  const sent: { action: string; body: unknown }[] = [];
  server.use(
    http.get(`${BASE}/api/cheques/${ID}`, () => HttpResponse.json({ status: 'OK', data: record })),
    http.get(`${BASE}/api/cheques/${ID}/usage`, () => HttpResponse.json({ status: 'OK', data: [] })),
    http.get(`${BASE}/api/cheques/${ID}/history`, () => HttpResponse.json({ status: 'OK', data: [] })),
    http.get(`${BASE}/api/cheques/deposit-calendar`, () => HttpResponse.json({ status: 'OK', data: { from: '2026-11-23', to: '2026-11-29', banks: [] } })),
    http.get(`${BASE}/api/receipt-items`, () => HttpResponse.json({ status: 'OK', data: items, total: items.length, page: 1, pageSize: 200 })),
    http.post(`${BASE}/api/cheques/${ID}/actions/:action`, async ({ request, params }) => {
      sent.push({ action: String(params.action), body: await request.json() });
      return HttpResponse.json({ status: 'OK', data: record, message: 'Done.' });
    }),
  );
  renderRoutesInStore([{ path: '/settings/leads/Cheques', element: <ResourcePage def={cheques} {...chequeExtras} /> }], `/settings/leads/Cheques?record=${ID}`, grants('cheque', ['read', 'update', ...actions]));
  return sent;
}

describe('a cheque’s view and its dialogs', () => {
  it('says a post-dated cheque covers and is not yet paid, and that the bank takes it only from its date, before the user tries', { timeout: 60_000 }, async () => {
    const sent = renderView(cheque());
    const panel = await screen.findByLabelText('Installments covered', undefined, wait);
    expect(within(panel).getByRole('alert')).toHaveTextContent('Post-dated: It is dated 12 Mar 2027 (in 105 days): the bank will not take it before then.');
    expect(await within(panel).findByText('Covers', undefined, wait)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', undefined, wait);
    expect(dialog).toHaveTextContent('Deposit cheque 100201? It is dated 12 Mar 2027 (in 105 days): the bank will not take it before then. To deposit it now, give the reason');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason to deposit before its date' }), 'The bank agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    await screen.findByText('Done.', undefined, wait);
    expect(sent).toEqual([{ action: 'deposit', body: { reason: 'The bank agreed' } }]);
  });

  it('says truthfully what a bounce charges: the amount, or that the project has none', { timeout: 60_000 }, async () => {
    renderView(cheque({ status: 'deposited', depositEarly: false, depositNote: 'It is dated 20 Nov 2026: the bank takes it.' }), ['approve']);
    await user.click(await screen.findByRole('button', { name: 'Bounced' }, wait));
    const dialog = await screen.findByRole('dialog', undefined, wait);
    expect(dialog).toHaveTextContent('Cheque 100201 bounced? What it covers is reopened on its installments. Palm Heights has no bounce charge: none is added.');
    expect(dialog).not.toHaveTextContent('the bounce charge added');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    cleanup();
    server.resetHandlers();
    renderView(cheque({ status: 'deposited', depositEarly: false, bounceChargeNote: 'The bounce charge of Palm Heights, 500.00 EGP, is added to CNT-2026-00001.' }), ['approve']);
    await user.click(await screen.findByRole('button', { name: 'Bounced' }, wait));
    expect(await screen.findByRole('dialog', undefined, wait)).toHaveTextContent('The bounce charge of Palm Heights, 500.00 EGP, is added to CNT-2026-00001.');
  });
});
