/**
 * A resource definition: the one place a resource's table, API, validation, privileges, audit and
 * pages come from. Definitions are plain data (plus an optional cross-field rule), shared by the
 * server and the browser.
 */
import type { LandingPlace } from '@propdesk/privileges';

export type FieldKind =
  | 'text'
  | 'longtext'
  | 'email'
  | 'phone'
  | 'url'
  | 'color'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'reference'
  | 'references'
  | 'json';

export type FieldDef = {
  kind: FieldKind;
  label: string;
  required?: boolean;
  /** Unique across the table (`true`), or within the given scope fields (`['project']`). Text compares case-insensitively. */
  unique?: boolean | readonly string[];
  default?: string | number | boolean | null;
  /** `reference` / `references`: the referenced resource's name in the registry. */
  ref?: string;
  /** `enum`: the allowed values, in display order. */
  options?: readonly string[];
  /** Needs a field-level privilege to read (`read`) or write (`update`); left out of every answer otherwise. */
  protected?: boolean;
  /** Searched by the list's `q`. */
  searchable?: boolean;
  /** Defaults: scalars sort and filter; `json` and `references` do neither. */
  sortable?: boolean;
  filterable?: boolean;
  /** Shown but never written through create/update (workflows and block/unblock set it). */
  readOnly?: boolean;
  /** Text length limit (default 200 for text, 5000 for longtext). */
  maxLength?: number;
  min?: number;
  max?: number;
  /** Decimal places for `decimal` (default 4). */
  scale?: number;
  /**
   * `phone`: the value is an international number in E.164 (`+201001234567`), valid for its country
   * by the phone library; the form picks the country and a text import reads a local number as
   * Egyptian. Without it a phone is any dialable text (a supplier's switchboard with its extension).
   */
  e164?: boolean;
  /** A hint under the input. */
  help?: string;
  /** What an empty value means, shown in its place in views and as the input's placeholder ("No limit"). */
  emptyText?: string;
  /**
   * A text the server stores in English (a ledger line's label), or a reference to records named by one: the
   * name of a display a web package registers (`registerShownText`) that says it in another language. The
   * stored text is what is searched, exported and kept in the history; only what is shown changes.
   */
  shownAs?: string;
  /**
   * `reference`: which referenced records may be chosen, by their field values (a quotation's request must
   * be approved and still open for ordering). The picker offers only them and the server refuses others.
   */
  pickWhere?: Readonly<Record<string, readonly string[]>>;
  /** The words of the refusal when a `pickWhere` value is not met. */
  pickMessage?: string;
  /**
   * `reference`: the record chosen must agree with another field of the same form, so a picker offers only
   * what fits (units of the chosen project, plans of the unit's project) and the server refuses the rest
   * with a 400 naming this field. See `PickMatch`.
   */
  pickMatch?: PickMatch;
  /**
   * A key column (a document's or a cheque's number): its list column is as wide as its longest value and
   * its header, never cut. The numbering field and the code field are key columns without saying so.
   */
  key?: boolean;
  /** Not shown in forms (set by the server, e.g. a document number). */
  hidden?: boolean;
  /** An index for filtering or sorting on this field. */
  indexed?: boolean;
  /**
   * A list of rows inside the record (`json` kind, stored as jsonb), each row an object of these
   * scalar columns, validated cell by cell (`tiers.2.pct`) and edited as a small table. Built by `f.rows`.
   */
  columns?: Readonly<Record<string, FieldDef>>;
  /** `columns`: at most this many rows (default 100). */
  maxRows?: number;
  /**
   * Shown, and holding a value, only while another field has one of these values (a tiered
   * commission's tiers). Hidden, it is left out of the form and the view, and the server refuses a value for it.
   */
  showWhen?: ShowWhen;
};

/**
 * A reference that must agree with another field of its form. The chosen record's `target` field holds
 * what the form's `field` holds (`{ field: 'project', target: 'project' }`: a unit of the chosen project),
 * or, with `through`, what the record chosen in `field` holds in its `through` field
 * (`{ field: 'unit', through: 'project', target: 'project' }`: a plan of the unit's project). With
 * `orEmpty` a record whose `target` is empty fits any (a plan every project may use). While the form's
 * `field` is empty nothing is narrowed. `message` is the refusal's wording.
 */
export type PickMatch = { field: string; through?: string; target: string; orEmpty?: boolean; message?: string };

/**
 * One piece of what a picker shows under a record's label to tell it from its twins: a field's value as a
 * person reads it (a reference by its record's label), or only its last `last` characters (a phone's or an
 * ID's ending, "…4567"), after `prefix` ("Block ", "ID "). A string is a field's name.
 */
export type OptionPart = string | { field: string; prefix?: string; last?: number };

/** The field an option part shows. */
export const optionPartField = (part: OptionPart) => (typeof part === 'string' ? part : part.field);

/** `showWhen: { field: 'commissionType', in: ['tiered'] }`. */
export type ShowWhen = { field: string; in: readonly (string | boolean)[] };

/** Whether a field applies to a record with these values (its `showWhen`, if any, is met). */
export function isShown(field: FieldDef, values: Readonly<Record<string, unknown>>): boolean {
  if (!field.showWhen) return true;
  const value = values[field.showWhen.field];
  return field.showWhen.in.some((option) => option === value);
}

/** A value that counts as "no value" for a hidden field: null, '' or an empty list. */
export const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export type FieldError = { field: string; message: string };

/** A named workflow transition: `POST /api/{path}/{id}/actions/{name}`. */
export type ActionDef = {
  label: string;
  /** States it may start from. */
  from: readonly string[];
  /** State it ends in. */
  to: string;
  /** The privilege action it needs on the resource's entity (default `update`). */
  privilege?: string;
  reason?: 'required' | 'optional';
  /** What the reason is called in the dialog when it is something else (a payment reference); default "Reason". */
  reasonLabel?: string;
  /**
   * Asked before the action runs, with `{field}` placeholders filled from the record as a person
   * reads them: `'Submit {number} for approval?'`. Every action that cannot be taken back has one.
   */
  confirm?: string;
  /**
   * Offered only while another field has one of these values, beyond its `from` states (approving a
   * reservation's modification while one is waiting); the server refuses it otherwise, with `otherwise`
   * as the reason (`'no modification is waiting'`).
   */
  when?: (ShowWhen | { field: string; filled: true }) & { otherwise?: string };
};

/** Whether an action may start from this record: its state is one of `from` and its `when`, if any, is met. */
export function actionApplies(def: Pick<ResourceDef, 'statusField'>, action: ActionDef, record: Readonly<Record<string, unknown>>): boolean {
  if (!def.statusField || !action.from.includes(String(record[def.statusField] ?? ''))) return false;
  const when = action.when;
  if (!when) return true;
  const value = record[when.field];
  return 'filled' in when ? !isEmptyValue(value) : when.in.some((option) => option === value);
}

export type ResourceDef = {
  /** Registry key, also the kebab-case API path segment: `/api/{name}`. */
  name: string;
  /** Table name (snake_case). */
  table: string;
  /** Display names. */
  label: string;
  singular: string;
  /** Privilege entity as the spec spells it (aliases and case fold in the privileges engine). */
  entity: string;
  /** Any signed-in user may read (the spec's unguarded screens); writes still need `entity`. */
  readOpen?: boolean;
  /** No writes through the API at all (e.g. the unit status list). */
  readOnly?: boolean;
  /** The field that names a record in pickers, references and messages (default `name`). */
  labelField?: string;
  /** A second field matched when importing references by code (`code`, `isoCode`). */
  codeField?: string;
  /**
   * What a picker shows under the label to tell a record from others of the same name (a unit's project and
   * block, a customer's phone and ID endings); the picker's search matches it too. See `OptionPart`.
   */
  optionDetail?: readonly OptionPart[];
  fields: Readonly<Record<string, FieldDef>>;
  /** Reference data has `active`; documents do not. Default true. */
  hasActive?: boolean;
  /**
   * A read-only reference field that, once filled, archives the record (a lead merged into another:
   * `mergedInto`): the record and its history stay readable by id, but lists, counts, exports and
   * pickers leave it out unless asked (`active=false`: only archived ones, `all`: both), and the
   * engine refuses any further change or deletion of it (409 naming the record it points to).
   */
  archivedBy?: string;
  /** e.g. `['name']`, `['-createdOn']`. */
  defaultSort: readonly string[];
  listColumns: readonly string[];
  /** Form rows: each inner array is laid out side by side. Default: one field per row. */
  formLayout?: readonly (readonly string[])[];
  /** Cross-field rule, run in the browser and on the server over the whole record. */
  rule?: (values: Readonly<Record<string, unknown>>) => FieldError[];
  /** The table belongs to another package's migrations; the engine only adds its missing columns. */
  existingTable?: boolean;
  /** Gap-free document numbering: `{prefix}-{year}-{00001}` in `field`. */
  numbering?: { prefix: string; field: string };
  /** Workflow state field and its actions. */
  statusField?: string;
  actions?: Readonly<Record<string, ActionDef>>;
  /**
   * Child records edited with their header in one request (a document's lines): the body's `lines`
   * array is written in the header's transaction, items with an `id` updated, new ones created,
   * missing ones deleted. The child is a resource whose `parentField` refers to this one.
   */
  children?: Readonly<Record<string, { resource: string; parentField: string }>>;
  /**
   * States of `statusField` in which a document may still be edited or deleted; the view offers Edit and
   * Delete only then (the server's hooks enforce it). Default: always.
   */
  editableStates?: readonly string[];
  /** Never deleted, only deactivated (people and anything an audit trail names). */
  deactivateOnly?: boolean;
  /**
   * States of `statusField` in which the record may be deleted or deactivated (DELETE, or `active`
   * set to false); in any other state both are refused with a 409 naming it, and the view offers no
   * such button: a signed document is ended by its own action (cancel, void), not archived while it
   * is live. Replaces `editableStates` for deletion when given. Default: as `editableStates`.
   */
  deletableStates?: readonly string[];
  /** The UI route of the list screen (the spec's route), used for links. */
  route?: string;
  /**
   * Its screen's place in the spec's landing order (section 2): `landing: 3` for the list at `route`,
   * `{ order, path }` when the landing page is another of its screens' paths (an alias, its create form).
   * The web's screens take it from here (`declareResources`) and the server's demo roles read it (`landingOf`).
   */
  landing?: LandingPlace;
  /**
   * One record only (the company's profile): a second create is a 409, the record is never deleted,
   * and its screen opens the record itself (or the form that makes it) instead of a list.
   */
  singleton?: boolean;
  /**
   * A document's internal child (a role's grants, a user's roles): rows that belong to the record its
   * `parentField` reference names and are written only by that parent's own code, inside the parent's
   * engine transaction (`createMany`, `updateMany`, `deleteMany`). The engine keeps its table, base
   * columns, versions, history, hooks and set-based writes as for any resource, but it has no API
   * paths, OpenAPI entries, screens, contract-suite run or privilege entity of its own (`entity` is its
   * parent's), publishes no change of its own (its parent's write does), is no "usage" of what it refers
   * to, and goes with its parent when the parent is deleted (through the engine, each row with its
   * history). What a change means to the parent is told in the parent's history by the parent's code.
   */
  internal?: { parentField: string };
};

export const BASE_FIELDS = ['id', 'version', 'active', 'createdOn', 'createdBy', 'modifiedOn', 'modifiedBy'] as const;

export const labelFieldOf = (def: ResourceDef) => def.labelField ?? 'name';

/** Whether a definition is a document's internal child (`internal`): no API, screens or entity of its own. */
export const isInternal = (def: ResourceDef) => def.internal !== undefined;

/** What an internal child's own `internal` declaration must not have: it is never served, shown or acted on by itself. */
function internalProblems(def: ResourceDef, where: string): string[] {
  if (!def.internal) return [];
  const problems: string[] = [];
  const parent = def.fields[def.internal.parentField];
  if (parent?.kind !== 'reference' || !parent.ref) problems.push(`${where}: internal parentField ${def.internal.parentField} must be a reference field`);
  else if (!parent.required) problems.push(`${where}: internal parentField ${def.internal.parentField} must be required`);
  const served = (['route', 'actions', 'children', 'numbering', 'readOpen', 'singleton'] as const).filter((key) => def[key] !== undefined);
  for (const key of served) problems.push(`${where}: an internal child has no ${key} (it is not served on its own)`);
  return problems;
}

/** A key column (`FieldDef.key`, the numbering field or the code field): sized to its content, never cut. */
export const isKeyField = (def: ResourceDef, name: string) => def.fields[name]?.key === true || def.numbering?.field === name || def.codeField === name;
export const hasActive = (def: ResourceDef) => def.hasActive !== false;

/** Whether this record is archived (its `archivedBy` reference is filled). */
export const isArchived = (def: ResourceDef, record: Readonly<Record<string, unknown>>) => def.archivedBy !== undefined && !isEmptyValue(record[def.archivedBy]);

/** Whether a record may be deleted or deactivated in its state: `deletableStates` when given, else `editableStates`. */
export function deletableIn(def: ResourceDef, record: Readonly<Record<string, unknown>>): boolean {
  if (!def.statusField) return true;
  const states = def.deletableStates ?? def.editableStates;
  return !states || states.includes(String(record[def.statusField] ?? ''));
}

const SCALAR_SORTABLE: ReadonlySet<FieldKind> = new Set([
  'text',
  'email',
  'phone',
  'url',
  'color',
  'integer',
  'decimal',
  'money',
  'percent',
  'boolean',
  'date',
  'datetime',
  'enum',
  'reference',
]);

/** Kinds a row of a `columns` field may hold. */
export const ROW_CELL_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'email', 'phone', 'url', 'integer', 'decimal', 'money', 'percent', 'boolean', 'date', 'enum']);

export const isSortable = (field: FieldDef) => field.sortable ?? SCALAR_SORTABLE.has(field.kind);
export const isFilterable = (field: FieldDef) => field.filterable ?? (SCALAR_SORTABLE.has(field.kind) || field.kind === 'references' || field.kind === 'longtext');
export const isTextKind = (kind: FieldKind) =>
  kind === 'text' || kind === 'longtext' || kind === 'email' || kind === 'phone' || kind === 'url' || kind === 'color';
export const isNumberKind = (kind: FieldKind) => kind === 'integer' || kind === 'decimal' || kind === 'money' || kind === 'percent';

/** snake_case of a camelCase name. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The column of a field: references end in `_id`, reference lists in `_ids`. */
export function columnOf(name: string, field?: FieldDef): string {
  if (field?.kind === 'reference') return `${snake(name)}_id`;
  if (field?.kind === 'references') return `${snake(name)}_ids`;
  return snake(name);
}

/** Fields a client may write on create or update. */
export function writableFields(def: ResourceDef): [string, FieldDef][] {
  if (def.readOnly) return [];
  return Object.entries(def.fields).filter(([name, field]) => !field.readOnly && !(def.numbering && def.numbering.field === name));
}

const IDENT = /^[a-z][a-zA-Z0-9]*$/;
const TABLE = /^[a-z][a-z0-9_]*$/;
const PATH = /^[a-z][a-z0-9-]*$/;

/** Checks a definition is well-formed; the registry refuses one that is not. */
export function checkDefinition(def: ResourceDef, known?: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const where = `resource ${def.name}`;
  if (!PATH.test(def.name)) problems.push(`${where}: name must be kebab-case`);
  if (!TABLE.test(def.table)) problems.push(`${where}: table must be snake_case`);
  const names = Object.keys(def.fields);
  for (const name of names) {
    const field = def.fields[name]!;
    if (!IDENT.test(name)) problems.push(`${where}: field ${name} must be camelCase`);
    if ((BASE_FIELDS as readonly string[]).includes(name)) problems.push(`${where}: field ${name} is a base field`);
    if ((field.kind === 'reference' || field.kind === 'references') && !field.ref) problems.push(`${where}: ${name} needs ref`);
    if (known && field.ref && !known.has(field.ref)) problems.push(`${where}: ${name} refers to unknown resource ${field.ref}`);
    if (field.kind === 'enum' && (!field.options || field.options.length === 0)) problems.push(`${where}: ${name} needs options`);
    if (field.e164 && field.kind !== 'phone') problems.push(`${where}: ${name} is e164 but not a phone`);
    if (Array.isArray(field.unique)) {
      for (const scope of field.unique) if (!def.fields[scope]) problems.push(`${where}: ${name} unique scope ${scope} is not a field`);
    }
    if (field.default !== undefined && field.default !== null && field.kind === 'enum' && !field.options?.includes(String(field.default))) {
      problems.push(`${where}: ${name} default is not an option`);
    }
    if (field.columns) {
      if (field.kind !== 'json') problems.push(`${where}: ${name} has columns but is not a json field`);
      for (const [column, spec] of Object.entries(field.columns)) {
        if (!IDENT.test(column)) problems.push(`${where}: ${name} column ${column} must be camelCase`);
        if (!ROW_CELL_KINDS.has(spec.kind) || spec.columns) problems.push(`${where}: ${name} column ${column} must be a scalar field`);
        if (spec.kind === 'enum' && (!spec.options || spec.options.length === 0)) problems.push(`${where}: ${name} column ${column} needs options`);
      }
    }
    if (field.showWhen) {
      const condition = def.fields[field.showWhen.field];
      if (!condition || field.showWhen.field === name) problems.push(`${where}: ${name} shows when ${field.showWhen.field}, which is not another field`);
      else if (condition.kind === 'enum') {
        for (const option of field.showWhen.in) if (!condition.options?.includes(String(option))) problems.push(`${where}: ${name} shows when ${field.showWhen.field} is ${String(option)}, not an option`);
      }
    }
  }
  const label = labelFieldOf(def);
  if (!def.fields[label]) problems.push(`${where}: label field ${label} is not a field`);
  if (def.codeField && !def.fields[def.codeField]) problems.push(`${where}: code field ${def.codeField} is not a field`);
  for (const part of def.optionDetail ?? []) {
    const field = def.fields[optionPartField(part)];
    if (!field) problems.push(`${where}: option detail ${optionPartField(part)} is not a field`);
    else if (field.kind === 'json' || field.kind === 'references' || field.protected) problems.push(`${where}: option detail ${optionPartField(part)} must be a plain, readable field`);
  }
  for (const sort of def.defaultSort) {
    const name = sort.replace(/^-/, '');
    if (!def.fields[name] && !(BASE_FIELDS as readonly string[]).includes(name)) problems.push(`${where}: default sort ${name} is not a field`);
  }
  for (const column of def.listColumns) if (!def.fields[column] && !(BASE_FIELDS as readonly string[]).includes(column)) problems.push(`${where}: list column ${column} is not a field`);
  for (const row of def.formLayout ?? []) for (const name of row) if (!def.fields[name]) problems.push(`${where}: form field ${name} is not a field`);
  if (def.statusField && !def.fields[def.statusField]) problems.push(`${where}: status field ${def.statusField} is not a field`);
  if (def.actions && !def.statusField) problems.push(`${where}: actions need a statusField`);
  for (const [name, action] of Object.entries(def.actions ?? {})) {
    if (action.when && !def.fields[action.when.field]) problems.push(`${where}: action ${name} is offered when ${action.when.field}, which is not a field`);
  }
  if (def.editableStates && !def.statusField) problems.push(`${where}: editableStates need a statusField`);
  if (def.numbering && !def.fields[def.numbering.field]) problems.push(`${where}: numbering field ${def.numbering.field} is not a field`);
  for (const [key, child] of Object.entries(def.children ?? {})) {
    if (def.fields[key]) problems.push(`${where}: child list ${key} is also a field`);
    if (known && !known.has(child.resource)) problems.push(`${where}: child list ${key} is unknown resource ${child.resource}`);
  }
  problems.push(...internalProblems(def, where));
  return problems;
}
