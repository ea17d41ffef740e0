import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { ThemeProvider } from '@mui/material/styles';
import { baseApi, resetConfig, setConfig } from '@propdesk/api-client';
import { createPropdeskTheme } from '../theme/createPropdeskTheme.js';
import { CHANGE_PASSWORD_PATH } from './accountApi.js';
import { ChangePasswordDialog, PASSWORD_CHANGED_TEXT } from './ChangePasswordDialog.js';

// The dialog alone against msw answers in the shape of the real server (auth-session's route).
const BASE = 'http://propdesk.test';
const server = setupServer();
const CURRENT = 'Propdesk#2026';

type Seen = { body: unknown; csrf: string | null };
let seen: Seen[] = [];

function answerLikeTheServer() {
  server.use(
    http.post(`${BASE}${CHANGE_PASSWORD_PATH}`, async ({ request }) => {
      const body = (await request.json()) as { currentPassword: string; newPassword: string };
      seen.push({ body, csrf: request.headers.get('x-csrf-token') });
      if (body.currentPassword !== CURRENT) {
        return HttpResponse.json(
          { status: 'ERROR', message: 'The current password is wrong', errors: [{ field: 'currentPassword', message: 'The current password is wrong' }] },
          { status: 400 },
        );
      }
      return HttpResponse.json({ status: 'OK', message: PASSWORD_CHANGED_TEXT, data: { otherSessionsEnded: 1 } });
    }),
  );
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setConfig({ apiBaseUrl: BASE });
});
afterEach(() => {
  server.resetHandlers();
  seen = [];
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterAll(() => {
  server.close();
  resetConfig();
});

function renderDialog() {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
  const store = configureStore({
    reducer: combineSlices(baseApi),
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
  });
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <ThemeProvider theme={createPropdeskTheme()}>
        <SnackbarProvider>
          <ChangePasswordDialog open onClose={onClose} />
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { onClose };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const fill = async (current: string, next: string, confirm = next) => {
  await userEvent.type(field('Current password'), current);
  await userEvent.type(field('New password'), next);
  await userEvent.type(field('Confirm new password'), confirm);
};
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('the change-password dialog', () => {
  it('shows the rule and refuses a weak or unconfirmed password without calling the server', async () => {
    answerLikeTheServer();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
    expect(field('New password')).toHaveAccessibleDescription('12 to 1,024 characters, no spaces at the start or end.');
    await fill(CURRENT, 'short');
    await submit();
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('At least 12 characters')).toBeInTheDocument();
    await userEvent.clear(field('New password'));
    await userEvent.type(field('New password'), 'a-much-longer-password');
    await submit();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('shows the server’s field error under the current password', async () => {
    answerLikeTheServer();
    const { onClose } = renderDialog();
    await fill('not-my-password', 'a-much-longer-password');
    await submit();
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(seen).toEqual([{ body: { currentPassword: 'not-my-password', newPassword: 'a-much-longer-password' }, csrf: 'token-1' }]);
  });

  it('changes the password, says the other sessions were signed out and closes', async () => {
    answerLikeTheServer();
    const { onClose } = renderDialog();
    await fill(CURRENT, 'a-much-longer-password');
    await submit();
    expect(await screen.findByText(PASSWORD_CHANGED_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(seen).toHaveLength(1);
  });
});
