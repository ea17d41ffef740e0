// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
  clearStoredSession,
  readStoredToken,
  readStoredUser,
  writeStoredToken,
  writeStoredUser,
} from './storage.js';
import { makeLoginToken } from './test-utils/session.js';

afterEach(() => localStorage.clear());

describe('browser storage items', () => {
  it('uses the item names of spec section 3, and issue 29\'s language', () => {
    expect(STORAGE_KEYS).toEqual({
      username: 'username',
      userId: 'userId',
      departmentId: 'departmentId',
      role: 'role',
      token: 'token',
      sidebarPinned: 'sidebar-pinned',
      language: 'language',
    });
    // The last account's language outlives a sign-out (the next sign-in replaces it with its own).
    expect(SESSION_STORAGE_KEYS).not.toContain(STORAGE_KEYS.language);
  });

  it('round-trips the user', () => {
    writeStoredUser({ username: 'sara', userId: 'u1', departmentId: 'd1' });
    expect(localStorage.getItem('username')).toBe('sara');
    expect(localStorage.getItem('userId')).toBe('u1');
    expect(localStorage.getItem('departmentId')).toBe('d1');
    expect(readStoredUser()).toEqual({ username: 'sara', userId: 'u1', departmentId: 'd1' });
  });

  it('stores a user without a department by leaving departmentId out', () => {
    localStorage.setItem('departmentId', 'stale');
    writeStoredUser({ username: 'sara', userId: 'u1', departmentId: null });
    expect(localStorage.getItem('departmentId')).toBeNull();
    expect(readStoredUser()).toEqual({ username: 'sara', userId: 'u1', departmentId: null });
  });

  it('reads invalid or incomplete values as no user', () => {
    localStorage.setItem('username', 'sara');
    expect(readStoredUser()).toBeNull();
    localStorage.setItem('userId', '   ');
    expect(readStoredUser()).toBeNull();
  });

  it('round-trips the token and rejects a value that is not a JWT', () => {
    const token = makeLoginToken();
    writeStoredToken(token);
    expect(readStoredToken()).toBe(token);
    localStorage.setItem('token', 'not a token');
    expect(readStoredToken()).toBeNull();
  });

  it('clears role, token, username, userId and departmentId but keeps sidebar-pinned', () => {
    for (const key of ['role', 'token', 'username', 'userId', 'departmentId', 'sidebar-pinned']) localStorage.setItem(key, 'x');
    clearStoredSession();
    expect(Object.keys(localStorage)).toEqual(['sidebar-pinned']);
  });
});
