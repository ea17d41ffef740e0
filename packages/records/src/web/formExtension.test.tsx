// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { f, type ResourceDef } from '../model/index.js';
import type { FormExtension } from './RecordForm.js';
import { ResourcePage } from './ResourcePage.js';
import { BASE, grant, mockEngineApi, renderRoutes } from '../test/page.js';

const user = userEvent.setup({ delay: null });

/** A definition with a list field the screen draws as check boxes. */
const hooks: ResourceDef = {
  name: 'hooks',
  table: 'hooks',
  label: 'Hooks',
  singular: 'Hook',
  entity: 'webhook',
  route: '/hooks',
  fields: { name: f.text('Name', { required: true }), events: f.json('Events', { required: true }) },
  defaultSort: ['name'],
  listColumns: ['name'],
  formLayout: [['name']],
};
const EVENTS = ['lead.created', 'receipt.issued'];
const checkBoxes: FormExtension = {
  create: {},
  update: {},
  defaults: () => ({}),
  draws: ['events'],
  render: ({ values, setValue }) => {
    const events = Array.isArray(values.events) ? (values.events as string[]) : [];
    return EVENTS.map((event) => (
      <label key={event}>
        <input type="checkbox" checked={events.includes(event)} onChange={() => setValue('events', [...events, event])} />
        {event}
      </label>
    ));
  },
};

const server = mockEngineApi([hooks]);

describe('a form extension that draws a field itself', () => {
  it('is the only input of that field, and what it sets is sent', { timeout: 60_000 }, async () => {
    let sent: unknown;
    server.use(
      http.post(`${BASE}/api/hooks`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'OK', message: 'Hook saved.', data: { id: '11111111-1111-4111-8111-111111111111', version: 1, ...(sent as object) } }, { status: 201 });
      }),
    );
    renderRoutes([{ path: '/hooks', element: <ResourcePage def={hooks} formExtension={checkBoxes} /> }], '/hooks?create=1', grant('webhook', ['read', 'create']));
    const form = await screen.findByRole('form', { name: 'New hook' });
    // The form does not draw the field again as a text box.
    expect(within(form).queryByRole('textbox', { name: /events/i })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /name/i }), 'Accounting');
    await user.click(within(form).getByRole('checkbox', { name: 'receipt.issued' }));
    await user.click(within(form).getByRole('button', { name: /create hook/i }));
    await expect.poll(() => sent).toEqual({ name: 'Accounting', events: ['receipt.issued'] });
  });
});
