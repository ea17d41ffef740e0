import { randomUUID } from 'node:crypto';
import { enqueueOutbox, type Migration, type Queryable } from '@propdesk/server-kit';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import type { MessageView } from './model.js';
import type { MessageChannel, MessageDocument, MessageLanguage, MessageStatus, MessageTemplate } from './templates.js';

export type { MessageView };

/** The outbox kind of customer messages (server-kit's outbox; webhooks are `webhook`). */
export const MESSAGE_OUTBOX_KIND = 'message';

/**
 * One row per customer message (issue 28). Delivery state (tries, last error, next try) is the
 * outbox row's (`outbox_id`); this row is what the message is: whom, which channel, template,
 * language and document, its idempotency key, whether it was skipped (opted out, no address) and,
 * once sent, the provider's id, the transport and what was sent. Not an engine resource: no one
 * edits a message, so its table is written here only.
 */
export const messageMigrations: Migration[] = [
  {
    id: 'sales/0701_customer_messages',
    up: `
      create table customer_messages (
        id uuid primary key,
        seq bigserial not null unique,
        customer_id uuid not null references customers (id) on delete cascade,
        channel text not null check (channel in ('email', 'sms')),
        template text not null,
        language text not null check (language in ('ar', 'en')),
        document_type text check (document_type in ('installment', 'receipt', 'statement', 'cheque', 'reservation')),
        document_id uuid,
        project_id uuid,
        data jsonb not null default '{}'::jsonb,
        idempotency_key text not null unique,
        outbox_id uuid references outbox (id) on delete set null,
        skipped_reason text,
        recipient text,
        subject text,
        body text,
        transport text,
        provider_id text,
        sent_at timestamptz,
        by_hand boolean not null default false,
        created_by uuid,
        created_on timestamptz not null default now()
      );
      create index customer_messages_customer on customer_messages (customer_id, seq desc);
      create index customer_messages_recent on customer_messages (seq desc);
      create index customer_messages_outbox on customer_messages (outbox_id);
    `,
  },
];

export type NewMessage = {
  customerId: string;
  channel: MessageChannel;
  template: MessageTemplate;
  language: MessageLanguage;
  documentType: MessageDocument;
  documentId?: string | null;
  projectId?: string | null;
  /** What rendering needs beyond the document (a statement's date). */
  data?: Record<string, unknown>;
  /** Writing a second message with the same key does nothing (a job that runs twice queues once). Default: a fresh one. */
  key?: string;
  /** Why it is not sent (opted out, no address): written `skipped`, never queued. */
  skippedReason?: string | null;
  notBefore?: Date | null;
  byHand?: boolean;
  createdBy?: string | null;
};

/**
 * Writes messages in `tx`, the transaction of the event that causes them, and queues the ones to
 * send in the outbox (same transaction); the ids written, in order (null where the key was written before).
 */
export async function queueMessages(tx: Queryable, messages: readonly NewMessage[]): Promise<(string | null)[]> {
  if (messages.length === 0) return [];
  const ids = messages.map(() => randomUUID());
  const keys = messages.map((message, index) => message.key ?? `hand:${ids[index]}`);
  const inserted = await tx.query<{ id: string }>(
    `insert into customer_messages (id, customer_id, channel, template, language, document_type, document_id, project_id, data, idempotency_key, skipped_reason, by_hand, created_by)
     select r.id, r.customer, r.channel, r.template, r.language, r.doc_type, r.doc_id, r.project, r.data, r.key, r.skipped, r.by_hand, r.created_by
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::jsonb[], $10::text[], $11::text[], $12::boolean[], $13::uuid[])
            with ordinality as r (id, customer, channel, template, language, doc_type, doc_id, project, data, key, skipped, by_hand, created_by, n)
      order by r.n
     on conflict (idempotency_key) do nothing
     returning id::text as id`,
    [
      ids,
      messages.map((m) => m.customerId),
      messages.map((m) => m.channel),
      messages.map((m) => m.template),
      messages.map((m) => m.language),
      messages.map((m) => m.documentType),
      messages.map((m) => m.documentId ?? null),
      messages.map((m) => m.projectId ?? null),
      messages.map((m) => JSON.stringify(m.data ?? {})),
      keys,
      messages.map((m) => m.skippedReason ?? null),
      messages.map((m) => m.byHand ?? false),
      messages.map((m) => m.createdBy ?? null),
    ],
  );
  const written = new Set(inserted.rows.map((row) => row.id));
  const toSend = messages.map((message, index) => ({ message, id: ids[index]!, key: keys[index]! })).filter(({ message, id }) => written.has(id) && !message.skippedReason);
  if (toSend.length > 0) {
    const outboxIds = await enqueueOutbox(
      tx,
      toSend.map(({ message, id, key }) => ({
        kind: MESSAGE_OUTBOX_KIND,
        // A customer's messages of one channel go out in order; an SMS held for the morning holds no e-mail.
        stream: `${message.customerId}:${message.channel}`,
        payload: { message: id },
        idempotencyKey: key,
        notBefore: message.notBefore ?? null,
      })),
    );
    await tx.query(
      `update customer_messages m set outbox_id = r.outbox from unnest($1::uuid[], $2::uuid[]) as r (id, outbox) where m.id = r.id and r.outbox is not null`,
      [toSend.map(({ id }) => id), outboxIds],
    );
  }
  return ids.map((id) => (written.has(id) ? id : null));
}


/**
 * A message's status from its row and its outbox row: skipped; sent; failed (its last try failed,
 * given up or with a next try); else queued (not tried yet, or held for the morning).
 */
const STATUS_SQL = `case when m.skipped_reason is not null then 'skipped'
  when o.status = 'sent' then 'sent'
  when o.status = 'failed' or (o.status = 'pending' and o.last_error is not null) then 'failed'
  else 'queued' end`;

export type MessageFilter = { customer?: string; status?: MessageStatus; channel?: MessageChannel; template?: MessageTemplate; id?: string; limit?: number; before?: number };

type Row = {
  id: string;
  seq: string;
  customer_id: string;
  customer_name: string;
  channel: MessageChannel;
  template: MessageTemplate;
  language: MessageLanguage;
  document_type: MessageDocument | null;
  document_id: string | null;
  status: MessageStatus;
  skipped_reason: string | null;
  attempts: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  outbox_status: string | null;
  provider_id: string | null;
  transport: string | null;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  idempotency_key: string;
  by_hand: boolean;
  created_on: Date;
  sent_at: Date | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Messages, newest first, by the filter (`before`: older than this `seq`, for paging). */
export async function readMessages(db: Queryable, filter: MessageFilter): Promise<MessageView[]> {
  const found = await db.query<Row>(
    `select * from (
       select m.id::text as id, m.seq, m.customer_id::text as customer_id, c.full_name as customer_name, m.channel, m.template, m.language, m.document_type,
              m.document_id::text as document_id, ${STATUS_SQL} as status, m.skipped_reason, o.attempts, o.last_error, o.next_attempt_at, o.status as outbox_status,
              m.provider_id, m.transport, m.recipient, m.subject, m.body, m.idempotency_key, m.by_hand, m.created_on, coalesce(m.sent_at, o.sent_at) as sent_at
         from customer_messages m join ${CUSTOMER_FACTS} c on c.id = m.customer_id left join outbox o on o.id = m.outbox_id
        where ($1::uuid is null or m.customer_id = $1) and ($2::text is null or m.channel = $2) and ($3::text is null or m.template = $3)
          and ($4::uuid is null or m.id = $4) and ($6::bigint is null or m.seq < $6)
     ) x where ($5::text is null or x.status = $5)
     order by x.seq desc limit $7`,
    [filter.customer ?? null, filter.channel ?? null, filter.template ?? null, filter.id ?? null, filter.status ?? null, filter.before ?? null, filter.limit ?? 50],
  );
  return found.rows.map((row) => ({
    id: row.id,
    customer: row.customer_id,
    customerName: row.customer_name,
    channel: row.channel,
    template: row.template,
    language: row.language,
    documentType: row.document_type,
    documentId: row.document_id,
    status: row.status,
    skippedReason: row.skipped_reason,
    attempts: Number(row.attempts ?? 0),
    lastError: row.last_error,
    nextTryAt: row.outbox_status === 'pending' && row.status !== 'skipped' ? iso(row.next_attempt_at) : null,
    providerId: row.provider_id,
    transport: row.transport,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    idempotencyKey: row.idempotency_key,
    byHand: row.by_hand,
    createdOn: iso(row.created_on)!,
    sentAt: iso(row.sent_at),
  }));
}
