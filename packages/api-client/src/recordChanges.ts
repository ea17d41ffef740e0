import { z } from 'zod';
import { onSignOut } from './signOut.js';

/*
 * Screens that stay current (issue 25). The records engine tells what each committed transaction
 * changed — resource names, ids and versions, never a value — in the writer's answer
 * (`X-Record-Changes`) and on every user's notification stream (`event: change`). Here that becomes
 * RTK Query tag invalidations: the queries that hold a changed record read it again, each with its
 * own user's privileges; queries nobody shows any more are dropped from the cache.
 *
 * The tag vocabulary (one tag type, `Record`), used by every endpoint of the product:
 * - `resourceTag(r)` (`r`): lists, views and panels of resource r. Refreshed when r gains or loses a
 *   record or many of its records change, and by the writer's own changes of r.
 * - `recordTag(r, id)` (`r#id`): a query that holds that record (a view, its panels, a list page
 *   showing it). Refreshed when that record changes.
 * - `changesTag(r)` (`r*`): a figure computed from r's records (a dashboard, a statement). Refreshed
 *   when any record of r changes. `readsTags(...resources)` declares both for each resource an
 *   aggregate reads.
 */

/** The writer's answer header naming what its request changed. */
export const RECORD_CHANGES_HEADER = 'X-Record-Changes';

export const recordChangeSchema = z.object({
  resource: z.string().min(1),
  id: z.string().min(1).optional(),
  version: z.number().int().optional(),
  op: z.enum(['create', 'update', 'delete', 'many']),
});
/** records' `RecordChangeEvent`, as the browser checks it. */
export const recordChangeEventSchema = z.object({ changes: z.array(recordChangeSchema) });

export type RecordChange = z.infer<typeof recordChangeSchema>;

export const RECORD_TAG = 'Record' as const;
export type RecordTag = { type: typeof RECORD_TAG; id: string };
/** A tag to invalidate: one of the vocabulary, or the whole type (everything any screen shows). */
export type RecordInvalidation = RecordTag | typeof RECORD_TAG;

export const resourceTag = (resource: string): RecordTag => ({ type: RECORD_TAG, id: resource });
export const recordTag = (resource: string, id: string): RecordTag => ({ type: RECORD_TAG, id: `${resource}#${id}` });
export const changesTag = (resource: string): RecordTag => ({ type: RECORD_TAG, id: `${resource}*` });

/** What a list (or a panel listing records) provides: its resource and each record it shows. */
export function rowTags(resource: string, rows: readonly { id: string }[] | undefined): RecordTag[] {
  return [resourceTag(resource), ...(rows ?? []).map((row) => recordTag(resource, row.id))];
}

/** What an aggregate over these resources provides: refreshed by any change of any of them. */
export function readsTags(...resources: readonly string[]): RecordTag[] {
  return resources.flatMap((resource) => [resourceTag(resource), changesTag(resource)]);
}

/** The rule: which tags one change invalidates. */
export function tagsForChange(change: RecordChange): RecordInvalidation[] {
  if (change.resource === '*') return [RECORD_TAG];
  if (change.op === 'many' || change.id === undefined) return [resourceTag(change.resource), changesTag(change.resource)];
  const tags = [recordTag(change.resource, change.id), changesTag(change.resource)];
  // A record that appeared or went away changes the lists of its resource, whichever records they showed.
  if (change.op === 'create' || change.op === 'delete') tags.push(resourceTag(change.resource));
  return tags;
}

/** Where a change was heard: the writer's own answer, or the stream (anyone's change, this user's own included). */
export type ChangeOrigin = 'response' | 'stream';

export type ChangeApplierOptions = {
  /** Stream changes are gathered this long and invalidated together (default 50 ms). */
  batchMs?: number;
  /** A tag refreshing more than one record (`r`, `r*`, everything) is invalidated by the stream at most this often (default 2000 ms). */
  throttleMs?: number;
  /** How many record versions are remembered to skip a change already applied (default 5000). */
  remember?: number;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
};

const keyOf = (tag: RecordInvalidation) => (typeof tag === 'string' ? '' : tag.id);
const isOneRecord = (tag: RecordInvalidation) => typeof tag !== 'string' && tag.id.includes('#');

/**
 * Turns changes into invalidations. The writer's answer is applied at once (before its mutation
 * resolves, so the next screen never shows the record as it was). Stream changes are gathered for a
 * moment; a version already applied (the writer's own change coming back on its stream) is skipped;
 * and the tags that refresh many records are throttled, so a burst of writes elsewhere costs each
 * open list one read per `throttleMs`, not one per write.
 */
export function createChangeApplier(invalidate: (tags: RecordInvalidation[]) => void, options: ChangeApplierOptions = {}) {
  const batchMs = options.batchMs ?? 50;
  const throttleMs = options.throttleMs ?? 2000;
  const remember = options.remember ?? 5000;
  const now = options.now ?? (() => Date.now());
  const schedule = options.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const versions = new Map<string, number>();
  const lastFired = new Map<string, number>();
  let pending = new Map<string, RecordInvalidation>();
  let timer: unknown = null;
  let timerAt = 0;

  /** True when this change says nothing new (that version of that record was applied already). */
  const known = (change: RecordChange) => {
    if (change.id === undefined || change.version === undefined) return false;
    const key = `${change.resource}#${change.id}`;
    const seen = versions.get(key);
    if (seen !== undefined && seen >= change.version) return true;
    versions.delete(key);
    versions.set(key, change.version);
    if (versions.size > remember) versions.delete(versions.keys().next().value!);
    return false;
  };

  const flush = () => {
    timer = null;
    const at = now();
    const due: RecordInvalidation[] = [];
    let wait = Infinity;
    for (const [key, tag] of pending) {
      const ready = isOneRecord(tag) ? at : (lastFired.get(key) ?? -Infinity) + throttleMs;
      if (ready <= at) {
        due.push(tag);
        pending.delete(key);
        if (!isOneRecord(tag)) lastFired.set(key, at);
      } else wait = Math.min(wait, ready - at);
    }
    if (due.length > 0) invalidate(due);
    if (wait !== Infinity) arm(wait);
  };

  const arm = (ms: number) => {
    const at = now() + ms;
    if (timer !== null && timerAt <= at) return;
    if (timer !== null) cancel(timer);
    timerAt = at;
    timer = schedule(flush, ms);
  };

  return {
    apply(changes: readonly RecordChange[], origin: ChangeOrigin): void {
      const fresh = changes.filter((change) => !known(change));
      if (fresh.length === 0) return;
      const tags = fresh.flatMap(tagsForChange);
      if (origin === 'response') {
        const at = now();
        for (const tag of tags) if (!isOneRecord(tag)) lastFired.set(keyOf(tag), at);
        invalidate(tags);
        return;
      }
      pending = new Map([...pending, ...tags.map((tag) => [keyOf(tag), tag] as const)]);
      arm(batchMs);
    },
    /** Forgets everything (sign-out: the next user starts afresh). */
    reset(): void {
      if (timer !== null) cancel(timer);
      timer = null;
      pending = new Map();
      versions.clear();
      lastFired.clear();
    },
  };
}

export type ChangeApplier = ReturnType<typeof createChangeApplier>;

let applier: ChangeApplier | null = null;

/** Parses an event or header text (or an already parsed object); null when it is not one. */
export function parseRecordChanges(data: unknown): RecordChange[] | null {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = recordChangeEventSchema.safeParse(value);
  return parsed.success ? parsed.data.changes : null;
}

/** Applies changes heard from the server (a no-op until `trackRecordChanges` has been called). */
export function receiveRecordChanges(data: unknown, origin: ChangeOrigin): void {
  if (!applier) return;
  const changes = parseRecordChanges(data);
  if (changes) applier.apply(changes, origin);
  else console.warn('A record-changes message was not understood and was skipped.');
}

/** Every query on screen may be stale (the stream was down a while): read them all again. */
export function receiveEverythingChanged(): void {
  applier?.apply([{ resource: '*', op: 'many' }], 'response');
}

/**
 * Installs the one applier, invalidating through `invalidate` (the app passes
 * `tags => dispatch(baseApi.util.invalidateTags(tags))`); reset on sign-out. Returns the uninstall.
 */
export function trackRecordChanges(invalidate: (tags: RecordInvalidation[]) => void, options?: ChangeApplierOptions): () => void {
  const installed = createChangeApplier(invalidate, options);
  applier?.reset();
  applier = installed;
  const off = onSignOut(() => installed.reset());
  return () => {
    off();
    installed.reset();
    if (applier === installed) applier = null;
  };
}
