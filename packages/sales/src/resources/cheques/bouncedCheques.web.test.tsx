// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ResourcePage } from '@propdesk/records/web';
import { grants, renderRoutesInStore } from '@propdesk/shell-ui/testing';
import { SALES_RESOURCES } from '../manifest.js';
import { bouncedExtras, BOUNCED_STATES } from './ChequePanels.web.js';
import { BASE, mockSalesApi } from '../../test/api.js';

const server = mockSalesApi();
const cheques = SALES_RESOURCES.find((def) => def.name === 'cheques')!;

describe('Bounced Cheques', () => {
  it('asks for bounced, replaced and returned cheques only, whatever the user filters, with no way to clear it', { timeout: 60_000 }, async () => {
    const lists: URLSearchParams[] = [];
    server.use(
      http.get(`${BASE}/api/views`, () => HttpResponse.json({ status: 'OK', data: [] })),
      http.get(`${BASE}/api/cheques`, ({ request }) => {
        lists.push(new URL(request.url).searchParams);
        return HttpResponse.json({ status: 'OK', data: [], total: 0, page: 1, pageSize: 25 });
      }),
    );
    // The user asks for received cheques in the address: the screen's own filter still bounds the query.
    const own = { field: 'status', op: 'eq', value: 'received' };
    renderRoutesInStore([{ path: '/settings/leads/BouncedCheques', element: <ResourcePage def={cheques} {...bouncedExtras} /> }], `/settings/leads/BouncedCheques?where=${encodeURIComponent(JSON.stringify(own))}`, grants('cheque', ['read', 'update']));
    const fixed = { field: 'status', op: 'in', value: [...BOUNCED_STATES] };
    // The register's list (the panel above it asks filter[status]=bounced on its own).
    await waitFor(() => expect(lists.some((params) => params.has('where'))).toBe(true));
    const list = lists.filter((params) => params.has('where'));
    for (const params of list) expect(JSON.parse(params.get('where')!)).toEqual({ join: 'and', children: [fixed, own] });
    expect(BOUNCED_STATES).toEqual(['bounced', 'replaced', 'returned']);
    const chip = await screen.findByLabelText('Fixed filter');
    expect(chip).toHaveTextContent('Only Status is one of Bounced, Replaced, Returned');
    expect(within(chip).queryByTestId('CancelIcon')).not.toBeInTheDocument();
    // Every query the page makes is bounded: none lists the whole register.
    expect(lists.every((params) => params.has('where') || params.get('filter[status]') === 'bounced')).toBe(true);
  });
});
