// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ResourcePage } from '@propdesk/records/web';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { SALES_RESOURCES } from '../manifest.js';
import type { BoardUnit } from '../unit-board/model.js';
import { reserveLink } from '../unit-board/UnitCard.web.js';
import { reservationExtras } from './reservationExtras.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const server = mockSalesApi();
const reservations = SALES_RESOURCES.find((def) => def.name === 'reservations')!;
const UNIT = '11111111-1111-4111-8111-111111111111';
const CUSTOMER = '22222222-2222-4222-8222-222222222222';
const HOLD = '33333333-3333-4333-8333-333333333333';
const PLAN = '44444444-4444-4444-8444-444444444444';
const LEAD = '55555555-5555-4555-8555-555555555555';
const OTHER_UNIT = '66666666-6666-4666-8666-666666666666';
const LABELS: Record<string, Record<string, string>> = {
  units: { [UNIT]: 'A-0402 · Palm Heights · Block A', [OTHER_UNIT]: 'A-0402 · North Coast Bay · Block A' },
  customers: { [CUSTOMER]: 'Ahmed Hassan' },
  'hold-requests': { [HOLD]: 'HLD-2026-00007' },
  'payment-plans': { [PLAN]: '10% down, 7 years quarterly' },
};

const hold = (overrides: Record<string, unknown> = {}) => ({
  id: HOLD,
  version: 2,
  active: true,
  number: 'HLD-2026-00007',
  unit: UNIT,
  customer: CUSTOMER,
  lead: null,
  status: 'approved',
  refLabels: { unit: 'A-0402', customer: 'Ahmed Hassan' },
  ...overrides,
});

const preview = {
  unit: { id: UNIT, code: 'A-0402', project: null },
  listPrice: '9000000.00',
  discountAmount: '0.00',
  discountPct: '0.0000',
  planDiscountAmount: '0.00',
  planDiscountPct: '0.0000',
  netPrice: '9000000.00',
  discountKind: 'percent',
  discountValue: '0',
  paymentPlan: PLAN,
  schedule: null,
  authorityPct: '2',
  needsApproval: false,
  defaultSignBy: '2026-12-08',
  defaultFee: null,
};

/** The reservation form as the screen shows it, opened at `address`; answers the bodies it posts. */
function openForm(address: string, holdRecord: Record<string, unknown>) {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get(`${BASE}/api/hold-requests/${HOLD}`, () => HttpResponse.json({ status: 'OK', data: holdRecord })),
    http.get(`${BASE}/api/:resource/options`, ({ params, request }) => {
      const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean);
      const known = LABELS[String(params.resource)] ?? {};
      return HttpResponse.json({ status: 'OK', data: ids.filter((id) => known[id]).map((id) => ({ id, label: known[id] })) });
    }),
    http.post(`${BASE}/api/reservations/preview`, () => HttpResponse.json({ status: 'OK', data: preview })),
    http.post(`${BASE}/api/reservations`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return HttpResponse.json({ status: 'OK', data: { id: '77777777-7777-4777-8777-777777777777', version: 1, ...body } }, { status: 201 });
    }),
  );
  renderRoutesInStore(
    [
      { path: '/Reservations/Create', element: <ResourcePage def={reservations} mode="create" {...reservationExtras} /> },
      { path: '/Reservations', element: <p>Saved</p> },
    ],
    address,
    grants('reservation', ['read', 'create']),
  );
  return posted;
}

const inputOf = (label: RegExp) => screen.getByRole('combobox', { name: label });
/** The pickers name their values through the server after a render or two: give a busy machine time. */
const SLOW = { timeout: 15_000 };

describe('reserving from a held unit', () => {
  it('the board’s Reserve on one’s own hold opens the form with the unit and the hold; the hold’s customer fills in, and the hold goes with the reservation', { timeout: 60_000 }, async () => {
    const unit = { id: UNIT, claim: { kind: 'hold', holderId: 'me', holder: 'Samir Sales', expiresAt: null, documentResource: 'hold-requests', documentId: HOLD } } as unknown as BoardUnit;
    expect(reserveLink(unit, true)).toBe(`/Reservations/Create?unit=${UNIT}&fromHold=${HOLD}`);
    // Someone else's claim, or a free unit: the unit alone.
    expect(reserveLink(unit, false)).toBe(`/Reservations/Create?unit=${UNIT}`);
    expect(reserveLink({ ...unit, claim: null }, false)).toBe(`/Reservations/Create?unit=${UNIT}`);

    const posted = openForm(`${reserveLink(unit, true)}&paymentPlan=${PLAN}`, hold());
    expect(await screen.findByText('From HLD-2026-00007: unit A-0402 for Ahmed Hassan, filled in.')).toBeInTheDocument();
    await waitFor(() => expect(inputOf(/^Customer/)).toHaveValue('Ahmed Hassan'), SLOW);
    expect(inputOf(/^Unit/)).toHaveValue('A-0402 · Palm Heights · Block A');
    await waitFor(() => expect(inputOf(/^From an approved hold/)).toHaveValue('HLD-2026-00007'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Create reservation' }));
    await waitFor(() => expect(posted).toHaveLength(1), SLOW);
    expect(posted[0]).toMatchObject({ unit: UNIT, customer: CUSTOMER, fromHold: HOLD, paymentPlan: PLAN, submit: true });
  });

  it('a hold chosen for another unit moves the form to the hold’s unit; a hold for a lead says the customer is still to choose', { timeout: 60_000 }, async () => {
    openForm(`/Reservations/Create?unit=${OTHER_UNIT}&fromHold=${HOLD}`, hold({ customer: null, lead: LEAD, refLabels: { unit: 'A-0402', lead: 'Amr Helmy' } }));
    expect(await screen.findByText('HLD-2026-00007 holds unit A-0402 for the lead Amr Helmy, who is not a customer yet: choose or add their customer.')).toBeInTheDocument();
    await waitFor(() => expect(inputOf(/^Unit/)).toHaveValue('A-0402 · Palm Heights · Block A'), SLOW);
    expect(inputOf(/^Customer/)).toHaveValue('');
  });

  it('a hold no longer approved is named as such', { timeout: 60_000 }, async () => {
    openForm(`/Reservations/Create?unit=${UNIT}&fromHold=${HOLD}`, hold({ status: 'expired' }));
    expect(await screen.findByText('HLD-2026-00007 is expired: only an approved hold can become a reservation.')).toBeInTheDocument();
  });
});
