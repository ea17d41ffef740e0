import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientEnvironment } from './environment.js';
import { apiRequest } from './request.js';
import { finishSignOut, resetSessionState } from './session.js';
import { clearSignOutResets, onSignOut, resetClientState } from './signOut.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetApiClientEnvironment();
  resetSessionState();
  clearSignOutResets();
});

describe('onSignOut', () => {
  it('runs every registered reset, even when one fails', () => {
    const first = vi.fn(() => {
      throw new Error('boom');
    });
    const second = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onSignOut(first);
    const unsubscribe = onSignOut(second);
    resetClientState();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    unsubscribe();
    resetClientState();
    expect(second).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('finishSignOut goes to /login first, then resets', async () => {
    const order: string[] = [];
    configureApiClient({
      navigate: async (path) => {
        await Promise.resolve();
        order.push(`navigate ${path}`);
      },
    });
    onSignOut(() => order.push('reset'));
    await finishSignOut();
    expect(order).toEqual(['navigate /login', 'reset']);
  });

  it('the session-expiry path (401, restore failed) resets too', async () => {
    const navigate = vi.fn();
    configureApiClient({ navigate, notify: vi.fn() });
    const reset = vi.fn();
    onSignOut(reset);
    server.use(
      http.get('/api/x', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => new HttpResponse(null, { status: 401 })),
      http.post('/api/users/logout', () => HttpResponse.json({})),
    );
    await expect(apiRequest('/api/x')).rejects.toThrow('Unauthorized');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
