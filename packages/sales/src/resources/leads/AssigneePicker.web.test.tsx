// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { baseApi } from '@propdesk/api-client';
import type { Assignee } from '../../model/assignees.js';
import { AssigneePicker } from './AssigneePicker.web.js';
import { ASSIGNEES_PATH } from './assigneesApi.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const server = mockSalesApi({ afterEachTest: () => (asked.length = 0) });
const LEAD = '11111111-1111-4111-8111-111111111111';
const team = { id: '22222222-2222-4222-8222-222222222222', name: 'New Cairo team' };
const USERS: Assignee[] = [
  { id: 'u-nadia', username: 'nadia.sales', name: 'Nadia Nabil', team },
  { id: 'u-samir', username: 'sales.agent', name: 'Samir Sales', team },
];
const asked: URL[] = [];

function renderPicker(onChange = vi.fn(), exclude: string | null = null) {
  server.use(
    http.get(`${BASE}${ASSIGNEES_PATH}`, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return HttpResponse.json({ status: 'OK', data: USERS.filter((user) => `${user.name} ${user.username}`.toLowerCase().includes(q)) });
    }),
  );
  const store = configureStore({
    reducer: combineSlices(baseApi),
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
  });
  render(
    <Provider store={store}>
      <AssigneePicker leadId={LEAD} exclude={exclude} value={null} onChange={onChange} error="procurement.officer cannot own leads: they have no lead privileges." />
    </Provider>,
  );
  return onChange;
}

describe('the assignee picker', () => {
  it('offers only what the server lists for the lead, searches, and reports the choice', async () => {
    const onChange = renderPicker();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.searchParams.get('lead')).toBe(LEAD);
    expect(screen.getByText('procurement.officer cannot own leads: they have no lead privileges.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Assign to' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Nadia Nabil · New Cairo team', 'Samir Sales · New Cairo team']);
    await userEvent.type(screen.getByRole('combobox', { name: 'Assign to' }), 'samir');
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('q')).toBe('samir'));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await userEvent.click(screen.getByRole('option', { name: 'Samir Sales · New Cairo team' }));
    expect(onChange).toHaveBeenCalledWith('u-samir', USERS[1]);
  }, 30_000);

  it('leaves out the lead’s current owner: giving them the lead again changes nothing', async () => {
    renderPicker(vi.fn(), 'u-samir');
    await waitFor(() => expect(asked).toHaveLength(1));
    await userEvent.click(screen.getByRole('combobox', { name: 'Assign to' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Nadia Nabil · New Cairo team']);
  }, 30_000);
});
