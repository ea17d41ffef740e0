// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { useChecker, useCurrentUser } from './sessionHooks.js';
import { privilegesSet, sessionCleared, userSet } from './sessionSlice.js';
import { SALES_PRIVILEGES, makeStore, resetAll } from './test-utils/session.js';

afterEach(() => resetAll());

describe('useCurrentUser and useChecker', () => {
  it('follow the session slice: the next user of the tab is seen at once, without a call', () => {
    const store = makeStore();
    store.dispatch(userSet({ username: 'admin', userId: 'u-admin', departmentId: null }));
    store.dispatch(privilegesSet([{ entityName: 'lead', fieldName: null, action: 'assign' }]));
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => ({ user: useCurrentUser(), checker: useChecker() }), { wrapper });
    expect(result.current.user?.userId).toBe('u-admin');
    expect(result.current.checker.can('lead', 'assign')).toBe(true);

    act(() => {
      store.dispatch(sessionCleared());
    });
    expect(result.current.user).toBeNull();
    expect(result.current.checker.can('lead', 'assign')).toBe(false);

    act(() => {
      store.dispatch(userSet({ username: 'sales.agent', userId: 'u-agent', departmentId: 'd1' }));
      store.dispatch(privilegesSet(SALES_PRIVILEGES));
    });
    expect(result.current.user?.userId).toBe('u-agent');
    expect(result.current.checker.can('lead', 'read')).toBe(true);
    expect(result.current.checker.can('lead', 'assign')).toBe(false);
  });
});
