import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Privilege } from '@propdesk/privileges';

export type SessionServerState = {
  /** The privileges `GET /api/users/privileges` answers with. */
  privileges: Privilege[];
  /** Whether the session is alive: false answers 401 to the session calls and to restore. */
  signedIn: boolean;
  /** How many times each call was made. */
  calls: Record<'csrf' | 'restore' | 'logout' | 'privileges' | 'me', number>;
};

/**
 * msw handlers for the session calls of spec section 7, for testing one web package alone
 * (never a substitute for the server in the product). The returned state can be changed
 * between steps of a test: sign the session out, change the privileges, count the calls.
 */
export function sessionHandlers(initial: { privileges?: Privilege[]; signedIn?: boolean } = {}): {
  handlers: HttpHandler[];
  state: SessionServerState;
} {
  const state: SessionServerState = {
    privileges: initial.privileges ?? [],
    signedIn: initial.signedIn ?? true,
    calls: { csrf: 0, restore: 0, logout: 0, privileges: 0, me: 0 },
  };
  const unauthorized = () => HttpResponse.json({ status: 'ERROR', message: 'Unauthorized' }, { status: 401 });
  const handlers = [
    http.get('*/api/users/csrf-cookie', () => {
      state.calls.csrf += 1;
      return HttpResponse.json({ status: 'OK' }, { headers: { 'Set-Cookie': 'XSRF-TOKEN=test-csrf; Path=/' } });
    }),
    http.get('*/api/users/restore-session', () => {
      state.calls.restore += 1;
      return state.signedIn ? HttpResponse.json({ status: 'OK' }) : unauthorized();
    }),
    http.post('*/api/users/logout', () => {
      state.calls.logout += 1;
      state.signedIn = false;
      return HttpResponse.json({ status: 'OK', message: 'Logged out' });
    }),
    http.get('*/api/users/privileges', () => {
      state.calls.privileges += 1;
      return state.signedIn ? HttpResponse.json(state.privileges) : unauthorized();
    }),
    http.get('*/api/users/me', () => {
      state.calls.me += 1;
      return state.signedIn ? HttpResponse.json({ status: 'OK', data: { id: 'user-1', username: 'sara.sales' } }) : unauthorized();
    }),
  ];
  return { handlers, state };
}
