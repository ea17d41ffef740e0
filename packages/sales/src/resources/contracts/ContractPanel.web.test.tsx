// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { RecordRow } from '@propdesk/records/model';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { ContractPanel } from './ContractPanel.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const ID = '00000000-0000-4000-8000-0000000000a1';
const server = mockSalesApi();
const user = userEvent.setup();

const contract = {
  id: ID, version: 3, active: true, createdOn: '2026-11-24T00:00:00.000Z', modifiedOn: '2026-11-24T00:00:00.000Z', createdBy: null, modifiedBy: null,
  number: 'CNT-2026-00017', status: 'active', netPrice: '5394000.00', paid: '0.00', scheduleVersion: 1, customer: 'c1',
  broker: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Nile Realty' }, refLabels: {},
} as unknown as RecordRow;

// The server's order: forward first, Cancel (into a final step) last.
const steps = [
  { id: 's1', name: 'Customer signed', label: 'Customer signed', fromStepName: 'Customer signature', toStep: 't1', toStepName: 'Developer signature', toStepFinal: false, needsReason: false },
  { id: 's2', name: 'Cancel contract', label: 'Cancel', fromStepName: 'Customer signature', toStep: 't2', toStepName: 'Cancelled', toStepFinal: true, needsReason: true },
];

function renderPanel(moves: { action: string; body: unknown }[]) {
  server.use(
    http.get(`${BASE}/api/contracts/${ID}/steps`, () => HttpResponse.json({ status: 'OK', data: steps })),
    http.post(`${BASE}/api/contracts/${ID}/steps/:action`, async ({ params, request }) => {
      moves.push({ action: String(params.action), body: await request.json() });
      return HttpResponse.json({ status: 'OK', data: contract });
    }),
    http.get(`${BASE}/api/contracts/${ID}/prints`, () =>
      HttpResponse.json({ status: 'OK', data: [{ id: 'p1', lang: 'ar', sha256: '1c225601045f'.padEnd(64, '0'), printedAt: '2026-11-27T18:40:00.000Z', printedBy: 'u1', printedByName: 'Amina Admin' }] }),
    ),
    http.get(`${BASE}/api/commissions`, () =>
      HttpResponse.json({ status: 'OK', total: 1, page: 1, pageSize: 20, data: [{ id: 'k1', number: 'COM-2026-00008', rate: '2.5% of the net price', amount: '134850.00', trigger: 'down_payment_collected', status: 'payable', recoverable: '0.00', refLabels: {} }] }),
    ),
    http.get(`${BASE}/api/installments`, () => HttpResponse.json({ status: 'OK', total: 0, page: 1, pageSize: 200, data: [] })),
  );
  return renderRoutesInStore([{ path: '/sales/contracts', element: <ContractPanel record={contract} /> }], `/sales/contracts?record=${ID}`, [
    ...grants('contract', ['read', 'approve']),
    ...grants('commission', ['read']),
    ...grants('broker', ['read']),
  ]);
}

describe('the contract panel', () => {
  it('lists the steps with Cancel last and asks before moving, naming the move', { timeout: 60_000 }, async () => {
    const moves: { action: string; body: unknown }[] = [];
    renderPanel(moves);
    const forward = await screen.findByRole('button', { name: 'Customer signed → Developer signature' });
    const cancel = screen.getByRole('button', { name: 'Cancel → Cancelled' });
    expect(forward.compareDocumentPosition(cancel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(forward);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Move CNT-2026-00017 from “Customer signature” to “Developer signature”? The move is recorded in the contract’s history.')).toBeInTheDocument();
    expect(moves).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(moves).toHaveLength(0);

    await user.click(cancel);
    const asking = await screen.findByRole('dialog');
    expect(within(asking).getByText(/“Cancelled” is a final step: no action leads on from it\./)).toBeInTheDocument();
    const confirm = within(asking).getByRole('button', { name: 'Cancel' });
    expect(confirm).toBeDisabled();
    await user.type(within(asking).getByLabelText(/Reason/), 'The buyer withdrew');
    await user.click(confirm);
    await vi.waitFor(() => expect(moves).toEqual([{ action: 's2', body: { reason: 'The buyer withdrew' } }]));
  });

  it('shows the broker and the commission lines as links, and the issued prints as a person reads them', { timeout: 60_000 }, async () => {
    renderPanel([]);
    expect(await screen.findByRole('link', { name: 'Nile Realty' })).toHaveAttribute('href', '/settings/leads/brokers?record=00000000-0000-4000-8000-0000000000b1');
    const line = await screen.findByRole('link', { name: 'COM-2026-00008' });
    expect(line).toHaveAttribute('href', '/sales/contracts/commissions?record=k1');
    const table = screen.getByRole('table', { name: 'Commission' });
    expect(within(table).getByText('134,850.00 EGP')).toBeInTheDocument();
    expect(within(table).getByText('Down payment collected')).toBeInTheDocument();
    expect(within(table).getByText('Payable')).toBeInTheDocument();
    const print = await screen.findByRole('link', { name: /^Arabic, issued 27 Nov 2026, \d{2}:\d{2} by Amina Admin$/ });
    expect(print).toHaveAttribute('href', `/api/contracts/${ID}/prints/p1`);
    expect(screen.queryByText(/1c225601045f/)).not.toBeInTheDocument();
  });

  it('asks for the prints again after Print only while the panel is open', { timeout: 60_000 }, async () => {
    renderPanel([]);
    await screen.findByRole('link', { name: /^Arabic, issued/ });
    let reads = 0;
    const count = ({ request }: { request: Request }) => {
      if (request.method === 'GET' && new URL(request.url).pathname === `/api/contracts/${ID}/prints`) reads += 1;
    };
    server.events.on('request:start', count);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Print (Arabic)' }));
      expect(open).toHaveBeenCalledWith(`/api/contracts/${ID}/print?lang=ar`, '_blank', 'noopener');
      cleanup();
      // The panel is gone: its refresh must not run (RTK Query's refetch throws once unsubscribed).
      vi.advanceTimersByTime(1500);
    } finally {
      vi.useRealTimers();
      open.mockRestore();
      server.events.removeListener('request:start', count);
    }
    expect(reads).toBe(0);
  });
});
