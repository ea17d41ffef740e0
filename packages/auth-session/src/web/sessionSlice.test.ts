// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrivileges } from './ensurePrivileges.js';
import {
  loginErrorCleared,
  privilegesSet,
  selectDepartmentId,
  selectPrivilegeChecker,
  selectPrivileges,
  selectUserId,
  selectUsername,
  sessionCleared,
  sessionSlice,
} from './sessionSlice.js';
import { SALES_PRIVILEGES, makeStore } from './test-utils/session.js';

afterEach(() => localStorage.clear());

describe('sessionSlice', () => {
  it("is named 'session' and starts from the stored user", () => {
    localStorage.setItem('username', 'sara');
    localStorage.setItem('userId', 'u1');
    localStorage.setItem('departmentId', 'd1');
    const store = makeStore();
    expect(sessionSlice.name).toBe('session');
    expect(selectUsername(store.getState())).toBe('sara');
    expect(selectUserId(store.getState())).toBe('u1');
    expect(selectDepartmentId(store.getState())).toBe('d1');
    expect(selectPrivileges(store.getState())).toBeNull();
    expect(store.getState().session.privilegesStatus).toBe('idle');
  });

  it('starts signed out without stored items', () => {
    expect(makeStore().getState().session).toEqual({
      user: null,
      privileges: null,
      privilegesStatus: 'idle',
      loginStatus: 'idle',
      loginError: null,
    });
  });

  it('memoises the privilege checker per privilege list', () => {
    const store = makeStore();
    const denyAll = selectPrivilegeChecker(store.getState());
    expect(denyAll.can('lead', 'read')).toBe(false);
    store.dispatch(privilegesSet(SALES_PRIVILEGES));
    const checker = selectPrivilegeChecker(store.getState());
    expect(checker.can('Lead', 'READ')).toBe(true);
    expect(checker.can('lead', 'update')).toBe(false);
    store.dispatch(loginErrorCleared());
    expect(selectPrivilegeChecker(store.getState())).toBe(checker);
  });

  it('a fetch that fails after a login keeps the privileges the login set', () => {
    const store = makeStore();
    store.dispatch(privilegesSet(SALES_PRIVILEGES));
    store.dispatch(ensurePrivileges.fulfilled(null, 'stale-request'));
    expect(selectPrivileges(store.getState())).toEqual(SALES_PRIVILEGES);
    expect(store.getState().session.privilegesStatus).toBe('loaded');
  });

  it('sessionCleared resets everything', () => {
    localStorage.setItem('username', 'sara');
    localStorage.setItem('userId', 'u1');
    const store = makeStore();
    store.dispatch(privilegesSet(SALES_PRIVILEGES));
    store.dispatch(sessionCleared());
    expect(store.getState().session.user).toBeNull();
    expect(selectPrivileges(store.getState())).toBeNull();
  });
});
