import type { ResourceHooks, UpdatedRow } from '@propdesk/records/server';
import { fieldError, HttpError, type LocalText, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { DEFAULT_REMIND_DAYS_BEFORE } from '../collection-settings/definition.js';
import { COLLECTION_SETTING_FACTS } from '../collection-settings/facts.server.js';
import { CHEQUE_FACTS } from '../cheques/facts.server.js';
import { ACTIVE_CONTRACT_STATE } from '../contracts/definition.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { OPEN_INSTALLMENT_STATES, UNSETTLED_INSTALLMENT_STATES } from '../installments/definition.js';
import { INSTALLMENT_BALANCE_FACTS } from '../installments/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { ISSUED_RECEIPT_STATE, type ReceiptState } from '../receipts/definition.js';
import { RECEIPT_FACTS } from '../receipts/facts.server.js';
import type { ReservationState } from '../reservations/definition.js';
import { RESERVATION_FACTS } from '../reservations/facts.server.js';
import { queueMessages, type NewMessage } from './store.server.js';
import { TEMPLATE_DOCUMENT, type MessageChannel, type MessageLanguage, type MessageTemplate } from './templates.js';
import { smsConfigured, smsQuietUntil } from './transport.server.js';

export type CustomerFacts = { id: string; language: MessageLanguage; email: string | null; phone: string | null; email_opt_out: boolean; sms_opt_out: boolean };

const CUSTOMER_SQL = `select id::text as id, coalesce(language, 'en') as language, nullif(email, '') as email, nullif(phone, '') as phone,
  coalesce(email_opt_out, false) as email_opt_out, coalesce(sms_opt_out, false) as sms_opt_out from ${CUSTOMER_FACTS} c`;

async function customerFacts(tx: Queryable, id: string): Promise<CustomerFacts | null> {
  return (await tx.query<CustomerFacts>(`${CUSTOMER_SQL} where id = $1`, [id])).rows[0] ?? null;
}

/** The channels messages made by events and jobs use: e-mail, and SMS when a provider is configured. */
export const automaticChannels = (): MessageChannel[] => (smsConfigured() ? ['email', 'sms'] : ['email']);

/** Why a message to this customer on this channel is not sent, or null. */
export function skipReason(customer: CustomerFacts, channel: MessageChannel): string | null {
  if (channel === 'email') return customer.email_opt_out ? 'emailOptOut' : customer.email ? null : 'No e-mail address';
  return customer.sms_opt_out ? 'smsOptOut' : customer.phone ? null : 'No phone';
}

/** The messages of one event or reminder, one per channel: skipped (written, never queued) where the customer opted out or has no address. */
export function messagesFor(
  customer: CustomerFacts,
  input: { template: MessageTemplate; documentId: string | null; projectId?: string | null; key: string; data?: Record<string, unknown> },
  channels: readonly MessageChannel[],
  now = new Date(),
): NewMessage[] {
  return channels.map((channel) => ({
    customerId: customer.id,
    channel,
    template: input.template,
    language: customer.language,
    documentType: TEMPLATE_DOCUMENT[input.template],
    documentId: input.documentId,
    projectId: input.projectId ?? null,
    data: input.data ?? {},
    key: `${input.key}:${channel}`,
    skippedReason: skipReason(customer, channel),
    notBefore: channel === 'sms' ? smsQuietUntil(now) : null,
  }));
}

/** Queues an event's messages to a customer in the event's transaction (a key already written is a no-op). */
export async function queueForEvent(tx: Queryable, customerId: string | null, input: { template: MessageTemplate; documentId: string; projectId?: string | null; key: string }) {
  if (!customerId) return;
  const customer = await customerFacts(tx, customerId);
  if (!customer) return;
  await queueMessages(tx, messagesFor(customer, input, automaticChannels()));
}

const unprocessable = (message: LocalText, field: string) => new HttpError(422, message, { errors: [fieldError(field, message)] });

/** A message by hand on SMS while no provider is configured: a 422 naming `channel`. */
export function refuseSmsWhenOff(channel: MessageChannel) {
  if (channel === 'sms' && !smsConfigured()) throw unprocessable(salesText('messageSmsOff'), 'channel');
}

/**
 * A message by hand (`POST /api/messages`): refused with a 422 naming the opt-out (or the missing
 * address, or SMS being off) instead of written `skipped`. Answers the message's id.
 */
export async function queueByHand(
  tx: Queryable,
  input: { customer: string; template: MessageTemplate; channel: MessageChannel; documentId: string | null; projectId: string | null; data: Record<string, unknown>; createdBy: string | null },
  now = new Date(),
): Promise<string> {
  const customer = await customerFacts(tx, input.customer);
  if (!customer) throw new HttpError(404, salesText('noCustomer'));
  refuseSmsWhenOff(input.channel);
  const reason = skipReason(customer, input.channel);
  if (reason === 'emailOptOut') throw unprocessable(salesText('messageOptedOutEmail'), 'emailOptOut');
  if (reason === 'smsOptOut') throw unprocessable(salesText('messageOptedOutSms'), 'smsOptOut');
  if (reason) throw input.channel === 'email' ? unprocessable(salesText('messageNoEmail'), 'email') : unprocessable(salesText('messageNoPhone'), 'phone');
  const [message] = messagesFor(customer, { template: input.template, documentId: input.documentId, projectId: input.projectId, key: '', data: input.data }, [input.channel], now);
  const { key: _key, ...fresh } = message!;
  const [id] = await queueMessages(tx, [{ ...fresh, byHand: true, createdBy: input.createdBy }]);
  return id!;
}

// ---------------------------------------------------------------------------------------------
// Events: a receipt issued, a cheque bounced, a reservation confirmed queue their messages in the event's transaction.

/**
 * The event keys each transaction has queued already. A reservation confirmed as it is created raises its event
 * twice (the status update inside the creation, then the creation's own hook); the second would re-read the
 * reservation and the customer to write nothing (the key is idempotent), three statements of a launch-day call.
 */
const queuedIn = new WeakMap<Queryable, Set<string>>();

const queuedAlready = (tx: Queryable, key: string) => queuedIn.get(tx)?.has(key) === true;

function markQueued(tx: Queryable, key: string) {
  const keys = queuedIn.get(tx) ?? new Set<string>();
  keys.add(key);
  queuedIn.set(tx, keys);
}

/** Hooks on receipts, cheques and reservations that queue the customer's messages with the change. */
export function messageEventHooks(): Record<string, ResourceHooks> {
  const receiptIssued = async (tx: Queryable, id: string) => {
    const found = await tx.query<{ customer_id: string; status: ReceiptState; project_id: string | null }>(
      `select r.customer_id::text as customer_id, r.status, k.project_id::text as project_id from ${RECEIPT_FACTS} r left join ${CONTRACT_FACTS} k on k.id = r.contract_id where r.id = $1`,
      [id],
    );
    const row = found.rows[0];
    if (row?.status === ISSUED_RECEIPT_STATE) await queueForEvent(tx, row.customer_id, { template: 'receipt_issued', documentId: id, projectId: row.project_id, key: `receipt_issued:${id}` });
  };
  const chequeBounced = async (tx: Queryable, id: string) => {
    const found = await tx.query<{ customer_id: string; project_id: string | null; bounced_on: string | null }>(
      `select c.customer_id::text as customer_id, k.project_id::text as project_id, to_char(c.bounced_on, 'YYYY-MM-DD') as bounced_on
         from ${CHEQUE_FACTS} c left join ${CONTRACT_FACTS} k on k.id = c.contract_id where c.id = $1`,
      [id],
    );
    const row = found.rows[0];
    if (row) await queueForEvent(tx, row.customer_id, { template: 'cheque_bounced', documentId: id, projectId: row.project_id, key: `cheque_bounced:${id}:${row.bounced_on ?? ''}` });
  };
  const reservationConfirmed = async (tx: Queryable, id: string, after?: Readonly<Record<string, unknown>>) => {
    const key = `reservation_confirmed:${id}`;
    if (queuedAlready(tx, key)) return;
    // The reservation as its update has just written it (every field), when it names its customer and project: not read again.
    if (after?.status === 'confirmed' && typeof after.customer === 'string' && typeof after.project === 'string') {
      markQueued(tx, key);
      await queueForEvent(tx, after.customer, { template: 'reservation_confirmed', documentId: id, projectId: after.project, key });
      return;
    }
    const found = await tx.query<{ customer_id: string; project_id: string | null; status: ReservationState }>(
      `select r.customer_id::text as customer_id, coalesce(r.project_id, u.project_id)::text as project_id, r.status from ${RESERVATION_FACTS} r join units u on u.id = r.unit_id where r.id = $1`,
      [id],
    );
    const row = found.rows[0];
    if (row?.status !== 'confirmed') return;
    markQueued(tx, key);
    await queueForEvent(tx, row.customer_id, { template: 'reservation_confirmed', documentId: id, projectId: row.project_id, key });
  };
  const reached = (field: string, to: string, handle: (tx: Queryable, id: string, after: Readonly<Record<string, unknown>>) => Promise<void>): ResourceHooks => ({
    afterUpdate: async (tx, id, _extra, changes) => {
      if (changes.after[field] === to && changes.before[field] !== to) await handle(tx, id, changes.after);
    },
    afterUpdateMany: async (tx, rows: readonly UpdatedRow[]) => {
      for (const row of rows) if (row.changes.after[field] === to && row.changes.before[field] !== to) await handle(tx, row.id, row.changes.after);
    },
  });
  return {
    receipts: { afterCreate: async (tx, id) => receiptIssued(tx, id) },
    cheques: reached('status', 'bounced', chequeBounced),
    reservations: { ...reached('status', 'confirmed', reservationConfirmed), afterCreate: async (tx, id, _extra, _caller, created) => reservationConfirmed(tx, id, created) },
  };
}

// ---------------------------------------------------------------------------------------------
// The daily reminders: installments due within their project's N days, and overdue ones (once each).

type DueRow = CustomerFacts & { installment: string; project_id: string; due_date: string };

const BATCH = 500;

/**
 * Queues a reminder for each open installment falling due within its project's `remindDaysBefore`
 * (from `today`, Cairo's calendar day) and one for each installment flagged overdue, once each (the
 * idempotency key names the installment and its due date), skipping opted-out customers. Batches by
 * installment id, each in its own transaction. Answers how many messages were written.
 */
export async function queueReminders(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, today: string, now = new Date()): Promise<{ due: number; overdue: number; skipped: number }> {
  const totals = { due: 0, overdue: 0, skipped: 0 };
  const channels = automaticChannels();
  for (const kind of ['due', 'overdue'] as const) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const found = await tx.query<DueRow>(
          `select i.id::text as installment, k.project_id::text as project_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date, c.id::text as id, coalesce(c.language, 'en') as language,
                  nullif(c.email, '') as email, nullif(c.phone, '') as phone, coalesce(c.email_opt_out, false) as email_opt_out, coalesce(c.sms_opt_out, false) as sms_opt_out
             from ${INSTALLMENT_BALANCE_FACTS} i
             join ${CONTRACT_FACTS} k on k.id = i.contract_id and k.status = $4
             join ${CUSTOMER_FACTS} c on c.id = coalesce(i.customer_id, k.customer_id)
             left join ${COLLECTION_SETTING_FACTS} s on s.project_id = k.project_id and s.active
            where i.id > $2::uuid and i.amount > i.paid and i.status = any($3::text[]) and ${
              kind === 'due'
                ? `not coalesce(i.overdue, false) and i.due_date >= $1::date and i.due_date <= $1::date + coalesce(s.remind_days_before, ${DEFAULT_REMIND_DAYS_BEFORE})`
                : `$1::date is not null and coalesce(i.overdue, false)`
            }
            order by i.id limit ${BATCH}`,
          [today, after, kind === 'due' ? [...OPEN_INSTALLMENT_STATES] : [...UNSETTLED_INSTALLMENT_STATES], ACTIVE_CONTRACT_STATE],
        );
        const messages = found.rows.flatMap((row) =>
          messagesFor(
            row,
            { template: kind === 'due' ? 'installment_due' : 'installment_overdue', documentId: row.installment, projectId: row.project_id, key: kind === 'due' ? `installment_due:${row.installment}:${row.due_date}` : `installment_overdue:${row.installment}` },
            channels,
            now,
          ),
        );
        const written = await queueMessages(tx, messages);
        messages.forEach((message, index) => {
          if (written[index] === null) return;
          if (message.skippedReason) totals.skipped += 1;
          else totals[kind] += 1;
        });
        if (found.rows.length > 0) after = found.rows[found.rows.length - 1]!.installment;
        return found.rows.length < BATCH;
      });
      if (done) break;
    }
  }
  return totals;
}
