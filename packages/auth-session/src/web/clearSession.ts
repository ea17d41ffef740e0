import { onSessionExpired } from '@propdesk/api-client';
import type { Dispatch } from '@reduxjs/toolkit';
import { resetPrivilegeFetch } from './ensurePrivileges.js';
import { sessionCleared } from './sessionSlice.js';
import { clearStoredSession } from './storage.js';

/**
 * Forgets the session on this device: the role, token, username, userId and departmentId items,
 * the privilege fetch under way, and (given a dispatch) the session slice.
 */
export function clearSession(dispatch?: Dispatch): void {
  clearStoredSession();
  resetPrivilegeFetch();
  dispatch?.(sessionCleared());
}

/**
 * Connects api-client's session-expiry path (401 and restore failed) to this package, so the
 * slice and storage are cleared too. Call once with the store's dispatch; returns an unsubscribe.
 */
export function bindSessionToApiClient(dispatch: Dispatch): () => void {
  return onSessionExpired(() => clearSession(dispatch));
}
