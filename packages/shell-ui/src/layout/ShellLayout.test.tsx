import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoPrivileges } from '@propdesk/privileges';
import { SPEC_DEMO_ROLES } from '@propdesk/privileges/testing';
import { renderApp } from '../test/fixtures.js';
import { SIDEBAR_PINNED_KEY } from './sidebarPin.js';

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const shellAt = async (path: string, options: Parameters<typeof renderApp>[1]) => {
  const app = renderApp(path, options);
  await screen.findByTestId('page');
  return app;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('sidebar modes', () => {
  it('shows Sales mode on sales paths', async () => {
    await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    expect(within(nav()).getByRole('list', { name: 'Sales navigation' })).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'EOI' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('shows Settings mode on settings paths, Sales for customers under /settings', async () => {
    const app = await shellAt('/settings/leads/sources', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    expect(within(nav()).getByRole('list', { name: 'Settings navigation' })).toBeInTheDocument();
    expect(within(nav()).getAllByRole('button', { name: /^(Leads|General|Roles)$/ }).map((b) => b.textContent)).toEqual(['Leads', 'General', 'Roles']);
    await act(() => app.router.navigate('/settings/leads/Customers'));
    expect(within(nav()).getByRole('list', { name: 'Sales navigation' })).toBeInTheDocument();
  });

  it('shows Procurement mode on procurement paths', async () => {
    await shellAt('/Procurement/purchaseOrder', { privileges: demoPrivileges('procurement.officer', SPEC_DEMO_ROLES) });
    const list = within(nav()).getByRole('list', { name: 'Procurement navigation' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Purchase Request', 'Purchase Order', 'Quotations']);
  });

  it('filters entries by privilege', async () => {
    await shellAt('/sales/users', { privileges: demoPrivileges('user.admin', SPEC_DEMO_ROLES) });
    expect(within(nav()).queryByRole('button', { name: 'Leads' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'EOI' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the group of the current page and highlights its item', async () => {
    localStorage.setItem(SIDEBAR_PINNED_KEY, 'true');
    await shellAt('/sales/leads', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES) });
    await waitFor(() => expect(within(nav()).getByRole('button', { name: 'Leads' })).toHaveAttribute('aria-expanded', 'true'));
    const link = await within(nav()).findByRole('link', { name: 'Lead List' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveClass('Mui-selected');
  });

  it('Settings goes to /settings/leads/sources and Logout logs out', async () => {
    const app = await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    await userEvent.click(within(nav()).getByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/settings/leads/sources'));
    await userEvent.click(within(nav()).getByRole('button', { name: 'Logout' }));
    expect(app.logout).toHaveBeenCalledTimes(1);
  });
});

describe('sidebar pin, hover and preload', () => {
  it('starts unpinned, and clicking the logo pins it and keeps that in sidebar-pinned', async () => {
    await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    expect(nav()).toHaveAttribute('data-pinned', 'false');
    expect(nav()).toHaveAttribute('data-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Pin sidebar' }));
    expect(localStorage.getItem(SIDEBAR_PINNED_KEY)).toBe('true');
    expect(nav()).toHaveAttribute('data-pinned', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Unpin sidebar' }));
    expect(localStorage.getItem(SIDEBAR_PINNED_KEY)).toBe('false');
  });

  it('reads the pin state back on the next visit', async () => {
    localStorage.setItem(SIDEBAR_PINNED_KEY, 'true');
    await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    expect(nav()).toHaveAttribute('data-pinned', 'true');
    expect(nav()).toHaveAttribute('data-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Unpin sidebar' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when unpinned, expands on hover and closes its open groups when the pointer leaves', async () => {
    await shellAt('/sales/users', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    fireEvent.mouseEnter(nav());
    expect(nav()).toHaveAttribute('data-expanded', 'true');
    await userEvent.click(within(nav()).getByRole('button', { name: 'EOI' }));
    expect(within(nav()).getByRole('button', { name: 'EOI' })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav()).findByRole('link', { name: 'EOI List' })).toBeInTheDocument();
    fireEvent.mouseLeave(nav());
    expect(nav()).toHaveAttribute('data-expanded', 'false');
    fireEvent.mouseEnter(nav());
    expect(within(nav()).getByRole('button', { name: 'EOI' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('when pinned, keeps groups open after the pointer leaves', async () => {
    localStorage.setItem(SIDEBAR_PINNED_KEY, 'true');
    await shellAt('/sales/users', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    await userEvent.click(within(nav()).getByRole('button', { name: 'EOI' }));
    fireEvent.mouseLeave(nav());
    expect(within(nav()).getByRole('button', { name: 'EOI' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('expands for keyboard focus', async () => {
    await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    act(() => screen.getByRole('button', { name: 'Pin sidebar' }).focus());
    expect(nav()).toHaveAttribute('data-expanded', 'true');
  });

  it("preloads a link's page chunk after 200 ms of hover, not before", async () => {
    const app = await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    const users = app.modules[0]?.routes.find((route) => route.path === '/sales/users');
    expect(users?.page).not.toHaveBeenCalled();
    vi.useFakeTimers();
    fireEvent.mouseEnter(within(nav()).getByRole('link', { name: 'Users' }));
    act(() => vi.advanceTimersByTime(199));
    expect(users?.page).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(users?.page).toHaveBeenCalledTimes(1);
  });

  it('does not preload when the pointer leaves before 200 ms', async () => {
    const app = await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    const users = app.modules[0]?.routes.find((route) => route.path === '/sales/users');
    vi.useFakeTimers();
    const link = within(nav()).getByRole('link', { name: 'Users' });
    fireEvent.mouseEnter(link);
    act(() => vi.advanceTimersByTime(150));
    fireEvent.mouseLeave(link);
    act(() => vi.advanceTimersByTime(1000));
    expect(users?.page).not.toHaveBeenCalled();
  });

  it('preloads the landing page when the browser is idle after sign-in', async () => {
    const idle = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    const app = renderApp('/Reservations', { privileges: demoPrivileges('user.admin', SPEC_DEMO_ROLES) });
    await screen.findByTestId('page');
    const landing = app.modules[0]?.routes.find((route) => route.path === '/sales/users');
    await waitFor(() => expect(landing?.page).toHaveBeenCalledTimes(1));
    expect(idle).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('top bar and breadcrumb bar', () => {
  it('shows the username in capitalised words and a bell that opens the notification centre', async () => {
    await shellAt('/sales/leads', { privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES), username: 'sales.agent' });
    expect(screen.getByTestId('topbar-username')).toHaveTextContent('Sales Agent');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, none unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel).toHaveTextContent('No notifications yet');
    expect(within(panel).queryByRole('button', { name: 'Send announcement' })).not.toBeInTheDocument();
  });

  it('shows the title and trail of the current page, with Home to the first allowed sales page', async () => {
    await shellAt('/sales/leads/addlead', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    const bar = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(screen.getByTestId('breadcrumb-title')).toHaveTextContent('Add Lead');
    expect(within(bar).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Sales', 'Leads', 'Add Lead']);
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/sales/leads');
  });

  it('links Home to /sales/users for a user who cannot read leads', async () => {
    await shellAt('/sales/users', { privileges: demoPrivileges('user.admin', SPEC_DEMO_ROLES) });
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/sales/users');
  });

  it('shows just Home for a path without a crumb', async () => {
    await shellAt('/Reservations', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    const bar = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(bar).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home']);
    expect(screen.queryByTestId('breadcrumb-title')).not.toBeInTheDocument();
  });

  it('renames the last step for an edit mode passed in navigation state', async () => {
    const app = await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    await act(() => app.router.navigate('/sales/leads/addlead', { state: { editMode: 'lead' } }));
    const bar = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(bar).getAllByRole('listitem').at(-1)).toHaveTextContent('Edit Lead'));
  });
});

describe('navigation and focus', () => {
  it('names the tab after the page and moves focus to the new page after navigating', async () => {
    const app = await shellAt('/sales/leads', { privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    const main = screen.getByRole('main');
    expect(main).not.toHaveFocus();
    // The tab's name is set by an effect after the page is drawn (the previous test's page named it until then).
    await waitFor(() => expect(document.title).toBe(`${screen.getByTestId('breadcrumb-title').textContent} · Propdesk`));

    const link = within(nav()).getByRole('link', { name: 'Users' });
    link.focus();
    await act(() => app.router.navigate('/sales/users'));
    await screen.findByTestId('page');
    expect(main).toHaveFocus();
    expect(screen.getByTestId('breadcrumb-title')).toHaveTextContent('Users');
    await waitFor(() => expect(document.title).toBe('Users · Propdesk'));

    // The same path again (a search change) keeps focus where the user put it.
    link.focus();
    await act(() => app.router.navigate('/sales/users?page=2'));
    expect(link).toHaveFocus();
  });
});
