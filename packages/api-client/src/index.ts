export {
  appConfigSchema,
  DEFAULT_CONFIG,
  CONFIG_PATH,
  loadConfig,
  getConfig,
  setConfig,
  resetConfig,
  apiUrl,
} from './config.js';
export type { AppConfig } from './config.js';
export {
  configureApiClient,
  resetApiClientEnvironment,
  navigateTo,
  notify,
  onSessionExpired,
} from './environment.js';
export type { ApiClientEnvironment, NotifyVariant } from './environment.js';
export {
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  CSRF_COOKIE_PATH,
  readCookie,
  clearScriptCookies,
  csrfHeaders,
  ensureCsrfCookie,
} from './cookies.js';
export {
  HttpError,
  UnauthorizedError,
  ForbiddenError,
  FAILED_REQUEST_MESSAGE,
  UNREACHABLE_MESSAGE,
  apiErrorFromBody,
  toApiError,
  fieldErrorMap,
  apiErrorText,
} from './errors.js';
export type { ApiError, FieldError } from './errors.js';
export { onSignOut, resetClientState, clearSignOutResets } from './signOut.js';
export {
  RESTORE_SESSION_PATH,
  LOGOUT_PATH,
  LOGIN_ROUTE,
  NOT_AUTHORIZED_ROUTE,
  SESSION_EXPIRED_MESSAGE,
  EXPIRY_CLEARED_ITEMS,
  restoreSession,
  expireSession,
  resetSessionState,
  finishSignOut,
} from './session.js';
export { apiRequest, parseResponse, emptyResponse } from './request.js';
export type { ApiRequestOptions, EmptyResponse } from './request.js';
export { baseApi, apiBaseQuery, withParams, toQueryError, resetApiStateOnSignOut, invalidateOnRecordChanges } from './baseApi.js';
export {
  RECORD_CHANGES_HEADER,
  RECORD_TAG,
  recordChangeSchema,
  recordChangeEventSchema,
  resourceTag,
  recordTag,
  changesTag,
  rowTags,
  readsTags,
  tagsForChange,
  createChangeApplier,
  parseRecordChanges,
  receiveRecordChanges,
  receiveEverythingChanged,
  trackRecordChanges,
} from './recordChanges.js';
export type { RecordChange, RecordTag, RecordInvalidation, ChangeOrigin, ChangeApplier, ChangeApplierOptions } from './recordChanges.js';
export type { ApiQueryArgs, ApiQueryError, QueryParamValue } from './baseApi.js';
export type { Envelope } from './envelope.js';
export { createSseParser } from './sseParser.js';
export type { SseEvent, SseParser, SseParserHandlers } from './sseParser.js';
export { openEventStream, STREAM_IDLE_TIMEOUT_MS } from './eventStream.js';
export type { EventStreamFactory, EventStreamFailure, EventStreamHandle, EventStreamOptions, EventStreamState } from './eventStream.js';
export { openApiEventStream } from './apiStream.js';
export { SESSION_CHECK_PATH, PRIVILEGES_PATH, postLogout, checkSession, openDownload, notificationRequest, readPrivileges, readAccount, countRecords } from './calls.js';
export { SIGN_IN_PATH, postSignIn } from './signInCall.js';
export type { ServiceRequest } from './calls.js';
