/**
 * "A record changed" (issue 25): what the engine tells every open screen after a transaction
 * commits, so each refetches what it shows with its own privileges. Names and ids only, never a
 * field's value. The server writes it (the stream's `change` event, the writer's `X-Record-Changes`
 * answer header); api-client reads it (`recordChangesSchema`) and refreshes the queries that hold
 * those records.
 */

/** `create`, `update` (an action, a deactivation too) and `delete` of one record; `many`: more records of the resource changed than an event names. */
export type RecordChangeOp = 'create' | 'update' | 'delete' | 'many';

/** One changed record (`id`, and the `version` it has now unless deleted), or a whole resource (`op: 'many'`, no id). */
export type RecordChange = { resource: string; id?: string; version?: number; op: RecordChangeOp };

/** The event: every record one transaction changed (coalesced), or `[{ resource: '*', op: 'many' }]` when even their resources do not fit. */
export type RecordChangeEvent = { changes: RecordChange[] };

/** The header the server answers a write with, naming what it changed. */
export const RECORD_CHANGES_HEADER = 'x-record-changes';

export type ChangeLimits = {
  /** More records of one resource than this: the resource as a whole (`many`). */
  perResource: number;
  /** More records in all: the resources with most records become `many` until it fits. */
  total: number;
  /** The encoded event's largest size (PostgreSQL's NOTIFY payload stops at 8000 bytes). */
  bytes: number;
};

export const CHANGE_LIMITS: ChangeLimits = { perResource: 25, total: 60, bytes: 7_500 };

/** Every resource changed: what an event says when not even its resources' names fit. */
export const EVERYTHING_CHANGED: RecordChangeEvent = { changes: [{ resource: '*', op: 'many' }] };

/**
 * Coalesces a transaction's changes into one event within `limits`: a resource with more changed
 * records than `perResource` (a set-based write of thousands of rows) is named once as `many`, then
 * the largest resources go the same way until `total` fits, and if the text is still too long every
 * resource is `many` (or, beyond that, everything).
 */
export function coalesceChanges(changes: readonly RecordChange[], limits: ChangeLimits = CHANGE_LIMITS): RecordChangeEvent {
  const byResource = new Map<string, RecordChange[]>();
  const whole = new Set<string>();
  for (const change of changes) {
    if (change.op === 'many' || change.id === undefined) {
      whole.add(change.resource);
      continue;
    }
    const list = byResource.get(change.resource);
    if (list) list.push(change);
    else byResource.set(change.resource, [change]);
  }
  if (whole.has('*')) return EVERYTHING_CHANGED;
  for (const [resource, list] of byResource) if (list.length > limits.perResource) whole.add(resource);
  for (const resource of whole) byResource.delete(resource);
  let total = [...byResource.values()].reduce((sum, list) => sum + list.length, 0);
  while (total > limits.total) {
    const [largest, list] = [...byResource].sort((a, b) => b[1].length - a[1].length)[0]!;
    byResource.delete(largest);
    whole.add(largest);
    total -= list.length;
  }
  const event: RecordChangeEvent = {
    changes: [...[...byResource.values()].flat(), ...[...whole].map((resource) => ({ resource, op: 'many' as const }))],
  };
  if (JSON.stringify(event).length <= limits.bytes) return event;
  const resources: RecordChangeEvent = { changes: [...new Set(changes.map((change) => change.resource))].map((resource) => ({ resource, op: 'many' as const })) };
  return JSON.stringify(resources).length <= limits.bytes ? resources : EVERYTHING_CHANGED;
}
