// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { CollectionsPage } from './CollectionsPage.web.js';
import { CustomerStatement } from './CustomerStatement.web.js';
import type { CollectionsDashboard, CustomerStatement as Statement } from './model.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const CUSTOMER = '00000000-0000-4000-8000-0000000000e1';
const server = mockSalesApi({ stubResizeObserver: true });
/** The machine may be busy: the first paint can take seconds. */
const wait = { timeout: 20_000 };

const renderWith = (node: ReactNode, privileges: [string, string][]) =>
  renderInStore(node, { privileges: privileges.map(([entityName, action]) => ({ entityName, action })) });

const statement = (overrides: Partial<Statement> = {}): Statement => ({
  customer: { id: CUSTOMER, name: 'Rania Mostafa' },
  asOf: '2026-11-27',
  lines: [
    { date: '2026-01-11', kind: 'charge', reference: 'CNT-2026-00002 #1', description: 'Down payment', code: null, charge: '1200000.00', credit: null, covering: null, balance: '1200000.00' },
    { date: '2026-01-11', kind: 'receipt', reference: 'RCT-2026-00003', description: 'Bank transfer', code: 'CNT-2026-00002', charge: null, credit: '1200000.00', covering: null, balance: '0.00' },
    { date: '2026-07-11', kind: 'charge', reference: 'CNT-2026-00002 #2', description: 'Installment', code: null, charge: '480000.00', credit: null, covering: null, balance: '480000.00' },
    { date: '2026-11-20', kind: 'cheque', reference: 'RCT-2026-00051', description: 'Cheque in hand, dated 26 Nov 2026', code: 'CIB 100204 · CNT-2026-00002', charge: null, credit: null, covering: '480000.00', balance: '480000.00' },
  ],
  charges: '1680000.00',
  receipts: '1200000.00',
  balance: '480000.00',
  covered: '480000.00',
  notYetDue: '4320000.00',
  remaining: '4800000.00',
  ...overrides,
});

describe('the statement of account on the customer’s view', () => {
  it('lists a cheque in hand with what it covers, moving no balance, and closes on what is owed', { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/customers/${CUSTOMER}/statement`, () => HttpResponse.json({ status: 'OK', data: statement() })));
    renderWith(<CustomerStatement customerId={CUSTOMER} />, [['customer', 'read'], ['contractPayment', 'read']]);
    const region = await screen.findByRole('region', { name: 'Statement of account' }, wait);
    expect(within(region).getByText(/^Balance owed: /)).toHaveTextContent('Balance owed: 480,000.00 EGP');
    expect(within(region).getByText(/^Cheques in hand: /)).toHaveTextContent('Cheques in hand: 480,000.00 EGP');
    expect(within(region).queryByText(/favour/)).not.toBeInTheDocument();
    const cheque = within(region).getAllByRole('row').at(-1)!;
    expect(within(cheque).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '20 Nov 2026',
      'RCT-2026-00051',
      'Cheque in hand, dated 26 Nov 2026 · CIB 100204 · CNT-2026-00002',
      '',
      '',
      '480,000.00 EGP',
      '480,000.00 EGP',
    ]);
  });

  it('says paid ahead of the schedule, not a credit, while anything is still to pay', { timeout: 60_000 }, async () => {
    server.use(
      http.get(`${BASE}/api/customers/${CUSTOMER}/statement`, () =>
        HttpResponse.json({ status: 'OK', data: statement({ balance: '-480000.00', receipts: '2160000.00', covered: '0.00', remaining: '3840000.00' }) }),
      ),
    );
    renderWith(<CustomerStatement customerId={CUSTOMER} />, [['customer', 'read'], ['contractPayment', 'read']]);
    const region = await screen.findByRole('region', { name: 'Statement of account' }, wait);
    expect(within(region).getByText(/^Paid ahead/)).toHaveTextContent('Paid ahead of the schedule: 480,000.00 EGP');
    expect(within(region).queryByText(/favour/)).not.toBeInTheDocument();
  });
});

describe('the collections dashboard', () => {
  it('writes the week and the months as a person reads them, and what cheques in hand cover', { timeout: 60_000 }, async () => {
    const data: CollectionsDashboard = {
      asOf: '2026-11-27T18:00:00.000Z',
      today: '2026-11-27',
      week: { from: '2026-11-23', to: '2026-11-29' },
      month: { from: '2026-11-01', to: '2026-11-30' },
      due: [{ currency: 'EGP', weekRows: 2, week: '150000.00', weekCovered: '480000.00', monthRows: 3, month: '200000.00', monthCovered: '480000.00', overdueRows: 4, overdue: '900000.00' }],
      aging: [],
      expected: [{ currency: 'EGP', month: '2026-12', rows: 5, amount: '750000.00', covered: '250000.00' }],
      cheques: null,
    };
    server.use(http.get(`${BASE}/api/collections/dashboard`, () => HttpResponse.json({ status: 'OK', data })));
    renderWith(<CollectionsPage />, [['contractPayment', 'read']]);
    expect(await screen.findByText('This week (23–29 Nov 2026)', undefined, wait)).toBeInTheDocument();
    expect(screen.getByText('This month (Nov 2026)')).toBeInTheDocument();
    expect(screen.getByText('2 installments · 480,000.00 EGP covered by cheques')).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-23/)).not.toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Expected cash by month' });
    expect(within(figures).getAllByText('Dec 2026').length).toBeGreaterThan(0);
    expect(within(figures).queryByText('2026-12')).not.toBeInTheDocument();
  });
});

describe('reminding an age band from the collections dashboard (issue 28)', () => {
  const PROJECT = '00000000-0000-4000-8000-0000000000a1';
  const data: CollectionsDashboard = {
    asOf: '2026-11-27T18:00:00.000Z',
    today: '2026-11-27',
    week: { from: '2026-11-23', to: '2026-11-29' },
    month: { from: '2026-11-01', to: '2026-11-30' },
    due: [],
    aging: [{ projectId: PROJECT, project: 'North Coast Bay', currency: 'EGP', agentId: null, agent: null, d0_30: '0.00', d31_60: '90000.00', d61_90: '0.00', d90: '0.00', total: '90000.00' }],
    expected: [],
    cheques: null,
  };

  it('counts the band first, then sends to those it reaches; a reader without customerMessage create sees no button', { timeout: 60_000 }, async () => {
    const asked: string[] = [];
    const sent: unknown[] = [];
    server.use(
      http.get(`${BASE}/api/collections/dashboard`, () => HttpResponse.json({ status: 'OK', data })),
      http.get(`${BASE}/api/collections/reminders`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const band = url.searchParams.get('band');
        return HttpResponse.json({ status: 'OK', data: { band, channel: url.searchParams.get('channel'), project: url.searchParams.get('project'), customers: 5, willReceive: 3, optedOut: 1, noAddress: 1, alreadyReminded: 0 } });
      }),
      http.post(`${BASE}/api/collections/reminders`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ status: 'OK', message: '3 reminders queued', data: { ...body, project: body.project ?? null, customers: 5, willReceive: 3, optedOut: 1, noAddress: 1, alreadyReminded: 0 } });
      }),
    );
    renderWith(<CollectionsPage />, [['contractPayment', 'read'], ['customerMessage', 'create']]);
    (await screen.findByRole('button', { name: 'Remind an age band…' }, wait)).click();
    const dialog = await screen.findByRole('dialog', { name: 'Remind an age band' }, wait);
    const reach = await within(dialog).findByTestId('band-reach', undefined, wait);
    expect(reach).toHaveTextContent('5 customers are in this band: 3 will receive the reminder.');
    expect(reach).toHaveTextContent('1 opted out of e-mails (written as skipped).');
    expect(reach).toHaveTextContent('1 has no e-mail address (written as skipped).');
    expect(asked).toContain('?band=d31_60&channel=email');
    within(dialog).getByRole('button', { name: 'Send 3 reminders' }).click();
    // Sent once, then the dialog closes (the toast needs the app's snackbar provider, not rendered here).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remind an age band' })).not.toBeInTheDocument(), wait);
    expect(sent).toEqual([{ band: 'd31_60', channel: 'email' }]);
  });

  it('shows no button to a reader who may not send customer messages', { timeout: 60_000 }, async () => {
    server.use(http.get(`${BASE}/api/collections/dashboard`, () => HttpResponse.json({ status: 'OK', data })));
    renderWith(<CollectionsPage />, [['contractPayment', 'read']]);
    expect(await screen.findByRole('region', { name: 'Past due by age' }, wait)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remind an age band…' })).not.toBeInTheDocument();
  });
});
