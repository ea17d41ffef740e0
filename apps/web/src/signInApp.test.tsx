import '@testing-library/jest-dom/vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { resetConfig } from '@propdesk/api-client';
import { resetBrowserState, setCookie } from '@propdesk/test-utils';
import { startSignIn } from './signInApp.js';
import { isSignInPath } from './signInPath.js';

configure({ asyncUtilTimeout: 10_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  server.resetHandlers();
  resetBrowserState();
  resetConfig();
});

function start() {
  window.history.replaceState(null, '', '/login');
  container = document.createElement('div');
  document.body.append(container);
  act(() => {
    root = startSignIn(container!);
  });
  return userEvent.setup({ delay: null });
}

describe('the bootstrap', () => {
  it('sends /login (as the router matches it) to the sign-in app and every other path to the shell', () => {
    for (const path of ['/login', '/login/', '/LOGIN']) expect(isSignInPath(path), path).toBe(true);
    for (const path of ['/', '/sales/leads', '/login/extra', '/logins', '/not-authorized']) expect(isSignInPath(path), path).toBe(false);
  });
});

describe('the sign-in app', { timeout: 60_000 }, () => {
  it('shows the sign-in screen of the spec: heading, required fields, submit button, page title', async () => {
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Propdesk' })).toBeInTheDocument();
    expect(screen.getByLabelText(/username/i)).toBeRequired();
    expect(screen.getByLabelText(/^password/i)).toBeRequired();
    expect(screen.getByRole('button', { name: /sign in/i })).toBeEnabled();
    expect(document.title).toBe('Sign in · Propdesk');
  });

  it('fetches the configuration and the CSRF cookie while the person types, so the click makes the login call alone', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/config.json', () => {
        calls.push('config');
        return HttpResponse.json({ apiBaseUrl: '' });
      }),
      http.get('/api/users/csrf-cookie', () => {
        calls.push('csrf-cookie');
        setCookie('XSRF-TOKEN', 'csrf-typed');
        return HttpResponse.json({ status: 'OK' });
      }),
      http.post('/api/users/login', async ({ request }) => {
        calls.push(`login ${request.headers.get('X-CSRF-TOKEN')}`);
        return HttpResponse.json({ status: 'ERROR', message: 'Wrong username or password.' }, { status: 400 });
      }),
    );
    const user = start();
    await user.type(await screen.findByLabelText(/username/i), 'sara.sales');
    await waitFor(() => expect(calls).toEqual(['config', 'csrf-cookie']));
    await user.type(screen.getByLabelText(/^password/i), 's3cret!');
    calls.push('click');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(calls).toEqual(['config', 'csrf-cookie', 'click', 'login csrf-typed']);
  });

  it('signs in through the session package: a refused sign-in shows the server message and stays on /login', async () => {
    const seen: unknown[] = [];
    server.use(
      http.get('/config.json', () => HttpResponse.json({ apiBaseUrl: '' })),
      http.get('/api/users/csrf-cookie', () => {
        setCookie('XSRF-TOKEN', 'csrf-abc');
        return HttpResponse.json({ status: 'OK' });
      }),
      http.post('/api/users/login', async ({ request }) => {
        seen.push({ csrf: request.headers.get('X-CSRF-TOKEN'), body: await request.json() });
        return HttpResponse.json({ status: 'ERROR', message: 'Wrong username or password.' }, { status: 400 });
      }),
    );
    const user = start();
    await user.type(await screen.findByLabelText(/username/i), 'sara.sales');
    await user.type(screen.getByLabelText(/^password/i), 's3cret!');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(seen).toEqual([{ csrf: 'csrf-abc', body: { username: 'sara.sales', password: 's3cret!' } }]);
    expect(window.location.pathname).toBe('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: /sign in/i })).toBeEnabled());
    expect(window.localStorage.getItem('username')).toBeNull();
  });

  it('shows the network-failure message of the spec when the server cannot be reached', async () => {
    server.use(
      http.get('/config.json', () => HttpResponse.json({ apiBaseUrl: '' })),
      http.get('/api/users/csrf-cookie', () => {
        setCookie('XSRF-TOKEN', 'csrf-abc');
        return HttpResponse.json({ status: 'OK' });
      }),
      http.post('/api/users/login', () => HttpResponse.error()),
    );
    const user = start();
    await user.type(await screen.findByLabelText(/username/i), 'sara.sales');
    await user.type(screen.getByLabelText(/^password/i), 's3cret!');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password!');
    expect(window.location.pathname).toBe('/login');
  });
});
