import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoPrivileges } from '@propdesk/privileges';
import { SPEC_DEMO_ROLES } from '@propdesk/privileges/testing';
import {
  DELETE_FAILED_MESSAGE,
  connectionStatusSet,
  notificationErrorSet,
  notificationsAdded,
  resetActiveNotifications,
  type ConnectionStatus,
} from '@propdesk/notifications-core/web';
import { makeMany, makeNotification, renderBell, type BellOptions } from './test-utils/harness.js';

// While the centre is open the rest of the page (the bell too) is aria-hidden by the modal.
const bell = () => screen.getByRole('button', { name: /^Notifications,/, hidden: true });
const badge = () => screen.getByTestId('notification-badge');
const titles = () => screen.queryAllByTestId('notification-title').map((element) => element.textContent);

async function openCentre(options: BellOptions = {}) {
  const app = renderBell(options);
  await userEvent.click(bell());
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { ...app, panel };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetActiveNotifications();
});

describe('the bell', () => {
  it.each([
    [0, null, 'Notifications, none unread'],
    [5, '5', 'Notifications, 5 unread'],
    [99, '99', 'Notifications, 99 unread'],
    [100, '99+', 'Notifications, 100 unread'],
  ])('with %i unread shows the badge %s', (count, text, label) => {
    renderBell({ notifications: makeMany(count) });
    expect(bell()).toHaveAccessibleName(label);
    if (text === null) {
      expect(badge()).toHaveClass('MuiBadge-invisible');
      expect(badge()).toHaveTextContent('');
    } else {
      expect(badge()).not.toHaveClass('MuiBadge-invisible');
      expect(badge()).toHaveTextContent(new RegExp(`^${text.replace('+', '\\+')}$`));
    }
  });

  it('updates the badge when a notification arrives', () => {
    const app = renderBell({ notifications: makeMany(2) });
    expect(badge()).toHaveTextContent('2');
    act(() => {
      app.store.dispatch(notificationsAdded(makeNotification('new', 0)));
    });
    expect(badge()).toHaveTextContent('3');
  });

  it('opens a labelled dialog that Escape closes, returning focus to the bell', async () => {
    await openCentre();
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(bell()).toHaveFocus();
  });
});

describe('the list', () => {
  it('shows an empty state', async () => {
    const { panel } = await openCentre();
    expect(within(panel).getByTestId('notification-empty')).toHaveTextContent('No notifications yet');
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows each item with its title, body excerpt, relative time and unread marker', async () => {
    const { panel } = await openCentre({
      notifications: [
        makeNotification('a', 5, { title: 'Lead assigned', body: 'Lead 42 is yours' }),
        makeNotification('b', 180, { title: 'Payment received', isRead: true }),
        makeNotification('c', 2 * 24 * 60, { title: 'Old news' }),
      ],
    });
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((item) => within(item).getByTestId('notification-time').textContent)).toEqual([
      '5m ago',
      '3h ago',
      new Date(Date.now() - 2 * 24 * 3_600_000).toLocaleDateString(),
    ]);
    expect(items[0]).toHaveTextContent('Lead 42 is yours');
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'true', 'false']);
    expect(within(panel).getByTestId('notification-unread-count')).toHaveTextContent('2 unread');
  });

  it('applies the search only after 300 ms without typing, on titles, case-insensitively', async () => {
    await openCentre({
      notifications: [
        makeNotification('a', 1, { title: 'Lead assigned', body: 'payment' }),
        makeNotification('b', 2, { title: 'Payment received' }),
        makeNotification('c', 3, { title: 'Contract PAYMENT due' }),
      ],
    });
    vi.useFakeTimers();
    const search = screen.getByRole('searchbox', { name: 'Search notifications' });
    fireEvent.change(search, { target: { value: 'paym' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: 'payment' } });
    act(() => vi.advanceTimersByTime(299));
    expect(titles()).toEqual(['Lead assigned', 'Payment received', 'Contract PAYMENT due']);
    act(() => vi.advanceTimersByTime(1));
    expect(titles()).toEqual(['Payment received', 'Contract PAYMENT due']);
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByTestId('notification-empty')).toHaveTextContent('No notifications match');
  });

  it('filters to unread only', async () => {
    const { panel } = await openCentre({
      notifications: [makeNotification('a', 1), makeNotification('b', 2, { isRead: true }), makeNotification('c', 3)],
    });
    await userEvent.click(within(panel).getByRole('switch', { name: 'Unread only' }));
    expect(titles()).toEqual(['Notification a', 'Notification c']);
    await userEvent.click(within(panel).getByRole('switch', { name: 'Unread only' }));
    expect(titles()).toHaveLength(3);
  });

  it('sorts by date or title, ascending or descending', async () => {
    const { panel } = await openCentre({
      notifications: [
        makeNotification('a', 30, { title: 'beta' }),
        makeNotification('b', 10, { title: 'Alpha' }),
        makeNotification('c', 20, { title: 'gamma' }),
      ],
    });
    expect(titles()).toEqual(['Alpha', 'gamma', 'beta']);
    const choose = async (label: string) => {
      await userEvent.click(within(panel).getByRole('combobox', { name: 'Sort' }));
      await userEvent.click(await screen.findByRole('option', { name: label }));
    };
    await choose('Oldest first');
    expect(titles()).toEqual(['beta', 'gamma', 'Alpha']);
    await choose('Title A–Z');
    expect(titles()).toEqual(['Alpha', 'beta', 'gamma']);
    await choose('Title Z–A');
    expect(titles()).toEqual(['gamma', 'beta', 'Alpha']);
    await choose('Newest first');
    expect(titles()).toEqual(['Alpha', 'gamma', 'beta']);
  });

  it('lists at most 50, then says so (120 received, the store keeps 100)', async () => {
    const { panel } = await openCentre({ notifications: makeMany(120) });
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(50);
    expect(within(panel).getByText('Showing first 50 notifications')).toBeInTheDocument();
    expect(badge()).toHaveTextContent('99+');
  });

  it('does not show the text with exactly 50', async () => {
    const { panel } = await openCentre({ notifications: makeMany(50) });
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(50);
    expect(within(panel).queryByText('Showing first 50 notifications')).not.toBeInTheDocument();
  });
});

describe('list operations', () => {
  it('marks one as read', async () => {
    const { panel } = await openCentre({ notifications: [makeNotification('a', 1), makeNotification('b', 2)] });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark “Notification a” as read' }));
    expect(within(panel).getAllByTestId('notification-item').map((item) => item.getAttribute('data-read'))).toEqual(['true', 'false']);
    // The button is gone; the focus stays in the row (the next action), not on the page behind the dialog.
    expect(within(panel).getByRole('button', { name: 'Delete “Notification a”' })).toHaveFocus();
    expect(badge()).toHaveTextContent('1');
    expect(within(panel).queryByRole('button', { name: 'Mark “Notification a” as read' })).not.toBeInTheDocument();
  });

  it('offers mark all as read only while something is unread, and it clears the badge', async () => {
    const { panel } = await openCentre({ notifications: makeMany(3) });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    // The focus stays in the dialog (its heading), so Escape still closes it.
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    expect(badge()).toHaveClass('MuiBadge-invisible');
    expect(bell()).toHaveAccessibleName('Notifications, none unread');
  });

  it('hides mark all as read when everything is read', async () => {
    const { panel } = await openCentre({ notifications: makeMany(3, { isRead: true }) });
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(3);
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('deletes one (DELETE /api/notifications/{id})', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { panel } = await openCentre({ notifications: [makeNotification('a', 1), makeNotification('b', 2)] });
    await userEvent.click(within(panel).getByRole('button', { name: 'Delete “Notification a”' }));
    await waitFor(() => expect(titles()).toEqual(['Notification b']));
    expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/\/api\/notifications\/a$/), expect.objectContaining({ method: 'DELETE' }));
  });

  it('shows the delete failure in the banner and keeps the item', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('boom', { status: 500 })));
    const { panel } = await openCentre({ notifications: [makeNotification('a', 1)] });
    await userEvent.click(within(panel).getByRole('button', { name: 'Delete “Notification a”' }));
    expect(await within(panel).findByTestId('notification-error-banner')).toHaveTextContent(DELETE_FAILED_MESSAGE);
    expect(titles()).toEqual(['Notification a']);
  });

  it('opens a notification link through the router, marks it read and closes the centre', async () => {
    const app = await openCentre({ notifications: [makeNotification('a', 1, { title: 'Lead 7', link: '/sales/leads/7' })] });
    await userEvent.click(within(app.panel).getByRole('button', { name: /^Unread:\s*Lead 7\s*, opens a link/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sales/leads/7'));
    expect(app.store.getState().notifications.list[0]?.isRead).toBe(true);
  });
});

describe('error banner and connection status', () => {
  it('shows the message, or the default text, and dismisses', async () => {
    const { panel, store } = await openCentre();
    expect(within(panel).queryByTestId('notification-error-banner')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(notificationErrorSet('Stream refused'));
    });
    expect(within(panel).getByTestId('notification-error-banner')).toHaveTextContent('Stream refused');
    act(() => {
      store.dispatch(notificationErrorSet(''));
    });
    expect(within(panel).getByTestId('notification-error-banner')).toHaveTextContent('An error occurred with notifications');
    await userEvent.click(within(panel).getByRole('button', { name: 'Dismiss error' }));
    expect(within(panel).queryByTestId('notification-error-banner')).not.toBeInTheDocument();
    expect(store.getState().notifications.error).toBeNull();
  });

  it.each<[ConnectionStatus, string, string]>([
    ['connected', 'Connected', 'Real-time notifications active'],
    ['connecting', 'Connecting...', 'Establishing connection'],
    ['disconnected', 'Disconnected', 'Real-time notifications unavailable'],
    ['polling', 'Polling', 'Checking for updates periodically'],
  ])('shows %s as %s: %s', async (status, label, description) => {
    const { panel, store } = await openCentre();
    act(() => {
      store.dispatch(connectionStatusSet(status));
    });
    const indicator = within(panel).getByRole('status');
    expect(indicator).toHaveTextContent(label);
    expect(indicator).toHaveTextContent(description);
  });
});

describe('sound and announcements', () => {
  it('chooses the sound and turns it off, kept on the device', async () => {
    const { panel, store } = await openCentre();
    await userEvent.click(within(panel).getByRole('combobox', { name: 'Notification sound' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Pleasant (default)', 'Ding', 'Pop', 'Chime', 'Alert', 'Ping']);
    await userEvent.click(screen.getByRole('option', { name: 'Chime' }));
    expect(store.getState().notifications.sound.sound).toBe('chime');
    expect(localStorage.getItem('notification-sound')).toBe('chime');
    await userEvent.click(within(panel).getByRole('switch', { name: 'Sound' }));
    expect(store.getState().notifications.sound.enabled).toBe(false);
    expect(localStorage.getItem('notification-sound-enabled')).toBe('false');
  });

  it('offers Send announcement only with notification:create', async () => {
    const agent = await openCentre({ privileges: demoPrivileges('sales.agent', SPEC_DEMO_ROLES) });
    expect(within(agent.panel).queryByRole('button', { name: 'Send announcement' })).not.toBeInTheDocument();
    agent.view.unmount();
    const admin = await openCentre({ privileges: demoPrivileges('admin', SPEC_DEMO_ROLES) });
    await userEvent.click(within(admin.panel).getByRole('button', { name: 'Send announcement' }));
    expect(await screen.findByRole('dialog', { name: 'Send announcement' })).toBeInTheDocument();
  });
});
