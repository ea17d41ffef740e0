export {
  STORAGE_KEYS,
  SESSION_STORAGE_KEYS,
  storedUserSchema,
  readStorageItem,
  writeStorageItem,
  readStoredUser,
  writeStoredUser,
  readStoredToken,
  writeStoredToken,
  clearStoredSession,
} from './storage.js';
export type { StorageKey, SessionUser } from './storage.js';
export { encryptPrivileges, decryptPrivileges, readStoredPrivileges, writeStoredPrivileges } from './roleCipher.js';
export type { SessionState, SessionRootState, SessionDispatch, PrivilegesStatus, LoginStatus } from './sessionTypes.js';
export {
  sessionSlice,
  sessionCleared,
  userSet,
  privilegesSet,
  loginErrorCleared,
  selectSession,
  selectUser,
  selectUsername,
  selectUserId,
  selectDepartmentId,
  selectPrivileges,
  selectPrivilegesStatus,
  selectLoginStatus,
  selectLoginError,
  selectIsAuthenticated,
  selectPrivilegeChecker,
} from './sessionSlice.js';
export { useCurrentUser, useChecker } from './sessionHooks.js';
export { ensurePrivileges, resetPrivilegeFetch, PRIVILEGES_PATH } from './ensurePrivileges.js';
export { login, performLogin, signedInSession, privilegesFromToken, LOGIN_PATH } from './login.js';
// Their own module: the sign-in app shows them without loading the sign-in logic.
export { INVALID_CREDENTIALS_MESSAGE, CSRF_UNAVAILABLE_MESSAGE, SERVER_FAILURE_MESSAGE } from './loginMessages.js';
export type { LoginCredentials, LoginOutcome, LoginResult } from './login.js';
export { logout, LOGOUT_PATH, LOGIN_ROUTE } from './logout.js';
export { clearSession, bindSessionToApiClient } from './clearSession.js';
export { initialLanguage, rememberLanguage } from './language.js';
export { authCatalog } from './i18n/catalog.js';
