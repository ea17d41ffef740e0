import { conflict, unprocessable, type Queryable } from '@propdesk/server-kit';
import type { z } from 'zod';
import { isArchived, type RecordRow, type Registry, type ResourceDef } from '../model/index.js';
import type { Caller } from './records.js';

/** What an update hook sees: the record before and after, and the workflow action that wrote it (if any). */
export type UpdateChanges = {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  action?: string | undefined;
  /** The history entry the update has just written (none when it was folded into the record's creation). */
  history?: { action: string; reason: string | null } | undefined;
};

/** One row of a batch update, as `afterUpdateMany` sees it. */
export type UpdatedRow = { id: string; extra: Record<string, unknown>; changes: UpdateChanges };

/**
 * A workflow action's own handlers, declared next to the resource they belong to (as a Frappe
 * controller's `on_submit`): `before` runs inside the action's transaction after the engine's checks
 * (allowed-from state, reason) and may refuse (throw an HttpError) or name another end state (an order
 * stays pending until its last approval tier); `after` runs once the state has changed.
 */
export type ActionOutcome = {
  /** Another end state than the action's `to`. */
  to?: string;
  /** Values written with the state change, in the same history entry (an order's issue date). */
  values?: Record<string, unknown>;
};

export type ActionHandlers = {
  before?: (tx: Queryable, id: string, current: RecordRow, caller: Caller, reason: string | null) => Promise<ActionOutcome | void>;
  after?: (tx: Queryable, id: string, record: RecordRow, caller: Caller, reason: string | null) => Promise<void>;
};

/**
 * What a domain adds to a resource's life in the engine. Every hook runs inside the writing
 * transaction, for every write through the engine: a screen's save, an import row, an action, a
 * job, and the side effects other resources' hooks make. Several domains may contribute hooks to
 * one resource; they run in the order they were added.
 */
export type ResourceHooks = {
  /** Extra body keys accepted on create/update, validated here and handed to the hooks as `extra`. */
  extraCreate?: z.ZodRawShape;
  extraUpdate?: z.ZodRawShape;
  /** Columns to add to the insert (a password hash, an owner); sees the validated values. */
  beforeCreate?: (tx: Queryable, extra: Record<string, unknown>, caller: Caller, values: Readonly<Record<string, unknown>>) => Promise<Record<string, unknown> | void>;
  /** `created`: the record as the engine has just read it back (every field; a hook need not read it again). */
  afterCreate?: (tx: Queryable, id: string, extra: Record<string, unknown>, caller: Caller, created: RecordRow) => Promise<void>;
  /** Values to add to the update (computed fields), after the engine's checks and before the write. */
  beforeUpdate?: (tx: Queryable, id: string, values: Readonly<Record<string, unknown>>, before: RecordRow, caller: Caller) => Promise<Record<string, unknown> | void>;
  afterUpdate?: (tx: Queryable, id: string, extra: Record<string, unknown>, changes: UpdateChanges, caller: Caller) => Promise<void>;
  /**
   * `afterUpdate` for a batch of the engine's set-based writes (`updateMany`): the same effect for
   * every row, in a few statements. A contribution without it has its `afterUpdate` run row by row.
   */
  afterUpdateMany?: (tx: Queryable, rows: readonly UpdatedRow[], caller: Caller) => Promise<void>;
  /** Refuses a delete the engine cannot see is harmful (a role still given to users): throw an HttpError. */
  beforeDelete?: (tx: Queryable, id: string, caller: Caller) => Promise<void>;
  afterDelete?: (tx: Queryable, id: string, before: RecordRow, caller: Caller) => Promise<void>;
  /** Run the create hooks for each new row of a CSV import too (else rows are inserted in batches). */
  onImport?: boolean;
  /** Extra fields put into each answer of get (a user's roles). */
  extendRecord?: (db: Queryable, id: string) => Promise<Record<string, unknown>>;
  /** Handlers of the resource's workflow actions, by action name. */
  actions?: Readonly<Record<string, ActionHandlers>>;
  /**
   * A key the API's creates queue on in this process before their transaction opens (`unit:<id>` for
   * a hold or a reservation): such creates would wait for one row lock in the database anyway, and
   * waiting here holds no pooled connection, so a burst on a few units leaves the pool to the others.
   * The database's lock still decides between processes; null: no queue.
   */
  createQueueKey?: (values: Readonly<Record<string, unknown>>) => string | null;
  /**
   * The API's create takes the document number just before the transaction commits, not before the
   * INSERT (`createRecord`'s `numberAtCommit`): the counter row's lock, which makes every other
   * creation of the type wait, is then held for one statement and the commit. The hooks must read the
   * number through `documentNumber` (which takes it at once when they need it earlier).
   */
  numberAtCommit?: boolean;
};

/**
 * A value kept by the engine from other records (an order's totals from its lines, a request
 * line's ordered quantity from order lines, an installment's paid amount from receipts), declared
 * once. After any write to a `source` record, the targets it points to through `via` (before and
 * after the write) are recomputed before the transaction commits, and written through the engine
 * (version, history) only when a value changed.
 */
export type Rollup = {
  /** The resource whose fields are kept. */
  target: string;
  /** The resource whose records feed them, and its reference field to the target. */
  source: string;
  via: string;
  /** The target's kept values, computed in the transaction. */
  compute: (tx: Queryable, targetId: string) => Promise<Record<string, unknown>>;
  /** The same values for many targets in one query (the engine's batch writes use it when given). */
  computeMany?: (tx: Queryable, targetIds: readonly string[]) => Promise<Map<string, Record<string, unknown>>>;
  /** Shown in the target's history (default 'rollup'). */
  label?: string;
};

/** The merged view of every domain's hooks for one resource. */
export type MergedHooks = Required<Pick<ResourceHooks, 'extraCreate' | 'extraUpdate'>> & {
  onImport: boolean;
  hasCreateHooks: boolean;
  beforeCreate: (tx: Queryable, extra: Record<string, unknown>, caller: Caller, values: Readonly<Record<string, unknown>>) => Promise<Record<string, unknown>>;
  afterCreate: (tx: Queryable, id: string, extra: Record<string, unknown>, caller: Caller, created: RecordRow) => Promise<boolean>;
  beforeUpdate: (tx: Queryable, id: string, values: Readonly<Record<string, unknown>>, before: RecordRow, caller: Caller) => Promise<Record<string, unknown>>;
  afterUpdate: (tx: Queryable, id: string, extra: Record<string, unknown>, changes: UpdateChanges, caller: Caller) => Promise<boolean>;
  /** True when a hook ran (it may have written the rows again). */
  afterUpdateMany: (tx: Queryable, rows: readonly UpdatedRow[], caller: Caller) => Promise<boolean>;
  beforeDelete: (tx: Queryable, id: string, caller: Caller) => Promise<void>;
  afterDelete: (tx: Queryable, id: string, before: RecordRow, caller: Caller) => Promise<void>;
  extendRecord: ((db: Queryable, id: string) => Promise<Record<string, unknown>>) | null;
  /** The first contribution's key that is not null (`ResourceHooks.createQueueKey`). */
  createQueueKey: (values: Readonly<Record<string, unknown>>) => string | null;
  /** Any contribution asks for it (`ResourceHooks.numberAtCommit`). */
  numberAtCommit: boolean;
  actionBefore: (name: string, tx: Queryable, id: string, current: RecordRow, caller: Caller, reason: string | null) => Promise<ActionOutcome>;
  actionAfter: (name: string, tx: Queryable, id: string, record: RecordRow, caller: Caller, reason: string | null) => Promise<void>;
};

function mergeShapes(resource: string, key: string, shapes: (z.ZodRawShape | undefined)[]): z.ZodRawShape {
  const merged: Record<string, z.ZodType> = {};
  for (const shape of shapes) {
    for (const [name, schema] of Object.entries(shape ?? {})) {
      if (merged[name]) throw new Error(`resource ${resource}: two hooks declare the ${key} key ${name}`);
      merged[name] = schema as z.ZodType;
    }
  }
  return merged;
}

function merge(resource: string, list: readonly ResourceHooks[]): MergedHooks {
  const each = <K extends keyof ResourceHooks>(key: K) => list.map((hooks) => hooks[key]).filter((hook): hook is NonNullable<ResourceHooks[K]> => hook !== undefined);
  const beforeCreate = each('beforeCreate');
  const afterCreate = each('afterCreate');
  const beforeUpdate = each('beforeUpdate');
  const afterUpdate = each('afterUpdate');
  const beforeDelete = each('beforeDelete');
  const afterDelete = each('afterDelete');
  const extend = each('extendRecord');
  const actions = each('actions');
  const queueKeys = each('createQueueKey');
  return {
    createQueueKey: (values) => {
      for (const key of queueKeys) {
        const found = key(values);
        if (found) return found;
      }
      return null;
    },
    numberAtCommit: list.some((hooks) => hooks.numberAtCommit === true),
    extraCreate: mergeShapes(resource, 'extraCreate', list.map((hooks) => hooks.extraCreate)),
    extraUpdate: mergeShapes(resource, 'extraUpdate', list.map((hooks) => hooks.extraUpdate)),
    onImport: list.some((hooks) => hooks.onImport === true),
    hasCreateHooks: beforeCreate.length + afterCreate.length > 0,
    async beforeCreate(tx, extra, caller, values) {
      const columns: Record<string, unknown> = {};
      for (const hook of beforeCreate) Object.assign(columns, (await hook(tx, extra, caller, values)) ?? {});
      return columns;
    },
    async afterCreate(tx, id, extra, caller, created) {
      for (const hook of afterCreate) await hook(tx, id, extra, caller, created);
      return afterCreate.length > 0;
    },
    async beforeUpdate(tx, id, values, before, caller) {
      const added: Record<string, unknown> = {};
      for (const hook of beforeUpdate) Object.assign(added, (await hook(tx, id, { ...values, ...added }, before, caller)) ?? {});
      return added;
    },
    async afterUpdate(tx, id, extra, changes, caller) {
      for (const hook of afterUpdate) await hook(tx, id, extra, changes, caller);
      return afterUpdate.length > 0;
    },
    async afterUpdateMany(tx, rows, caller) {
      // Each contribution in order: its batch variant, else its per-row hook for every row.
      for (const hooks of list) {
        if (hooks.afterUpdateMany) await hooks.afterUpdateMany(tx, rows, caller);
        else if (hooks.afterUpdate) for (const row of rows) await hooks.afterUpdate(tx, row.id, row.extra, row.changes, caller);
      }
      return list.some((hooks) => hooks.afterUpdateMany !== undefined || hooks.afterUpdate !== undefined);
    },
    async beforeDelete(tx, id, caller) {
      for (const hook of beforeDelete) await hook(tx, id, caller);
    },
    async afterDelete(tx, id, before, caller) {
      for (const hook of afterDelete) await hook(tx, id, before, caller);
    },
    extendRecord:
      extend.length === 0
        ? null
        : async (db, id) => {
            const extra: Record<string, unknown> = {};
            for (const hook of extend) Object.assign(extra, await hook(db, id));
            return extra;
          },
    async actionBefore(name, tx, id, current, caller, reason) {
      const outcome: ActionOutcome = {};
      for (const handlers of actions) {
        const handler = Object.hasOwn(handlers, name) ? handlers[name]?.before : undefined;
        const answer = handler ? await handler(tx, id, current, caller, reason) : undefined;
        if (answer?.to !== undefined) outcome.to = answer.to;
        if (answer?.values) outcome.values = { ...outcome.values, ...answer.values };
      }
      return outcome;
    },
    async actionAfter(name, tx, id, record, caller, reason) {
      for (const handlers of actions) {
        const handler = Object.hasOwn(handlers, name) ? handlers[name]?.after : undefined;
        if (handler) await handler(tx, id, record, caller, reason);
      }
    },
  };
}

const NONE = merge('', []);

/**
 * The engine's lifecycle: every domain's hooks and roll-ups, by resource. Contributions are added
 * while the app is composed (a domain's manifest lists them) and merged once, so a second domain's
 * hook on a resource runs beside the first instead of replacing it.
 */
export class Lifecycle {
  private readonly hooks = new Map<string, ResourceHooks[]>();
  private readonly merged = new Map<string, MergedHooks>();
  private readonly rollups: Rollup[] = [];

  constructor(private readonly registry?: Registry) {}

  /** Adds hooks to a resource (several contributions per resource run in order). */
  add(resource: string, hooks: ResourceHooks): this {
    if (this.registry && !this.registry.find(resource)) throw new Error(`Hooks for unknown resource ${resource}`);
    if (hooks.actions && this.registry) {
      const def = this.registry.get(resource);
      for (const name of Object.keys(hooks.actions)) {
        if (!def.actions || !Object.hasOwn(def.actions, name)) throw new Error(`resource ${resource}: handlers for unknown action ${name}`);
      }
    }
    this.hooks.set(resource, [...(this.hooks.get(resource) ?? []), hooks]);
    this.merged.delete(resource);
    return this;
  }

  /** Adds every resource's hooks of a map (a domain's contribution). */
  addAll(map: Readonly<Record<string, ResourceHooks | readonly ResourceHooks[]>>): this {
    for (const [resource, hooks] of Object.entries(map)) for (const one of Array.isArray(hooks) ? hooks : [hooks]) this.add(resource, one as ResourceHooks);
    return this;
  }

  addRollup(rollup: Rollup): this {
    if (this.registry) {
      const source = this.registry.get(rollup.source);
      this.registry.get(rollup.target);
      const via = source.fields[rollup.via];
      if (via?.kind !== 'reference' || via.ref !== rollup.target) throw new Error(`rollup ${rollup.source}.${rollup.via} must refer to ${rollup.target}`);
    }
    this.rollups.push(rollup);
    return this;
  }

  of(resource: string): MergedHooks {
    const list = this.hooks.get(resource);
    if (!list) return NONE;
    let merged = this.merged.get(resource);
    if (!merged) {
      merged = merge(resource, list);
      this.merged.set(resource, merged);
    }
    return merged;
  }

  rollupsFrom(resource: string): readonly Rollup[] {
    return this.rollups.filter((rollup) => rollup.source === resource);
  }
}

export const noHooks = (): MergedHooks => NONE;

const words = (status: string) => status.replace(/_/g, ' ');

/** 422 naming the state when a record is outside its definition's editable states. */
export function assertEditableState(def: ResourceDef, record: Readonly<Record<string, unknown>>, what: 'change' | 'delete' = 'change') {
  if (!def.editableStates || !def.statusField) return;
  const status = String(record[def.statusField] ?? '');
  if (def.editableStates.includes(status)) return;
  const allowed = def.editableStates.map(words).join(' or ');
  const verb = what === 'delete' ? 'be deleted' : 'change';
  throw unprocessable(`A ${def.singular.toLowerCase()} can ${verb} only while it is ${allowed}; this one is ${words(status) || 'without a state'}.`);
}

/**
 * 409 when the record is archived (its `archivedBy` reference is filled): it is kept as it is, for
 * its history, and names the record it now lives on. Every write of the engine checks it, the
 * server's own included.
 */
export function assertNotArchived(def: ResourceDef, record: RecordRow) {
  if (!isArchived(def, record)) return;
  const field = def.fields[def.archivedBy!]!;
  const target = record.refLabels?.[def.archivedBy!];
  const named = typeof target === 'string' && target !== '' ? `${target} (${String(record[def.archivedBy!])})` : String(record[def.archivedBy!]);
  throw conflict(`This ${def.singular.toLowerCase()} is archived (${field.label.toLowerCase()} ${named}) and can no longer be changed.`);
}
