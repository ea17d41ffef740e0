export {
  BASE_FIELDS,
  actionApplies,
  checkDefinition,
  columnOf,
  deletableIn,
  hasActive,
  isArchived,
  isEmptyValue,
  isFilterable,
  isInternal,
  isKeyField,
  isNumberKind,
  isShown,
  isSortable,
  isTextKind,
  labelFieldOf,
  optionPartField,
  snake,
  writableFields,
} from './definition.js';
export type { ActionDef, FieldDef, FieldError, FieldKind, OptionPart, PickMatch, ResourceDef, ShowWhen } from './definition.js';
export { createRegistry } from './registry.js';
export { linksOf, recordLink, routeOf, screenLinks, withQuery, type ScreenLinks } from './links.js';
export type { Registry } from './registry.js';
export { defineDocument, entitiesOf, foldersOf } from './document.js';
export { landingOf, landingPathOf } from './landing.js';
export type { DocumentFace, DocumentSpec, DocumentState, FoldersOf } from './document.js';
export { addRuleIssues, createSchema, hiddenValueErrors, isValidDate, ruleErrors, updateSchema, valueFromText, valueSchema } from './schemas.js';
export type { SchemaOptions, ValueSource } from './schemas.js';
export {
  FILTER_OPS,
  FilterError,
  filterField,
  filterNodeSchema,
  isGroup,
  opsFor,
  parseListFilter,
  parseSort,
  sortField,
  validateFilter,
} from './filters.js';
export type { FilterCondition, FilterGroup, FilterNode, FilterOp, SortTerm } from './filters.js';
export {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  bulkSchema,
  importQuerySchema,
  listQuerySchema,
  savedViewBodySchema,
  savedViewStateSchema,
} from './api.js';
export type { BulkRequest, FieldChange, HistoryEntry, ImportReport, ImportRowError, ListQuery, ListResponse, PickerOption, RecordRow, UniqueAnswer, SavedView, SavedViewState, Usage } from './api.js';
export { f, num, formatPct } from './builders.js';
export { DEFAULT_PHONE_COUNTRY, E164_MESSAGE, isE164, toE164 } from './phones.js';
export { CURRENCY, DISPLAY_TIME_ZONE, XLSX_FORMATS, formatDate, formatDateRange, formatDateTime, formatMoney, formatMonth, formatPercent, formatQuantity, formatScalar, humanize } from './display.js';
export { CHANGE_LIMITS, EVERYTHING_CHANGED, RECORD_CHANGES_HEADER, coalesceChanges } from './changes.js';
export type { ChangeLimits, RecordChange, RecordChangeEvent, RecordChangeOp } from './changes.js';
export { checkDefinitionWords, definitionKeys, localizeResource, optionLabelOf } from './localize.js';
export type { DefinitionKey, DefinitionWords, LocalizedFieldDef, WordsCheckOptions } from './localize.js';
export { recordsValidationCatalog } from './i18n/validation.js';
