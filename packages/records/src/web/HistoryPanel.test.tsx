// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../model/index.js';
import { projects } from '../test/definitions.js';
import { HistoryPanel } from './HistoryPanel.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';

const ID = '00000000-0000-4000-8000-000000000042';
const entry = (source: HistoryEntry['source'], action: string, at: string): HistoryEntry => ({
  id: `${source}-${action}`,
  at,
  actorId: null,
  actorName: source === 'screen' ? 'Nadia' : null,
  source,
  action,
  changes: { name: { before: 'Old', after: 'New' } },
  reason: null,
});

const server = mockEngineApi([projects]);

describe('the history panel', () => {
  it('names where every change came from, the effects of actions and timed jobs included', async () => {
    server.use(
      http.get(`${BASE}/api/projects/${ID}/history`, () =>
        HttpResponse.json({ status: 'OK', data: [entry('job', 'update', '2026-11-24T10:00:00Z'), entry('action', 'update', '2026-11-23T10:00:00Z'), entry('screen', 'update', '2026-11-22T10:00:00Z')] }),
      ),
    );
    renderRoutes([{ path: '/p', element: <HistoryPanel def={projects} id={ID} /> }], '/p', grant('project', ['read']));
    expect(await screen.findByText('from a scheduled job')).toBeInTheDocument();
    expect(screen.getByText('from an action')).toBeInTheDocument();
    expect(screen.getByText('from screen')).toBeInTheDocument();
    expect(screen.queryByText(/undefined/)).not.toBeInTheDocument();
  });

  it('isolates the values and the reason people typed, so "Al Manara S.A.E." keeps its full stop at its end right to left', async () => {
    const typed = { ...entry('screen', 'update', '2026-11-22T10:00:00Z'), changes: { name: { before: 'Al Manara S.A.E.', after: '+20225378000' } }, reason: 'Demo logo.' };
    server.use(http.get(`${BASE}/api/projects/${ID}/history`, () => HttpResponse.json({ status: 'OK', data: [typed] })));
    renderRoutes([{ path: '/p', element: <HistoryPanel def={projects} id={ID} /> }], '/p', grant('project', ['read']));
    expect((await screen.findByText('Al Manara S.A.E.')).tagName).toBe('BDI');
    expect(screen.getByText('+20225378000').tagName).toBe('BDI');
    const reason = screen.getByText('Demo logo.');
    expect(reason.tagName).toBe('BDI');
    expect(reason.parentElement).toHaveTextContent('Reason: Demo logo.');
  });
});
