export { LISTENER_NAME, openDatabase } from './db.js';
export type { Database, ListenHooks, OpenDatabaseOptions, Queryable, QueryResult, Snapshot, Transaction, Unlisten } from './db.js';
export { afterCommit, beforeCommit, isTransaction, lastBeforeCommit, outsideTransaction, withCommit, type CommitStatement } from './commit.js';
export { runMigrations } from './migrations.js';
export type { Migration } from './migrations.js';
export { audit, migrations } from './audit.js';
export type { AuditEntry } from './audit.js';
export { createJobRunner, defineJob, jobMigrations } from './jobs.js';
export { FOREGROUND_MAX_MS, foregroundBusy, foregroundEnded, foregroundStarted, whenForegroundIdle } from './foreground.js';
export { OUTBOX_BACKOFF_MS, OUTBOX_BUSY_PAUSE_MS, OUTBOX_CHANNEL, OUTBOX_GIVE_UP_AFTER_MS, OUTBOX_LEASE_MS, deliverOutbox, enqueueOutbox, onOutboxCommit, outboxJob, outboxMigrations, requeueOutbox, setOutboxBusyPause, setOutboxGiveWayOnEveryDatabase } from './outbox.js';
export type { OutboxInput, OutboxMessage, OutboxOutcome, OutboxRun, OutboxSender, OutboxStatus } from './outbox.js';
export { createOrderedFeed, createStreamRegistry } from './feed.js';
export type { OrderedFeed, OrderedFeedOptions, StreamHubClient } from './feed.js';
export type { JobContext, JobDefinition, JobRun, JobRunner, JobRunnerOptions } from './jobs.js';
export {
  HttpError,
  badRequest,
  unauthorized,
  forbiddenCsrf,
  notFound,
  conflict,
  unprocessable,
  accessDenied,
  tooManyRequests,
  rateLimited,
  fieldError,
  errorBody,
  ok,
  list,
  sendError,
  registerErrorHandler,
} from './errors.js';
export type { ErrorEnvelope, ErrorMessage, FieldError } from './errors.js';
export { adoptCatalog, dataWord, isLocalText, loadServerCatalogs, registerLanguage, registerValidationWords, serverCatalog, serverCatalogs, text, translate, translateValidationWord } from './localize.js';
export type { LocalText, TextParams, Word } from './localize.js';
export { serverKitCatalog, validationCatalog } from './i18n/catalog.js';
export { requirePrivilege, requireSession } from './auth.js';
export type { AuthHook, RequestAuth } from './auth.js';
export { findUnstorableText, refuseUnstorableText } from './text.js';
export { logSerializers, safeError, safeRequest } from './logging.js';
export { DEFAULT_SECURITY, SECURITY_SCHEMES, dateString, dateTimeString, decimalString, documentComponents, documentRoute, doneEnvelope, errorEnvelopeSchema, fieldErrorSchema, listEnvelope, okEnvelope, uuidSchema } from './openapi.js';
export type { RouteDocs } from './openapi.js';
