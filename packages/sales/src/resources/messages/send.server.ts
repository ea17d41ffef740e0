import { type Database, type OutboxSender, type Queryable } from '@propdesk/server-kit';
import { closingOf } from '../collections/model.js';
import { printStatement, readStatement } from '../collections/statement.server.js';
import { receiptPrinter } from '../receipts/print.server.js';
import { MESSAGE_OUTBOX_KIND } from './store.server.js';
import {
  DEFAULT_WORDING,
  emailHtml,
  emailText,
  fillTemplate,
  messageDate,
  messageMoney,
  messageNumber,
  type MessageChannel,
  type MessageLanguage,
  type MessageTemplate,
  type Wording,
} from './templates.js';
import { cairoDay, smsQuietUntil, unsubscribeToken, type Mailer, type SmsProvider } from './transport.server.js';

/** What the sender needs: where mail and SMS go, the unsubscribe link's base and secret, and the clock (tests move it). */
export type MessageDelivery = {
  mailer: Mailer;
  sms: SmsProvider | null;
  publicUrl: string;
  secret: string;
  now?: () => Date;
};

type MessageRow = {
  id: string;
  customer_id: string;
  channel: MessageChannel;
  template: MessageTemplate;
  language: MessageLanguage;
  document_id: string | null;
  project_id: string | null;
  data: Record<string, unknown>;
  provider_id: string | null;
  full_name: string;
  email: string | null;
  phone: string | null;
  email_opt_out: boolean;
  sms_opt_out: boolean;
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The seller's name as the customer's language writes it. */
async function companyName(db: Queryable, lang: MessageLanguage): Promise<string> {
  const found = await db.query<{ name: string; name_ar: string | null }>('select name, name_ar from company_profile order by created_on limit 1');
  const row = found.rows[0];
  if (!row) return 'Propdesk';
  return lang === 'ar' ? (row.name_ar ?? row.name) : row.name;
}

export type Rendered = { subject: string; body: string; sms: string; projectId: string | null; attachment: { filename: string; content: Buffer; contentType: string } | null };

/** The values of a template's placeholders for one message, from its document as it is now. */
export async function placeholderValues(
  db: Queryable,
  template: MessageTemplate,
  lang: MessageLanguage,
  customer: { name: string },
  documentId: string | null,
  data: Record<string, unknown>,
  today: string,
): Promise<{ values: Record<string, string>; projectId: string | null }> {
  const values: Record<string, string> = { customer: customer.name, company: await companyName(db, lang) };
  const money = (amount: string | null) => (amount === null ? '' : messageMoney(amount, lang));
  const date = (day: string | null) => (day ? messageDate(day, lang) : '');
  const count = (n: number) => messageNumber(n, lang);
  let projectId: string | null = null;
  if (template === 'installment_due' || template === 'installment_overdue') {
    const found = await db.query<{ seq: number; due_date: string; open: string; contract: string; project: string; project_id: string; grace: number | null }>(
      `select i.seq, to_char(i.due_date, 'YYYY-MM-DD') as due_date, (i.amount - i.paid)::text as open, k.number as contract, p.name as project, p.id::text as project_id, s.late_grace_days as grace
         from installments i join contracts k on k.id = i.contract_id join projects p on p.id = k.project_id
         left join reservation_setups s on s.project_id = k.project_id and s.active
        where i.id = $1`,
      [documentId],
    );
    const row = found.rows[0];
    if (!row) throw new Error('The installment no longer exists');
    projectId = row.project_id;
    Object.assign(values, {
      amount: money(row.open),
      dueDate: date(row.due_date),
      installment: count(row.seq),
      contract: row.contract,
      project: row.project,
      days: count(Math.max(0, daysBetween(today, row.due_date))),
      daysLate: count(Math.max(0, daysBetween(row.due_date, today))),
      graceDays: count(row.grace ?? 0),
    });
  } else if (template === 'receipt_issued') {
    const found = await db.query<{ number: string; receipt_date: string; amount: string; contract: string | null; project_id: string | null }>(
      `select r.number, to_char(r.receipt_date, 'YYYY-MM-DD') as receipt_date, r.amount::text as amount, k.number as contract, k.project_id::text as project_id
         from receipts r left join contracts k on k.id = r.contract_id where r.id = $1`,
      [documentId],
    );
    const row = found.rows[0];
    if (!row) throw new Error('The receipt no longer exists');
    projectId = row.project_id;
    Object.assign(values, { receipt: row.number, receiptDate: date(row.receipt_date), amount: money(row.amount), contract: row.contract ?? (lang === 'ar' ? 'حسابكم' : 'your account') });
  } else if (template === 'cheque_bounced') {
    const found = await db.query<{ number: string; due_date: string; amount: string; contract: string | null; project_id: string | null; fee: string | null }>(
      `select c.number, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.amount::text as amount, k.number as contract, k.project_id::text as project_id, f.amount::text as fee
         from cheques c left join contracts k on k.id = c.contract_id left join installments f on f.id = c.bounce_fee_id where c.id = $1`,
      [documentId],
    );
    const row = found.rows[0];
    if (!row) throw new Error('The cheque no longer exists');
    projectId = row.project_id;
    const charge = row.fee ? (lang === 'ar' ? `وأضيفت رسوم ارتداد قدرها ${money(row.fee)}.` : `A bounce charge of ${money(row.fee)} was added.`) : '';
    Object.assign(values, { cheque: row.number, chequeDate: date(row.due_date), amount: money(row.amount), contract: row.contract ?? (lang === 'ar' ? 'حسابكم' : 'your account'), bounceCharge: charge });
  } else if (template === 'statement') {
    const asOf = typeof data.asOf === 'string' ? data.asOf : today;
    const statement = await readStatement(db, String(data.customer ?? ''), asOf, lang);
    const closing = closingOf(statement);
    Object.assign(values, { asOf: date(asOf), balance: money(closing.kind === 'owed' ? closing.amount : '0') });
  } else if (template === 'reservation_confirmed') {
    const found = await db.query<{ number: string; unit: string; project: string | null; project_id: string | null; price: string | null }>(
      `select r.number, u.code as unit, p.name as project, coalesce(r.project_id, u.project_id)::text as project_id, r.net_price::text as price
         from reservations r join units u on u.id = r.unit_id left join projects p on p.id = coalesce(r.project_id, u.project_id) where r.id = $1`,
      [documentId],
    );
    const row = found.rows[0];
    if (!row) throw new Error('The reservation no longer exists');
    projectId = row.project_id;
    Object.assign(values, { reservation: row.number, unit: row.unit, project: row.project ?? '', amount: money(row.price) });
  }
  return { values, projectId };
}

/** The project's wording of a template, part by part over what Propdesk ships. */
export async function wordingOf(db: Queryable, projectId: string | null, template: MessageTemplate, lang: MessageLanguage): Promise<Wording> {
  const shipped = DEFAULT_WORDING[template][lang];
  if (!projectId) return shipped;
  const found = await db.query<{ subject: string | null; body: string | null; sms: string | null }>(
    'select subject, body, sms from message_templates where project_id = $1 and template = $2 and language = $3 and active order by modified_on desc limit 1',
    [projectId, template, lang],
  );
  const row = found.rows[0];
  const pick = (own: string | null | undefined, fallback: string) => (own && own.trim() !== '' ? own : fallback);
  return { subject: pick(row?.subject, shipped.subject), body: pick(row?.body, shipped.body), sms: pick(row?.sms, shipped.sms) };
}

/** One message as it reads now (and the PDF it carries): values from its document, in the project's wording. */
export async function renderMessage(
  db: Queryable,
  input: { template: MessageTemplate; lang: MessageLanguage; customer: { id: string; name: string }; documentId: string | null; data: Record<string, unknown>; today: string; wording?: Partial<Wording> },
  withAttachment = false,
): Promise<Rendered> {
  const data = { ...input.data, customer: input.customer.id };
  const { values, projectId } = await placeholderValues(db, input.template, input.lang, input.customer, input.documentId, data, input.today);
  const own = await wordingOf(db, projectId ?? (typeof input.data.project === 'string' ? input.data.project : null), input.template, input.lang);
  const wording = { ...own, ...Object.fromEntries(Object.entries(input.wording ?? {}).filter(([, text]) => typeof text === 'string' && text.trim() !== '')) };
  let attachment: Rendered['attachment'] = null;
  if (withAttachment && input.template === 'receipt_issued' && input.documentId) {
    const printed = await receiptPrinter(db as Database, input.documentId, { lang: input.lang, auth: { userId: null } } as never);
    attachment = { filename: printed.name, content: Buffer.from(printed.content), contentType: 'application/pdf' };
  } else if (withAttachment && input.template === 'statement') {
    const asOf = typeof input.data.asOf === 'string' ? input.data.asOf : input.today;
    const printed = await printStatement(db, input.customer.id, asOf, input.lang);
    attachment = { filename: printed.name, content: Buffer.from(printed.content), contentType: 'application/pdf' };
  }
  return { subject: fillTemplate(wording.subject, values), body: fillTemplate(wording.body, values), sms: fillTemplate(wording.sms, values), projectId, attachment };
}

/**
 * Sends the outbox's `message` rows. A message whose provider id is already recorded was sent by a
 * process that died before the outbox heard: it is marked sent without a second send. A customer who
 * opted out since it was queued is skipped. An SMS in Cairo's quiet hours (21:00–09:00) waits for 09:00.
 */
export function messageSender(db: Database, delivery: MessageDelivery): OutboxSender {
  const now = delivery.now ?? (() => new Date());
  return {
    kind: MESSAGE_OUTBOX_KIND,
    // Mail servers and SMS providers are slower than webhooks; fewer at once, a longer first wait.
    concurrency: 5,
    send: async (message) => {
      const id = String((message.payload as { message?: unknown }).message ?? '');
      const found = await db.query<MessageRow>(
        `select m.id::text as id, m.customer_id::text as customer_id, m.channel, m.template, m.language, m.document_id::text as document_id, m.project_id::text as project_id,
                m.data, m.provider_id, c.full_name, c.email, c.phone, coalesce(c.email_opt_out, false) as email_opt_out, coalesce(c.sms_opt_out, false) as sms_opt_out
           from customer_messages m join customers c on c.id = m.customer_id where m.id = $1`,
        [id],
      );
      const row = found.rows[0];
      if (!row) return { ok: false, error: 'The message was deleted' };
      // Sent before a crash, not yet recorded in the outbox: record, never send twice.
      if (row.provider_id) return { ok: true };
      const optedOut = row.channel === 'email' ? row.email_opt_out : row.sms_opt_out;
      if (optedOut) {
        await db.query('update customer_messages set skipped_reason = $2 where id = $1', [id, row.channel === 'email' ? 'emailOptOut' : 'smsOptOut']);
        return { ok: true };
      }
      const at = now();
      if (row.channel === 'sms') {
        if (!delivery.sms) return { ok: false, error: 'SMS is not configured (PROPDESK_SMS_URL, PROPDESK_SMS_TOKEN)' };
        const quiet = smsQuietUntil(at);
        if (quiet) return { ok: false, deferUntil: quiet };
      }
      const recipient = row.channel === 'email' ? row.email : row.phone;
      if (!recipient) {
        await db.query('update customer_messages set skipped_reason = $2 where id = $1', [id, row.channel === 'email' ? 'No e-mail address' : 'No phone']);
        return { ok: true };
      }
      const rendered = await renderMessage(
        db,
        { template: row.template, lang: row.language, customer: { id: row.customer_id, name: row.full_name }, documentId: row.document_id, data: { ...row.data, ...(row.project_id ? { project: row.project_id } : {}) }, today: cairoDay(at) },
        row.channel === 'email',
      );
      let transport: string;
      let providerId: string;
      let body: string;
      if (row.channel === 'email') {
        const unsubscribeUrl = `${delivery.publicUrl}/api/messages/unsubscribe/${encodeURIComponent(unsubscribeToken(delivery.secret, row.customer_id, 'email'))}`;
        const sent = await delivery.mailer.send({
          id,
          to: recipient,
          subject: rendered.subject,
          text: emailText(row.language, rendered.body, unsubscribeUrl),
          html: emailHtml(row.language, rendered.subject, rendered.body, unsubscribeUrl),
          lang: row.language,
          unsubscribeUrl,
          attachments: rendered.attachment ? [rendered.attachment] : [],
        });
        transport = sent.transport;
        providerId = sent.providerId;
        body = rendered.body;
      } else {
        const sent = await delivery.sms!.send({ to: recipient, text: rendered.sms, idempotencyKey: id });
        transport = delivery.sms!.name;
        providerId = sent.providerId;
        body = rendered.sms;
      }
      await db.query('update customer_messages set provider_id = $2, transport = $3, recipient = $4, subject = $5, body = $6, sent_at = now() where id = $1', [
        id,
        providerId,
        transport,
        recipient,
        row.channel === 'email' ? rendered.subject : null,
        body,
      ]);
      return { ok: true };
    },
  };
}
