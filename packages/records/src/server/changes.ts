import { afterCommit, beforeCommit, isTransaction, type Queryable } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { CHANGE_LIMITS, RECORD_CHANGES_HEADER, coalesceChanges, type RecordChange, type RecordChangeOp } from '../model/index.js';
import type { Caller, EngineContext } from './records.js';

/**
 * "A record changed" events (issue 25). Every engine write notes the records it wrote, per
 * transaction; just before the transaction commits the engine publishes them once, coalesced
 * (`coalesceChanges`), through the app's publisher (a `pg_notify`, so a rolled-back transaction
 * publishes nothing and every process hears it), and once it has committed they are kept for the
 * requests that wrote them, whose answer names them in the `X-Record-Changes` header.
 */

/** Publishes one transaction's event (its JSON text) inside that transaction. */
export type ChangePublisher = (tx: Queryable, payload: string) => Promise<void>;

/**
 * Told of every write the engine notes (resource, create/update/delete, the ids), inside the writing
 * transaction, before anything is published: what it writes commits or rolls back with the change.
 */
export type ChangeObserver = (tx: Queryable, resource: string, op: RecordChangeOp, ids: readonly string[]) => void | Promise<void>;

type Pending = { records: Map<string, RecordChange>; requestIds: Set<string> };

const pending = new WeakMap<Queryable, Pending>();

/** Changes committed by a request, until its answer is sent. */
const byRequest = new Map<string, RecordChange[]>();
/** A request that never answers (a hijacked stream) must not keep its entry forever. */
const MAX_REQUESTS = 5_000;

/** Two notes of one record in one transaction: it was created (or deleted) whatever happened between. */
function merged(before: RecordChange | undefined, next: RecordChange): RecordChange {
  if (!before) return next;
  if (next.op === 'delete') return before.op === 'create' ? { ...next } : next;
  if (before.op === 'create') return { ...next, op: 'create' };
  return next;
}

function keep(requestId: string, changes: readonly RecordChange[]) {
  const list = byRequest.get(requestId);
  if (list) list.push(...changes);
  else {
    if (byRequest.size >= MAX_REQUESTS) byRequest.delete(byRequest.keys().next().value!);
    byRequest.set(requestId, [...changes]);
  }
}

/**
 * Notes that `rows` of `resource` were written by `op` (with the versions they have now) in `tx`.
 * Outside a transaction the statement has committed already: published at once.
 */
export async function noteChanges(
  ctx: EngineContext,
  tx: Queryable,
  resource: string,
  caller: Caller,
  op: RecordChangeOp,
  rows: readonly { id: string; version?: number | null | undefined }[],
): Promise<void> {
  // An internal child's rows are part of its parent, whose own write is what others hear of.
  if (rows.length === 0 || ctx.registry.find(resource)?.internal) return;
  if (ctx.observeChanges) await ctx.observeChanges(tx, resource, op, rows.map((row) => row.id));
  const changes = rows.map((row): RecordChange => (op === 'delete' || row.version == null ? { resource, id: row.id, op } : { resource, id: row.id, version: Number(row.version), op }));
  if (!isTransaction(tx)) {
    if (ctx.publishChanges) await ctx.publishChanges(tx, JSON.stringify(coalesceChanges(changes)));
    if (caller.requestId) keep(caller.requestId, changes);
    return;
  }
  let entry = pending.get(tx);
  if (!entry) {
    const fresh: Pending = { records: new Map(), requestIds: new Set() };
    entry = fresh;
    pending.set(tx, fresh);
    beforeCommit(tx, async () => {
      pending.delete(tx);
      if (ctx.publishChanges && fresh.records.size > 0) await ctx.publishChanges(tx, JSON.stringify(coalesceChanges([...fresh.records.values()])));
    });
    afterCommit(tx, () => {
      const committed = [...fresh.records.values()];
      for (const requestId of fresh.requestIds) keep(requestId, committed);
    });
  }
  for (const change of changes) {
    const key = `${resource}#${change.id!}`;
    entry.records.set(key, merged(entry.records.get(key), change));
  }
  if (caller.requestId) entry.requestIds.add(caller.requestId);
}

/** The changes a request's writes committed, as the header's text (coalesced like an event), and forgets them. */
export function takeRequestChanges(requestId: string): string | null {
  const changes = byRequest.get(requestId);
  if (!changes) return null;
  byRequest.delete(requestId);
  const unique = new Map<string, RecordChange>();
  for (const change of changes) {
    const key = `${change.resource}#${change.id ?? '*'}`;
    unique.set(key, merged(unique.get(key), change));
  }
  return JSON.stringify(coalesceChanges([...unique.values()], { ...CHANGE_LIMITS, bytes: 4_000 }));
}

/**
 * Names what a request changed in its answer (`X-Record-Changes`), so the writer's screens refresh
 * at once without waiting for the stream. Register on the root instance: every route's answer.
 */
export function registerChangeHeader(app: FastifyInstance): void {
  // Callback hooks that look nothing up while no request has changed anything: every answer passes here.
  app.addHook('onSend', (request, reply, payload, done) => {
    const text = byRequest.size > 0 ? takeRequestChanges(String(request.id)) : null;
    if (text) reply.header(RECORD_CHANGES_HEADER, text);
    done(null, payload);
  });
  // An answer that never went through onSend (a hijacked reply) still forgets its request.
  app.addHook('onResponse', (request, _reply, done) => {
    if (byRequest.size > 0) byRequest.delete(String(request.id));
    done();
  });
}
