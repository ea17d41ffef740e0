// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { BoardPage } from './BoardPage.web.js';
import type { Board } from './model.js';
import { BASE, mockSalesApi } from '../../test/api.js';

/*
 * Issue 30: with no project in its link, the board opens the first project the caller may pick, read
 * from the projects' picker options through the records API (no call of its own).
 */

const PALM = { id: '11111111-1111-4111-8111-111111111111', label: 'Palm Hills' };
const NILE = { id: '22222222-2222-4222-8222-222222222222', label: 'Nile Towers' };
const wait = { timeout: 20_000 };

const server = mockSalesApi();


const boardOf = (project: { id: string; label: string }): Board => ({
  project: { id: project.id, code: 'P', name: project.label, currency: 'EGP' },
  statuses: [{ name: 'available', label: 'Available', color: '#2e7d32', sortOrder: 1 }],
  blocks: [],
  counts: {},
  units: [],
  plans: [],
  prices: false,
  lastEventId: 0,
});

/** The projects' options, the board of the project asked, and a stream that stays open and quiet. */
function answer(asked: { options: string[]; boards: string[] }) {
  server.use(
    http.get(`${BASE}/api/projects/options`, ({ request }) => {
      const search = new URL(request.url).search;
      asked.options.push(search);
      const ids = new URL(request.url).searchParams.get('ids')?.split(',');
      return HttpResponse.json({ status: 'OK', data: [PALM, NILE].filter((option) => !ids || ids.includes(option.id)) });
    }),
    http.get(`${BASE}/api/units/board`, ({ request }) => {
      const project = new URL(request.url).searchParams.get('project') ?? '';
      asked.boards.push(project);
      return HttpResponse.json({ status: 'OK', data: boardOf(project === NILE.id ? NILE : PALM) });
    }),
    http.get(`${BASE}/api/units/stream`, () => new HttpResponse(new ReadableStream({ start() {} }), { headers: { 'Content-Type': 'text/event-stream' } })),
  );
}

const renderBoard = (path: string) =>
  renderRoutesInStore(
    [
      {
        path: '/sales/units/board',
        element: (
          <ThemeProvider theme={createTheme()}>
            <BoardPage />
          </ThemeProvider>
        ),
      },
    ],
    path,
    grants('unit', ['read']),
  ).router;

describe('the unit board’s project', () => {
  it('is the first project the caller may pick when the link names none', { timeout: 60_000 }, async () => {
    const asked = { options: [] as string[], boards: [] as string[] };
    answer(asked);
    const router = renderBoard('/sales/units/board');
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${PALM.id}`), wait);
    await waitFor(() => expect(asked.boards).toEqual([PALM.id]), wait);
    expect(await screen.findByRole('combobox', { name: 'Project' }, wait)).toHaveValue('Palm Hills');
    // The picker's options with nothing typed, asked once (the picker itself may name the chosen one by `?ids=`).
    expect(asked.options.filter((search) => !search.startsWith('?ids='))).toEqual(['?q=']);
  });

  it('is the link’s when it names one: no first project asked', { timeout: 60_000 }, async () => {
    const asked = { options: [] as string[], boards: [] as string[] };
    answer(asked);
    const router = renderBoard(`/sales/units/board?project=${NILE.id}`);
    await waitFor(() => expect(asked.boards).toEqual([NILE.id]), wait);
    expect(await screen.findByRole('combobox', { name: 'Project' }, wait)).toHaveValue('Nile Towers');
    expect(router.state.location.search).toBe(`?project=${NILE.id}`);
    expect(asked.options.filter((search) => search.startsWith('?q='))).toEqual([]);
  });
});
