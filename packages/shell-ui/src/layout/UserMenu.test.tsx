import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoPrivileges } from '@propdesk/privileges';
import { renderApp } from '../test/fixtures.js';

describe('the user menu in the top bar', () => {
  it('opens from the keyboard on the username and offers profile, change password and sign out', async () => {
    const app = renderApp('/sales/leads', { privileges: demoPrivileges('sales.agent'), username: 'sales.agent' });
    await screen.findByTestId('page');
    const button = screen.getByRole('button', { name: 'Sales Agent' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Change password', 'Sign out']);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(app.logout).toHaveBeenCalledTimes(1);
  });

  it('goes to each area the user has a page in, the current one checked, and offers none where there is only one', async () => {
    const privileges = [...demoPrivileges('sales.agent'), { entityName: 'prheader', fieldName: null, action: 'read' }];
    const app = renderApp('/procurement/purchaseRequest', { privileges, username: 'sales.agent' });
    await screen.findByTestId('page');
    await userEvent.click(screen.getByRole('button', { name: 'Sales Agent' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Change password', 'Sales', 'Procurement', 'Sign out']);
    expect(within(menu).getByText('Go to')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Procurement' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sales' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sales/leads'));
    expect(app.logout).not.toHaveBeenCalled();
  });
});
