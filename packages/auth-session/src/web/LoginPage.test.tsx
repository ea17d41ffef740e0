// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onSignOut } from '@propdesk/api-client';
import { LoginPage } from './LoginPage.js';
import { decryptPrivileges } from './roleCipher.js';
import { selectPrivileges, selectUser } from './sessionSlice.js';
import { makeLoginToken, makeStore, resetAll, setCookie } from './test-utils/session.js';
import type { TestStore } from './test-utils/session.js';

configure({ asyncUtilTimeout: 5000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetAll();
  vi.restoreAllMocks();
});

function renderLogin(store: TestStore = makeStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>Landing page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, user: userEvent.setup({ delay: null }) };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/username/i), 'sara.sales');
  await user.type(screen.getByLabelText(/^password/i), 's3cret!');
  await user.click(screen.getByRole('button', { name: /sign in/i }));
}

const csrfHandler = http.get('/api/users/csrf-cookie', () => {
  setCookie('XSRF-TOKEN', 'csrf-abc');
  return HttpResponse.json({ status: 'OK' });
});

// MUI's first render is slow on a busy machine (turbo runs packages in parallel).
describe('LoginPage', { timeout: 60_000 }, () => {
  it('shows the welcome heading, labelled required inputs and a submit button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Propdesk' })).toBeInTheDocument();
    const username = screen.getByLabelText(/username/i);
    expect(username).toHaveAttribute('name', 'username');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(username).toBeRequired();
    const password = screen.getByLabelText(/^password/i);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('name', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
    expect(document.title).toBe('Sign in · Propdesk');
  });

  it('has no serious or critical axe violations, also with an error shown', async () => {
    server.use(
      csrfHandler,
      http.post('/api/users/login', () => HttpResponse.json({ message: 'Wrong username or password.' }, { status: 400 })),
    );
    const { user } = renderLogin();
    const serious = async () => {
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.passes.map((rule) => rule.id)).toContain('label');
      return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    };
    expect(await serious()).toEqual([]);
    await fillAndSubmit(user);
    await screen.findByRole('alert');
    expect(await serious()).toEqual([]);
  });

  it('toggles the password between masked and shown', async () => {
    const { user } = renderLogin();
    const password = screen.getByLabelText(/^password/i);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in: CSRF header, stored items, slice set, navigation to /', async () => {
    let seen: { csrf: string | null; body: unknown } | undefined;
    const token = makeLoginToken();
    server.use(
      csrfHandler,
      http.post('/api/users/login', async ({ request }) => {
        seen = { csrf: request.headers.get('X-CSRF-TOKEN'), body: await request.json() };
        return HttpResponse.json({ data: token, message: 'Login successful' });
      }),
    );
    const { store, user } = renderLogin();
    await fillAndSubmit(user);

    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(seen).toEqual({ csrf: 'csrf-abc', body: { username: 'sara.sales', password: 's3cret!' } });
    expect(localStorage.getItem('username')).toBe('sara.sales');
    expect(localStorage.getItem('userId')).toBe('user-1');
    expect(localStorage.getItem('departmentId')).toBe('dep-1');
    expect(localStorage.getItem('token')).toBe(token);
    const expected = [
      { entityName: 'lead', fieldName: null, action: 'read' },
      { entityName: 'lead', fieldName: null, action: 'create' },
      { entityName: 'eoi', action: 'read' },
    ];
    await expect(decryptPrivileges(localStorage.getItem('role') ?? '')).resolves.toEqual(expected);
    expect(selectUser(store.getState())).toEqual({ username: 'sara.sales', userId: 'user-1', departmentId: 'dep-1' });
    expect(selectPrivileges(store.getState())).toEqual(expected);
  });

  it('starts from empty client caches: every onSignOut reset runs on a successful sign-in only', async () => {
    const reset = vi.fn();
    const unsubscribe = onSignOut(reset);
    server.use(csrfHandler, http.post('/api/users/login', () => HttpResponse.json({ message: 'Invalid' }, { status: 400 })));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
    server.use(http.post('/api/users/login', () => HttpResponse.json({ data: makeLoginToken(), message: 'Login successful' })));
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(reset).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("shows the server's message on 400 and stays", async () => {
    server.use(
      csrfHandler,
      http.post('/api/users/login', () =>
        HttpResponse.json({ status: 'ERROR', message: 'Wrong username or password.' }, { status: 400 }),
      ),
    );
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(screen.queryByText('Landing page')).not.toBeInTheDocument();
    expect(localStorage.getItem('username')).toBeNull();
  });

  it("shows the server's message on 429", async () => {
    server.use(
      csrfHandler,
      http.post('/api/users/login', () =>
        HttpResponse.json({ status: 'ERROR', message: 'Too many attempts. Try again in 60 s.' }, { status: 429 }),
      ),
    );
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 60 s.');
  });

  it("shows 'Invalid username or password!' on a network failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(csrfHandler, http.post('/api/users/login', () => HttpResponse.error()));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid username or password!$/);
  });

  it("shows 'Invalid username or password!' on an unreadable answer", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(csrfHandler, http.post('/api/users/login', () => HttpResponse.json({ data: 'not-a-jwt', message: 'ok' })));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid username or password!$/);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows an error when no CSRF cookie can be obtained, without calling login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let loginCalls = 0;
    server.use(
      http.get('/api/users/csrf-cookie', () => HttpResponse.json({})),
      http.post('/api/users/login', () => {
        loginCalls += 1;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/secure session/);
    expect(loginCalls).toBe(0);
  });

  it('shows a spinner and disables the button while submitting', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      csrfHandler,
      http.post('/api/users/login', async () => {
        await gate;
        return HttpResponse.json({ status: 'ERROR', message: 'Wrong username or password.' }, { status: 400 });
      }),
    );
    const { user } = renderLogin();
    await fillAndSubmit(user);

    const button = await screen.findByRole('button', { name: /sign in/i });
    expect(button).toBeDisabled();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();

    release();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('can be used with the keyboard alone', async () => {
    server.use(
      csrfHandler,
      http.post('/api/users/login', () => HttpResponse.json({ data: makeLoginToken(), message: 'ok' })),
    );
    const { user } = renderLogin();
    expect(screen.getByLabelText(/username/i)).toHaveFocus();
    await user.keyboard('sara.sales');
    await user.tab();
    expect(screen.getByLabelText(/^password/i)).toHaveFocus();
    await user.keyboard('s3cret!{Enter}');
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
  });
});
