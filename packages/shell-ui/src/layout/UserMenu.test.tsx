import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { getLanguage, setLanguage } from '@propdesk/i18n/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoPrivileges } from '@propdesk/privileges';
import { SPEC_DEMO_ROLES } from '@propdesk/privileges/testing';
import { renderApp } from '../test/fixtures.js';

describe('the user menu in the top bar', () => {
  it('opens from the keyboard on the username and offers profile, change password and sign out', async () => {
    const app = renderApp('/sales/leads', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES), username: 'sales.agent' });
    await screen.findByTestId('page');
    const button = screen.getByRole('button', { name: 'Sales Agent' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Change password', 'English', 'العربية', 'Sign out']);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{End}{Enter}');
    expect(app.logout).toHaveBeenCalledTimes(1);
  });

  it('goes to each area the user has a page in, the current one checked, and offers none where there is only one', async () => {
    const privileges = [...demoPrivileges('sales.agent', SPEC_DEMO_ROLES), { entityName: 'prheader', fieldName: null, action: 'read' }];
    const app = renderApp('/procurement/purchaseRequest', { privileges, username: 'sales.agent' });
    await screen.findByTestId('page');
    await userEvent.click(screen.getByRole('button', { name: 'Sales Agent' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Change password', 'Sales', 'Procurement', 'English', 'العربية', 'Sign out']);
    expect(within(menu).getByText('Go to')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Procurement' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sales' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sales/leads'));
    expect(app.logout).not.toHaveBeenCalled();
  });
});

// Issue 29: the language, chosen in the user menu, kept on the account by the server (msw answers as
// auth-session's PATCH /api/users/me does), then the whole shell in Arabic, right to left.
const BASE = 'http://propdesk.test';
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
});
afterEach(async () => {
  server.resetHandlers();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => {
  server.close();
  resetConfig();
});

describe('the language in the user menu', () => {
  it('keeps the choice on the account, then shows the shell in Arabic, right to left', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(`${BASE}/api/users/me`, async ({ request }) => {
        const body = (await request.json()) as { language: string };
        sent.push(body);
        return HttpResponse.json({ status: 'OK', data: { id: 'u1', username: 'sales.agent', fullName: '', email: null, department: null, roles: [], language: body.language } });
      }),
    );
    renderApp('/sales/leads', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES), username: 'sales.agent' });
    await screen.findByTestId('page');
    await userEvent.click(screen.getByRole('button', { name: 'Sales Agent' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(sent).toEqual([{ language: 'ar' }]);
    expect(getLanguage()).toBe('ar');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(await screen.findByLabelText('التنقل الرئيسي', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('تسجيل الخروج')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الإشعارات، لا جديد' })).toBeInTheDocument();
  });

  it('stays in its language when the server refuses the choice', async () => {
    server.use(http.patch(`${BASE}/api/users/me`, () => HttpResponse.json({ status: 'ERROR', message: 'Validation failed' }, { status: 400 })));
    renderApp('/sales/leads', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES), username: 'sales.agent' });
    await screen.findByTestId('page');
    await userEvent.click(screen.getByRole('button', { name: 'Sales Agent' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(getLanguage()).toBe('en');
    expect(localStorage.getItem('language')).toBeNull();
  });
});
