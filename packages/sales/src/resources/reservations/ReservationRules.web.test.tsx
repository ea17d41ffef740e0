// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RecordRow } from '@propdesk/records/model';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { ReservationRules } from './ReservationRules.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const server = mockSalesApi({ afterEachTest: () => (asked.length = 0) });
const PROJECT = '11111111-1111-4111-8111-111111111111';
const SETUP = '33333333-3333-4333-8333-333333333333';
const asked: URL[] = [];

const reservation = (overrides: Partial<RecordRow> = {}): RecordRow => ({
  id: '22222222-2222-4222-8222-222222222222',
  version: 1,
  active: true,
  createdOn: '2026-11-24T00:00:00.000Z',
  modifiedOn: '2026-11-24T00:00:00.000Z',
  createdBy: null,
  modifiedBy: null,
  number: 'RSV-2026-0001',
  project: PROJECT,
  discountPct: '7.50',
  status: 'pending_approval',
  needsApprovalReason: 'A discount of 7.5% is above your authority of 5%.',
  refLabels: { project: 'Palm Heights' },
  ...overrides,
});

function renderRules(record: RecordRow, setups: RecordRow[], { readsSetups = true } = {}) {
  server.use(
    http.get(`${BASE}/api/reservation-setups`, ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json({ status: 'OK', data: setups, total: setups.length, page: 1, pageSize: 1 });
    }),
  );
  renderRoutesInStore([{ path: '/Reservations', element: <ReservationRules record={record} /> }], '/Reservations', readsSetups ? grants('reservationSetup', ['read']) : []);
}

const whereOf = (href: string | null) => JSON.parse(new URL(href!, BASE).searchParams.get('where')!) as unknown;

describe('the reservation view links to the rules it was made under', () => {
  it('links the project’s reservation setup record and the discount authorities that cover its discount', async () => {
    const setup = { id: SETUP, version: 1, active: true, name: 'Palm Heights rules', project: PROJECT, signByDays: 10, defaultFee: '50000.00', feeOnCancel: 'forfeit', refLabels: {} } as unknown as RecordRow;
    renderRules(reservation(), [setup]);
    const link = await screen.findByRole('link', { name: 'Reservation setup of Palm Heights' });
    expect(link).toHaveAttribute('href', `/settings/leads/reservationSetup?record=${SETUP}`);
    expect(await screen.findByText(/10 days to sign/)).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('filter[project]')).toBe(PROJECT);
    const authority = screen.getByRole('link', { name: 'Discount authority' });
    expect(authority.getAttribute('href')).toMatch(/^\/settings\/leads\/discountAuthority\?where=/);
    expect(whereOf(authority.getAttribute('href'))).toEqual({ field: 'maxPct', op: 'gte', value: '7.50' });
    expect(screen.getByLabelText('Reservation rules')).toHaveTextContent('above your authority of 5%');
  });

  it('without a setup of its project, links the setups filtered to that project and says the defaults apply', async () => {
    renderRules(reservation({ discountPct: null, needsApprovalReason: null }), []);
    expect(await screen.findByText(/none yet: the defaults apply/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Reservation setup of Palm Heights' });
    expect(whereOf(link.getAttribute('href'))).toEqual({ field: 'project', op: 'eq', value: PROJECT });
    expect(whereOf(screen.getByRole('link', { name: 'Discount authority' }).getAttribute('href'))).toEqual({ field: 'maxPct', op: 'gte', value: '0' });
  });

  it('without reservationSetup read, keeps the links and asks the server nothing (it would refuse)', async () => {
    renderRules(reservation(), [], { readsSetups: false });
    expect(await screen.findByRole('link', { name: 'Reservation setup of Palm Heights' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discount authority' })).toBeInTheDocument();
    expect(screen.queryByText(/days to sign|the defaults apply/)).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });
});
