import type { PrivilegeChecker } from '@propdesk/privileges';
import { useSelector } from 'react-redux';
import { selectPrivilegeChecker, selectUser } from './sessionSlice.js';
import type { SessionUser } from './storage.js';

/**
 * The signed-in user (username, userId, departmentId) from the session slice: what the sign-in
 * and the shell's session check already established, so no page asks `/api/users/me` again.
 * Null when signed out. Follows the store, so the next user of the tab is seen at once.
 */
export function useCurrentUser(): SessionUser | null {
  return useSelector(selectUser);
}

/**
 * The signed-in user's privilege checker (memoised over the slice's privileges; everything denied
 * until they are loaded), to shape what a screen offers: the server still decides.
 */
export function useChecker(): PrivilegeChecker {
  return useSelector(selectPrivilegeChecker);
}
