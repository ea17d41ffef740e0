// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ResourcePage } from '@propdesk/records/web';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { SALES_RESOURCES } from '../manifest.js';
import { commissionExtras } from './commissionExtras.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const ID = '00000000-0000-4000-8000-0000000000c1';
const server = mockSalesApi();
const commissions = SALES_RESOURCES.find((def) => def.name === 'commissions')!;
const user = userEvent.setup();

const line = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  version: 4,
  active: true,
  createdOn: '2026-06-01T00:00:00.000Z',
  modifiedOn: '2026-11-20T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  number: 'COM-2026-00007',
  title: 'Nile Brokers – CNT-2026-00003',
  status: 'clawed_back',
  amount: '50000.00',
  recoverable: '50000.00',
  recovered: '0.00',
  refLabels: {},
  ...overrides,
});

function renderView(actions: readonly string[], record = line()) {
  server.use(
    http.get(`${BASE}/api/commissions/${ID}`, () => HttpResponse.json({ status: 'OK', data: record })),
    http.get(`${BASE}/api/commissions/${ID}/usage`, () => HttpResponse.json({ status: 'OK', data: [] })),
    http.get(`${BASE}/api/commissions/${ID}/history`, () => HttpResponse.json({ status: 'OK', data: [] })),
  );
  renderRoutesInStore([{ path: '/sales/contracts/commissions', element: <ResourcePage def={commissions} {...commissionExtras} /> }], `/sales/contracts/commissions?record=${ID}`, grants('commission', actions));
}

describe('a clawed-back commission’s recovery', () => {
  it('records part of it as typed, refusing what is not an amount before asking the server', { timeout: 60_000 }, async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${BASE}/api/commissions/${ID}/recoveries`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: 'OK', data: line({ recoverable: '30000.00', recovered: '20000.00' }), message: 'Recovery recorded; 30000.00 still to recover.' });
      }),
    );
    renderView(['read', 'approve']);
    await user.click(await screen.findByRole('button', { name: 'Record part of the recovery' }));
    const dialog = await screen.findByRole('dialog', { name: /Record part of the recovery of COM-2026-00007/ });
    expect(dialog).toHaveTextContent('The broker still owes 50,000.00 EGP.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount returned' }), '20,000');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('An amount like 1250.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the recovery reference')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount returned' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount returned' }), '20000.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Recovery reference' }), 'TRX-5521');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(sent).toEqual([{ amount: '20000.00', reference: 'TRX-5521' }]));
    expect(await screen.findByText('Recovery recorded; 30000.00 still to recover.')).toBeInTheDocument();
  });

  it('is offered only to whoever may approve commissions, and only on a clawed-back line', { timeout: 60_000 }, async () => {
    renderView(['read']);
    expect(await screen.findByText('COM-2026-00007')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record part of the recovery' })).not.toBeInTheDocument();
    cleanup();
    renderView(['read', 'approve'], line({ status: 'recovered', recoverable: '0.00', recovered: '50000.00' }));
    expect(await screen.findByText('COM-2026-00007')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record part of the recovery' })).not.toBeInTheDocument();
  });
});
