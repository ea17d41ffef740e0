import { type ChangeObserver, type DomainContext, type ResourceHooks, type UpdatedRow, currentRecords } from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import {
  badRequest,
  beforeCommit,
  deliverOutbox,
  enqueueOutbox,
  fieldError,
  isTransaction,
  notFound,
  outboxJob,
  requeueOutbox,
  requirePrivilege,
  type Database,
  type JobDefinition,
  type Migration,
  type OutboxMessage,
  type OutboxSender,
  type Queryable,
} from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_SECRET_MIN_LENGTH, type WebhookEvent } from '../../model/definitions/webhooks.js';
import { checkWebhookUrl, UrlRefused } from './address.js';
import { settingsText } from '../i18n/catalog.js';
import { postDelivery } from './send.js';
import { webhookLink } from '../../model/links.js';

export { addressRefusal, checkWebhookUrl, UrlRefused } from './address.js';
export { postDelivery, signBody, WEBHOOK_TIMEOUT_MS } from './send.js';

/** The outbox kind of webhook deliveries; one stream per webhook (its deliveries go out in order). */
export const WEBHOOK_OUTBOX_KIND = 'webhook';
export const WEBHOOK_JOB = 'settings.webhook-deliveries';

/** The secret is kept beside the engine's columns, never as a field: no read returns it. */
export const webhookMigrations: Migration[] = [
  {
    id: 'settings/0101_webhook_secret',
    up: `alter table webhooks add column if not exists secret text;
         create index if not exists webhooks_events on webhooks using gin (events) where active;`,
  },
];

const secretSchema = z
  .string({ error: 'Must be text' })
  .min(WEBHOOK_SECRET_MIN_LENGTH, { error: `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters` })
  .max(200, { error: 'At most 200 characters' });

async function checkUrl(value: unknown) {
  if (typeof value !== 'string') return;
  try {
    await checkWebhookUrl(value.trim());
  } catch (error) {
    if (error instanceof UrlRefused) throw badRequest('Validation failed', [fieldError('url', error.said)]);
    throw error;
  }
}

/** The webhook resource's own hooks: the URL checked on save, the secret written and never read back. */
export const webhookHooks = (): ResourceHooks => ({
  extraCreate: { secret: secretSchema },
  extraUpdate: { secret: secretSchema.optional() },
  beforeCreate: async (_tx, extra, _caller, values) => {
    await checkUrl(values.url);
    return { secret: extra.secret };
  },
  beforeUpdate: async (_tx, _id, values, before) => {
    if (values.url !== undefined && values.url !== before.url) await checkUrl(values.url);
  },
  afterUpdate: async (tx, id, extra) => {
    if (typeof extra.secret === 'string') await tx.query('update webhooks set secret = $2 where id = $1', [id, extra.secret]);
  },
  extendRecord: async (db, id) => {
    const found = await db.query<{ secret: string | null }>('select secret from webhooks where id = $1', [id]);
    const secret = found.rows[0]?.secret;
    return { secretHint: secret ? `…${secret.slice(-4)}` : null };
  },
});

// ---------------------------------------------------------------------------------------------
// Events: noted as the engine writes, turned into outbox rows just before the transaction commits.

type Pending = Map<string, { event: WebhookEvent; resource: string; id: string; when?: (record: RecordRow) => boolean }>;
const pendingByTx = new WeakMap<Queryable, Pending>();

/** Events a record's creation raises. */
const ON_CREATE: Readonly<Record<string, readonly { event: WebhookEvent; when?: (record: RecordRow) => boolean }[]>> = {
  leads: [{ event: 'lead.created' }, { event: 'lead.assigned', when: (record) => record.assignedTo != null }],
  contracts: [{ event: 'contract.signed' }],
  receipts: [{ event: 'receipt.issued', when: (record) => record.status === 'issued' }],
  'hold-requests': [{ event: 'hold.approved', when: (record) => record.status === 'approved' }],
  reservations: [{ event: 'reservation.confirmed', when: (record) => record.status === 'confirmed' }],
};

/** Events an update raises: a state reached (or a lead given an agent). */
const ON_UPDATE: readonly { event: WebhookEvent; resource: string; field: string; to?: string }[] = [
  { event: 'lead.assigned', resource: 'leads', field: 'assignedTo' },
  { event: 'hold.approved', resource: 'hold-requests', field: 'status', to: 'approved' },
  { event: 'reservation.confirmed', resource: 'reservations', field: 'status', to: 'confirmed' },
  { event: 'cheque.bounced', resource: 'cheques', field: 'status', to: 'bounced' },
  { event: 'commission.approved', resource: 'commissions', field: 'status', to: 'approved' },
];

function note(context: DomainContext, tx: Queryable, event: WebhookEvent, resource: string, id: string, when?: (record: RecordRow) => boolean) {
  let pending = pendingByTx.get(tx);
  if (!pending) {
    const fresh: Pending = new Map();
    pending = fresh;
    pendingByTx.set(tx, fresh);
    const flush = async () => {
      pendingByTx.delete(tx);
      await writeDeliveries(context, tx, fresh);
    };
    // Outside a transaction (never for the engine's writes) the change has committed already.
    if (isTransaction(tx)) beforeCommit(tx, flush);
    else queueMicrotask(() => void flush());
  }
  pending.set(`${event}#${id}`, { event, resource, id, ...(when ? { when } : {}) });
}

/** One outbox row per (event, subscribed active webhook), written in the change's transaction. */
async function writeDeliveries(context: DomainContext, tx: Queryable, pending: Pending) {
  if (pending.size === 0) return;
  const events = [...new Set([...pending.values()].map((entry) => entry.event))];
  const subscribed = await tx.query<{ id: string; events: string[] }>(`select id::text as id, events from webhooks where active and events ?| $1::text[] order by created_on, id`, [events]);
  if (subscribed.rows.length === 0) return;
  const wanted = [...pending.values()].filter((entry) => subscribed.rows.some((hook) => hook.events.includes(entry.event)));
  const byResource = new Map<string, Set<string>>();
  for (const entry of wanted) {
    const ids = byResource.get(entry.resource) ?? new Set<string>();
    ids.add(entry.id);
    byResource.set(entry.resource, ids);
  }
  const records = new Map<string, RecordRow>();
  for (const [resource, ids] of byResource) {
    // As the record stands at the commit, taken from the engine's own read of it in this transaction
    // when its row has not changed since. Without a caller: protected fields (a unit's base price) are
    // left out, as for a reader without their privilege.
    const current = await currentRecords(context.engine, tx, context.engine.registry.get(resource), [...ids], null);
    for (const [id, record] of current) records.set(`${resource}#${id}`, record);
  }
  const occurredAt = new Date().toISOString();
  const rows = [];
  for (const entry of wanted) {
    const record = records.get(`${entry.resource}#${entry.id}`);
    if (!record || (entry.when && !entry.when(record))) continue;
    for (const hook of subscribed.rows) {
      if (!hook.events.includes(entry.event)) continue;
      rows.push({ kind: WEBHOOK_OUTBOX_KIND, stream: hook.id, payload: { webhook: hook.id, event: entry.event, occurredAt, data: record } });
    }
  }
  await enqueueOutbox(tx, rows);
}

/** The engine's writes, as webhook events: creations here, state changes through `webhookEventHooks`. */
export function webhookChangeObserver(context: DomainContext): ChangeObserver {
  return (tx, resource, op, ids) => {
    if (op !== 'create') return;
    const events = ON_CREATE[resource];
    if (!events) return;
    for (const id of ids) for (const { event, when } of events) note(context, tx, event, resource, id, when);
  };
}

/** Update hooks (single and batch) that note the state changes `ON_UPDATE` names, by resource. */
export function webhookEventHooks(context: DomainContext): Record<string, ResourceHooks> {
  const hooks: Record<string, ResourceHooks> = {};
  for (const resource of new Set(ON_UPDATE.map((entry) => entry.resource))) {
    const rules = ON_UPDATE.filter((entry) => entry.resource === resource);
    const check = (tx: Queryable, id: string, before: Record<string, unknown>, after: Record<string, unknown>) => {
      for (const rule of rules) {
        const now = after[rule.field];
        if (now == null || now === before[rule.field]) continue;
        if (rule.to !== undefined && now !== rule.to) continue;
        note(context, tx, rule.event, resource, id);
      }
    };
    hooks[resource] = {
      afterUpdate: async (tx, id, _extra, changes) => check(tx, id, changes.before, changes.after),
      afterUpdateMany: async (tx, rows: readonly UpdatedRow[]) => {
        for (const row of rows) check(tx, row.id, row.changes.before, row.changes.after);
      },
    };
  }
  return hooks;
}

// ---------------------------------------------------------------------------------------------
// Sending: the outbox's rows of kind `webhook`, by the job runner.

type Payload = { webhook: string; event: string; occurredAt: string; data: unknown };

/** The JSON body a receiver gets (and the signature covers, byte for byte). */
export const deliveryBody = (message: Pick<OutboxMessage, 'id' | 'payload'>) => {
  const payload = message.payload as Payload;
  return JSON.stringify({ event: payload.event, id: message.id, occurredAt: payload.occurredAt, data: payload.data });
};

type Target = { url: string; secret: string | null; active: boolean };

export function webhookSender(db: Database, context: Pick<DomainContext, 'notify'>): OutboxSender<Map<string, Target>> {
  return {
    kind: WEBHOOK_OUTBOX_KIND,
    // The claimed rows' webhooks, read once per claim (as they are at the claim: a change after it applies to the next).
    prepare: async (messages) => {
      const ids = [...new Set(messages.map((message) => (message.payload as Payload).webhook))];
      const found = await db.query<Target & { id: string }>('select id::text as id, url, secret, active from webhooks where id = any($1::uuid[])', [ids]);
      return new Map(found.rows.map(({ id, ...target }) => [id, target]));
    },
    send: async (message, targets) => {
      const payload = message.payload as Payload;
      const hook = targets.get(payload.webhook);
      if (!hook) return { ok: false, error: 'The webhook was deleted' };
      if (!hook.active) return { ok: false, error: 'The webhook is inactive' };
      if (!hook.secret) return { ok: false, error: 'The webhook has no secret' };
      return postDelivery({ url: hook.url, secret: hook.secret, event: payload.event, deliveryId: message.id, body: deliveryBody(message) });
    },
    onGiveUp: async (tx, message, last) => {
      const payload = message.payload as Payload;
      const found = await tx.query<{ name: string; created_by: string | null }>('select name, created_by::text as created_by from webhooks where id = $1', [payload.webhook]);
      const hook = found.rows[0];
      if (!hook?.created_by) return;
      await context.notify(tx, {
        userId: hook.created_by,
        title: `Webhook ${hook.name}: ${payload.event} not delivered`.slice(0, 200),
        body: `Delivery ${message.id} was given up after ${message.attempts} tries. Last: ${last.error ?? last.code ?? 'no answer'}. It can be sent again from the webhook's deliveries.`,
        link: webhookLink(payload.webhook),
        category: 'system',
      });
    },
  };
}

/** Sends the due webhook deliveries now (what the job runs; tests call it to make time pass). */
export const deliverWebhooks = (db: Database, context: Pick<DomainContext, 'notify'>) => deliverOutbox(db, webhookSender(db, context));

export const webhookJobs = (context: DomainContext): JobDefinition[] => [outboxJob(WEBHOOK_JOB, webhookSender(context.engine.db, context), { everyMs: 5_000 })];

// ---------------------------------------------------------------------------------------------
// Calls beyond the engine's generated ones: the deliveries of a webhook, and sending one again.

const deliverySchema = z.object({
  id: z.uuid(),
  event: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  lastCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  tries: z.array(
    z.object({
      attempt: z.number().int(),
      byHand: z.boolean(),
      startedAt: z.string(),
      ok: z.boolean(),
      code: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof deliverySchema>;

const errorSchema = z.object({ status: z.literal('ERROR'), message: z.string() }).loose();

type DeliveryRow = {
  id: string;
  event: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  sent_at: Date | null;
  last_code: number | null;
  last_error: string | null;
  tries: { attempt: number; by_hand: boolean; started_at: string; ok: boolean; code: number | null; error: string | null; duration_ms: number }[] | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function registerWebhookRoutes(rawApp: FastifyInstance, context: DomainContext) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const db = context.engine.db;
  const exists = async (id: string) => (await db.query('select 1 from webhooks where id = $1', [id])).rows.length > 0;

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags: ['Webhooks'],
        summary: "A webhook's deliveries, newest first, each with its tries (status, answer code, time, error)",
        params: z.object({ id: z.uuid({ error: 'Must be a webhook id' }) }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ status: z.literal('OK'), message: z.string(), data: z.array(deliverySchema) }), 404: errorSchema },
      },
      onRequest: requirePrivilege('webhook', 'read'),
    },
    async (request) => {
      if (!(await exists(request.params.id))) throw notFound(settingsText('noWebhook'));
      const found = await db.query<DeliveryRow>(
        `select o.id::text as id, o.payload->>'event' as event, o.status, o.attempts, o.created_at, o.next_attempt_at, o.sent_at, o.last_code, o.last_error,
                (select json_agg(json_build_object('attempt', a.attempt, 'by_hand', a.by_hand, 'started_at', a.started_at, 'ok', a.ok, 'code', a.code, 'error', a.error, 'duration_ms', a.duration_ms) order by a.id)
                   from outbox_attempts a where a.message_id = o.id) as tries
           from outbox o where o.kind = $1 and o.stream = $2 order by o.seq desc limit $3`,
        [WEBHOOK_OUTBOX_KIND, request.params.id, request.query.limit],
      );
      const data = found.rows.map((row) => ({
        id: row.id,
        event: row.event,
        status: row.status,
        attempts: Number(row.attempts),
        createdAt: iso(row.created_at)!,
        nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
        sentAt: iso(row.sent_at),
        lastCode: row.last_code,
        lastError: row.last_error,
        tries: (row.tries ?? []).map((t) => ({ attempt: t.attempt, byHand: t.by_hand, startedAt: iso(t.started_at)!, ok: t.ok, code: t.code, error: t.error, durationMs: t.duration_ms })),
      }));
      return { status: 'OK' as const, message: `${data.length} deliveries`, data };
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:delivery/redeliver',
    {
      schema: {
        tags: ['Webhooks'],
        summary: 'Send a delivery again (same X-Propdesk-Delivery id, signed with the current secret), now',
        params: z.object({ id: z.uuid({ error: 'Must be a webhook id' }), delivery: z.uuid({ error: 'Must be a delivery id' }) }),
        // No body: the delivery is sent as it was.
        response: { 200: z.object({ status: z.literal('OK'), message: z.string(), data: z.object({ id: z.uuid(), status: z.literal('pending') }) }), 404: errorSchema },
      },
      onRequest: requirePrivilege('webhook', 'update'),
    },
    async (request) => {
      const { id, delivery } = request.params;
      await db.transaction(async (tx) => {
        const found = await tx.query(`select 1 from outbox where id = $1 and kind = $2 and stream = $3 for update`, [delivery, WEBHOOK_OUTBOX_KIND, id]);
        if (found.rows.length === 0) throw notFound(settingsText('noDelivery'));
        await requeueOutbox(tx, delivery, WEBHOOK_OUTBOX_KIND);
      });
      return { status: 'OK' as const, message: 'Queued: it is sent again now.', data: { id: delivery, status: 'pending' as const } };
    },
  );
}

export { WEBHOOK_EVENTS };
