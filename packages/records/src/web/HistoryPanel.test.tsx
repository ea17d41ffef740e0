// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@propdesk/i18n/react';
import type { HistoryEntry } from '../model/index.js';
import { projects } from '../test/definitions.js';
import { HistoryPanel } from './HistoryPanel.js';
import { recordsCatalog } from './i18n/catalog.js';
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

  it("names in Arabic the actions written outside the definition's workflow (a lead assigned, an EOI paid) and a contract's step, its name as data", async () => {
    const written = [entry('action', 'assign', '2026-11-24T10:00:00Z'), entry('action', 'pay', '2026-11-23T10:00:00Z'), entry('action', 'step: Send to legal', '2026-11-22T10:00:00Z')];
    server.use(http.get(`${BASE}/api/projects/${ID}/history`, () => HttpResponse.json({ status: 'OK', data: written })));
    await setLanguage('ar', [recordsCatalog]);
    try {
      renderRoutes([{ path: '/p', element: <HistoryPanel def={projects} id={ID} /> }], '/p', grant('project', ['read']));
      expect(await screen.findByText('إسناد')).toBeInTheDocument();
      expect(screen.getByText('سداد')).toBeInTheDocument();
      const step = screen.getByText('Send to legal');
      expect(step.tagName).toBe('BDI');
      expect(step.parentElement).toHaveTextContent('خطوة: Send to legal');
      expect(screen.queryByText(/Assign|Pay|Step/)).not.toBeInTheDocument();
    } finally {
      await setLanguage('en', [recordsCatalog]);
    }
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
