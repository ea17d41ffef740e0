// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Language } from '@propdesk/i18n';
import { renderInStore } from '@propdesk/shell-ui/testing';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { BoardStatus } from './model.js';
import { UnitStory } from './UnitCard.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const server = mockSalesApi();
beforeAll(() => loadCatalog(salesCatalog, 'ar'));

const UNIT = '11111111-1111-4111-8111-111111111111';
const line = (id: string, from: string | null, to: string, action: string | null) => ({
  id,
  at: '2026-11-20T10:30:00Z',
  from,
  to,
  actorId: null,
  actorName: 'Mona Adel',
  source: 'screen',
  action,
  document: null,
  reason: null,
});

const renderIn = (language: Language, statuses: BoardStatus[]) => renderInStore(<UnitStory unitId={UNIT} statuses={statuses} />, { language });

describe('a unit’s story (issue 29)', () => {
  const answer = () =>
    server.use(http.get(`${BASE}/api/units/${UNIT}/story`, () => HttpResponse.json({ status: 'OK', data: [line('2', 'held', 'reserved', 'reservation'), line('1', 'available', 'held', 'hold'), line('0', null, 'available', null)] })));

  it('in English, as it always read: the statuses, an arrow, the action humanized', async () => {
    answer();
    renderIn('en', [
      { name: 'available', label: 'Available', color: '#2e7d32' },
      { name: 'held', label: 'Held', color: '#ed6c02' },
      { name: 'reserved', label: 'Reserved', color: '#1565c0' },
    ] as BoardStatus[]);
    const story = await screen.findByRole('list', { name: 'Unit story' });
    expect(await screen.findByText('Held → Reserved (Reservation)')).toBeInTheDocument();
    expect(story).toHaveTextContent('Available → Held (Hold)');
    expect(story).toHaveTextContent('— → Available');
  });

  it('in Arabic: the actions named in Arabic, the arrow pointing the way the line reads', async () => {
    answer();
    renderIn('ar', [
      { name: 'available', label: 'متاحة', color: '#2e7d32' },
      { name: 'held', label: 'محجوزة مؤقتًا', color: '#ed6c02' },
      { name: 'reserved', label: 'محجوزة', color: '#1565c0' },
    ] as BoardStatus[]);
    const story = await screen.findByRole('list', { name: 'سجل الوحدة' });
    expect(await screen.findByText('محجوزة مؤقتًا ← محجوزة (حجز)')).toBeInTheDocument();
    expect(story).toHaveTextContent('متاحة ← محجوزة مؤقتًا (حجز مؤقت)');
    expect(story.textContent).not.toMatch(/Reservation|Hold|→/);
  });
});
