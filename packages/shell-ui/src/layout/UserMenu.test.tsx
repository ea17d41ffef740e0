import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
});
