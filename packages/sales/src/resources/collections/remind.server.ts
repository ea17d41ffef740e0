import { sql, type EngineContext } from '@propdesk/records/server';
import type { Queryable, RequestAuth } from '@propdesk/server-kit';
import { cairoDay, messagesFor, queueMessages, refuseSmsWhenOff, skipReason, type CustomerFacts } from '../messages/index.server.js';
import type { MessageChannel } from '../messages/model.js';
import { ACTIVE_CONTRACT_STATE } from '../contracts/definition.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { contractRows, installmentRows, rowsOf, scoped, unsettled } from './dashboard.server.js';
import type { AgeBand, BandReminders } from './model.js';

/** Days late of each band, as the dashboard's "Past due by age" counts them (a row is late from the day after it falls due). */
const BAND_DAYS: Record<AgeBand, [number, number | null]> = { d0_30: [1, 30], d31_60: [31, 60], d61_90: [61, 90], d90: [91, null] };

export type BandRequest = { band: AgeBand; channel: MessageChannel; project: string | null };

type Recipient = CustomerFacts & { installment: string; project_id: string };

/**
 * The customers of an age band, each with the installment their reminder is about: the oldest of their
 * rows in the band (contracts in force, rows the caller's ledger scope allows, one project or all).
 * Days late as on the dashboard: the uncovered rest from its due date, a cheque's cover from the
 * cheque's date once it passed without clearing.
 */
async function bandRecipients(engine: EngineContext, auth: RequestAuth | null, request: BandRequest): Promise<Recipient[]> {
  const day = sql`(now() at time zone 'Africa/Cairo')::date`;
  const [from, to] = BAND_DAYS[request.band];
  const owed = sql`(n.amount - n.paid - n.covered)`;
  const chequeLate = sql`(n.covered > 0 and greatest(n.cheque_date, n.due_date) < ${day})`;
  return rowsOf<Recipient>(
    engine.db,
    sql`with late as (
          select n.id, n.due_date, n.seq, k.project_id, coalesce(n.customer_id, k.customer_id) as customer_id,
                 case when ${owed} > 0 then ${day} - n.due_date else ${day} - greatest(n.cheque_date, n.due_date) end as days
            from ${installmentRows} n join ${contractRows} k on k.id = n.contract_id and k.status = ${ACTIVE_CONTRACT_STATE}
           where ${unsettled('n')} and n.due_date < ${day} and (${owed} > 0 or ${chequeLate})
             ${request.project ? sql`and k.project_id = ${request.project}::uuid` : sql``} ${scoped(engine, auth, 'installments', 'n')}
        ), picked as (
          select distinct on (customer_id) id, customer_id, project_id from late
           where days >= ${from} ${to === null ? sql`` : sql`and days <= ${to}`}
           order by customer_id, due_date, seq
        )
        select p.id::text as installment, p.project_id::text as project_id, c.id::text as id, coalesce(c.language, 'en') as language,
               nullif(c.email, '') as email, nullif(c.phone, '') as phone, coalesce(c.email_opt_out, false) as email_opt_out, coalesce(c.sms_opt_out, false) as sms_opt_out
          from picked p join ${sql.raw(CUSTOMER_FACTS)} c on c.id = p.customer_id
         order by c.id`,
  );
}

/** One reminder per customer, installment and Cairo day: a second click the same day sends nothing again. */
const reminderKey = (installment: string, today: string) => `overdue_band:${installment}:${today}`;

async function alreadyReminded(db: Queryable, recipients: readonly Recipient[], channel: MessageChannel, today: string): Promise<Set<string>> {
  if (recipients.length === 0) return new Set();
  const keys = recipients.map((row) => `${reminderKey(row.installment, today)}:${channel}`);
  const found = await db.query<{ key: string }>('select idempotency_key as key from customer_messages where idempotency_key = any($1::text[])', [keys]);
  return new Set(found.rows.map((row) => row.key));
}

/** How many of the band's customers a reminder would reach, and why the others would not. Writes nothing. */
export async function previewBandReminders(engine: EngineContext, auth: RequestAuth | null, request: BandRequest, now = new Date()): Promise<BandReminders> {
  // SMS while it is off is refused here as the send would refuse it, before anyone counts on it.
  refuseSmsWhenOff(request.channel);
  const recipients = await bandRecipients(engine, auth, request);
  const today = cairoDay(now);
  const already = await alreadyReminded(engine.db, recipients, request.channel, today);
  const counts: BandReminders = { ...request, customers: recipients.length, willReceive: 0, optedOut: 0, noAddress: 0, alreadyReminded: 0 };
  for (const row of recipients) {
    const reason = skipReason(row, request.channel);
    if (reason === 'emailOptOut' || reason === 'smsOptOut') counts.optedOut += 1;
    else if (reason) counts.noAddress += 1;
    else if (already.has(`${reminderKey(row.installment, today)}:${request.channel}`)) counts.alreadyReminded += 1;
    else counts.willReceive += 1;
  }
  return counts;
}

/**
 * Reminds every customer of an age band (the overdue template, about the oldest installment of theirs
 * in the band), in one transaction: sent to those who can receive it, written `skipped` for the opted
 * out and those without an address (once a day too), nothing for a customer already reminded today on
 * this channel. Answers the counts as the preview gives them.
 */
export async function sendBandReminders(engine: EngineContext, auth: RequestAuth | null, request: BandRequest, createdBy: string | null, now = new Date()): Promise<BandReminders> {
  refuseSmsWhenOff(request.channel);
  const recipients = await bandRecipients(engine, auth, request);
  const today = cairoDay(now);
  const counts: BandReminders = { ...request, customers: recipients.length, willReceive: 0, optedOut: 0, noAddress: 0, alreadyReminded: 0 };
  const messages = recipients.flatMap((row) =>
    messagesFor(row, { template: 'installment_overdue', documentId: row.installment, projectId: row.project_id, key: reminderKey(row.installment, today) }, [request.channel], now).map((message) => ({
      ...message,
      byHand: true,
      createdBy,
    })),
  );
  const written = await engine.db.transaction((tx) => queueMessages(tx, messages));
  messages.forEach((message, index) => {
    // As the preview counts: why a customer is not reached comes first, then a reminder already sent today.
    if (message.skippedReason === 'emailOptOut' || message.skippedReason === 'smsOptOut') counts.optedOut += 1;
    else if (message.skippedReason) counts.noAddress += 1;
    else if (written[index] === null) counts.alreadyReminded += 1;
    else counts.willReceive += 1;
  });
  return counts;
}
