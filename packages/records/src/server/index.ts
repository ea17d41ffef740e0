export { recordsPlugin, callerOf } from './plugin.js';
export type { RecordsPluginOptions, Printer } from './plugin.js';
export { Lifecycle, assertEditableState, assertNotArchived } from './lifecycle.js';
export type { ResourceHooks, ActionHandlers, ActionOutcome, Rollup, UpdateChanges, UpdatedRow } from './lifecycle.js';
export { runAction } from './actions.js';
export { combineRowScopes } from './domain.js';
export { composeDomain, folderModules, mergeHooks, resourceModule } from './modules.js';
export type { DomainManifest, ResourceModule } from './modules.js';
export { demoOrder, domainDemo } from './demos.js';
export type { DemoSeed, DomainDemo } from './demos.js';
export type { DomainServer, DomainContext, DomainNotify, RowScope, AuthChangeAnnouncer } from './domain.js';
export { engineMigrations, resourceMigrations, tableDdl, constraintDdl, columnType, uniqueIndexName } from './ddl.js';
export { seedResources } from './seed.js';
export type { SeedData } from './seed.js';
export { nextDocumentNumber, reserveDocumentNumbers } from './numbering.js';
export { createMany, updateMany, settleRollups } from './batch.js';
export { deleteMany } from './batchDelete.js';
export type { DeleteManyOptions } from './batchDelete.js';
export { noteChanges, registerChangeHeader, takeRequestChanges } from './changes.js';
export type { ChangeObserver, ChangePublisher } from './changes.js';
export type { NewRow, ChangeRow, CreateManyOptions, UpdateManyOptions } from './batch.js';
export {
  createRecord,
  documentNumber,
  fillNumberLater,
  numberInText,
  takePendingNumbers,
  updateRecord,
  deleteRecord,
  getRecord,
  lockedRecord,
  currentRecords,
  listRecords,
  historyOf,
  recordKeptChange,
  usageOf,
  toRecord,
  visibleRecord,
  engineTransaction,
  flushRollups,
  effectOf,
  parentOf,
  memoized,
} from './records.js';
export type { Caller, ChangeSource, EngineContext, CreateOptions, UpdateOptions } from './records.js';
export { COUNT_CAP, countCapFor, countQuery } from './records.js';
export { whereSql, selectRecords, selectRecordsUnmemoized, orderSql } from './select.js';
export type { ListCriteria } from './select.js';
export { qb, run } from './sql.js';
export { recordDoc } from './docs.js';
// The SQL tag of the engine's compiler, for row scopes written by the domains (values stay parameters).
export { sql } from 'kysely';
export type { RawBuilder } from 'kysely';
export { definitionWord, fieldWord, recordsCatalog, recordsValidationCatalog, registerDefinitionWords, thingOf } from './i18n/catalog.js';
