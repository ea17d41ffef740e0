import { resetApiClientEnvironment, resetConfig, resetSessionState } from '@propdesk/api-client';
import type { Privilege } from '@propdesk/privileges';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { clearCookies, makeLoginToken as makeSharedLoginToken, resetBrowserState, setCookie } from '@propdesk/test-utils';
import { resetPrivilegeFetch } from '../ensurePrivileges.js';
import { sessionSlice } from '../sessionSlice.js';

export const rootReducer = combineSlices(sessionSlice);

export function makeStore() {
  // The dev-only invariant checks warn when a slow CI box takes over 32 ms; they add nothing here.
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false }),
  });
}

export type TestStore = ReturnType<typeof makeStore>;

export { clearCookies, setCookie };

/** Everything module-level back to a fresh page. */
export function resetAll(): void {
  resetBrowserState();
  resetPrivilegeFetch();
  resetApiClientEnvironment();
  resetSessionState();
  resetConfig();
}

export const SALES_PRIVILEGES: Privilege[] = [
  { entityName: 'lead', fieldName: null, action: 'read' },
  { entityName: 'lead', fieldName: null, action: 'create' },
];

/** A login token for 'sara.sales' with two roles whose privileges overlap (case differs). */
export function makeLoginToken(overrides: { departmentId?: string | null } = {}): string {
  return makeSharedLoginToken({
    username: 'sara.sales',
    id: 'user-1',
    department: overrides.departmentId === null ? null : { id: overrides.departmentId ?? 'dep-1', name: 'Sales' },
    roles: [
      { id: 'r1', name: 'Sales agent', entityprivileges: SALES_PRIVILEGES },
      { id: 'r2', name: 'Viewer', entityprivileges: [{ entityName: 'LEAD', fieldName: null, action: 'READ' }, { entityName: 'eoi', action: 'read' }] },
    ],
  });
}
