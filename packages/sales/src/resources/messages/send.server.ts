import { type Database, type OutboxMessage, type OutboxSender, type Queryable } from '@propdesk/server-kit';
import { closingOf } from '../collections/model.js';
import { printStatement, readStatement } from '../collections/index.server.js';
import { receiptPrinter } from '../receipts/index.server.js';
import { RECEIPT_FACTS } from '../receipts/facts.server.js';
import { CHEQUE_FACTS } from '../cheques/facts.server.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { INSTALLMENT_BALANCE_FACTS } from '../installments/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { RESERVATION_FACTS, RESERVATION_SETUP_FACTS } from '../reservations/facts.server.js';
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

type CompanyRow = { name: string; name_ar: string | null };

const readCompany = async (db: Queryable): Promise<CompanyRow | null> =>
  (await db.query<CompanyRow>('select name, name_ar from company_profile order by created_on limit 1')).rows[0] ?? null;

/** The seller's name as the customer's language writes it. */
function companyName(row: CompanyRow | null, lang: MessageLanguage): string {
  if (!row) return 'Propdesk';
  return lang === 'ar' ? (row.name_ar ?? row.name) : row.name;
}

type InstallmentFacts = { id: string; seq: number; due_date: string; open: string; contract: string; project: string; project_id: string; grace: number | null };

const INSTALLMENT_SQL = `select i.id::text as id, i.seq, to_char(i.due_date, 'YYYY-MM-DD') as due_date, (i.amount - i.paid)::text as open, k.number as contract, p.name as project, p.id::text as project_id, s.late_grace_days as grace
   from ${INSTALLMENT_BALANCE_FACTS} i join ${CONTRACT_FACTS} k on k.id = i.contract_id join projects p on p.id = k.project_id
   left join ${RESERVATION_SETUP_FACTS} s on s.project_id = k.project_id and s.active
  where i.id = any($1::uuid[])`;

type WordingRow = { project_id: string; template: MessageTemplate; language: MessageLanguage; subject: string | null; body: string | null; sms: string | null };

/**
 * What a claim's messages read, read once for the claim (a reminder run sends hundreds of the same
 * template): the company, the installments reminded of, the projects' own wordings. A message the
 * facts do not cover reads its own.
 */
export type MessageFacts = {
  company?: CompanyRow | null;
  installments?: ReadonlyMap<string, InstallmentFacts>;
  /** Per `project:template:language`: the project's wording row, or null when it has none. */
  wordings?: ReadonlyMap<string, WordingRow | null>;
};

const wordingKey = (projectId: string, template: MessageTemplate, lang: MessageLanguage) => `${projectId}:${template}:${lang}`;

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
  facts: MessageFacts = {},
): Promise<{ values: Record<string, string>; projectId: string | null }> {
  const company = facts.company !== undefined ? facts.company : await readCompany(db);
  const values: Record<string, string> = { customer: customer.name, company: companyName(company, lang) };
  const money = (amount: string | null) => (amount === null ? '' : messageMoney(amount, lang));
  const date = (day: string | null) => (day ? messageDate(day, lang) : '');
  const count = (n: number) => messageNumber(n, lang);
  let projectId: string | null = null;
  if (template === 'installment_due' || template === 'installment_overdue') {
    const row = (documentId ? facts.installments?.get(documentId) : undefined) ?? (await db.query<InstallmentFacts>(INSTALLMENT_SQL, [[documentId]])).rows[0];
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
         from ${RECEIPT_FACTS} r left join ${CONTRACT_FACTS} k on k.id = r.contract_id where r.id = $1`,
      [documentId],
    );
    const row = found.rows[0];
    if (!row) throw new Error('The receipt no longer exists');
    projectId = row.project_id;
    Object.assign(values, { receipt: row.number, receiptDate: date(row.receipt_date), amount: money(row.amount), contract: row.contract ?? (lang === 'ar' ? 'حسابكم' : 'your account') });
  } else if (template === 'cheque_bounced') {
    const found = await db.query<{ number: string; due_date: string; amount: string; contract: string | null; project_id: string | null; fee: string | null }>(
      `select c.number, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.amount::text as amount, k.number as contract, k.project_id::text as project_id, f.amount::text as fee
         from ${CHEQUE_FACTS} c left join ${CONTRACT_FACTS} k on k.id = c.contract_id left join ${INSTALLMENT_BALANCE_FACTS} f on f.id = c.bounce_fee_id where c.id = $1`,
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
         from ${RESERVATION_FACTS} r join units u on u.id = r.unit_id left join projects p on p.id = coalesce(r.project_id, u.project_id) where r.id = $1`,
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
export async function wordingOf(db: Queryable, projectId: string | null, template: MessageTemplate, lang: MessageLanguage, facts: MessageFacts = {}): Promise<Wording> {
  const shipped = DEFAULT_WORDING[template][lang];
  if (!projectId) return shipped;
  const key = wordingKey(projectId, template, lang);
  const row =
    facts.wordings?.has(key) === true
      ? facts.wordings.get(key)
      : (
          await db.query<{ subject: string | null; body: string | null; sms: string | null }>(
            'select subject, body, sms from message_templates where project_id = $1 and template = $2 and language = $3 and active order by modified_on desc limit 1',
            [projectId, template, lang],
          )
        ).rows[0];
  const pick = (own: string | null | undefined, fallback: string) => (own && own.trim() !== '' ? own : fallback);
  return { subject: pick(row?.subject, shipped.subject), body: pick(row?.body, shipped.body), sms: pick(row?.sms, shipped.sms) };
}

/** One message as it reads now (and the PDF it carries): values from its document, in the project's wording. */
export async function renderMessage(
  db: Queryable,
  input: { template: MessageTemplate; lang: MessageLanguage; customer: { id: string; name: string }; documentId: string | null; data: Record<string, unknown>; today: string; wording?: Partial<Wording> },
  withAttachment = false,
  facts: MessageFacts = {},
): Promise<Rendered> {
  const data = { ...input.data, customer: input.customer.id };
  const { values, projectId } = await placeholderValues(db, input.template, input.lang, input.customer, input.documentId, data, input.today, facts);
  const own = await wordingOf(db, projectId ?? (typeof input.data.project === 'string' ? input.data.project : null), input.template, input.lang, facts);
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
const MESSAGE_ROWS = `select m.id::text as id, m.customer_id::text as customer_id, m.channel, m.template, m.language, m.document_id::text as document_id, m.project_id::text as project_id,
        m.data, m.provider_id, c.full_name, c.email, c.phone, coalesce(c.email_opt_out, false) as email_opt_out, coalesce(c.sms_opt_out, false) as sms_opt_out
   from customer_messages m join ${CUSTOMER_FACTS} c on c.id = m.customer_id where m.id = any($1::uuid[])`;

const messageIdOf = (message: OutboxMessage) => String((message.payload as { message?: unknown }).message ?? '');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PreparedMessages = { rows: ReadonlyMap<string, MessageRow>; facts: MessageFacts };

/**
 * Reads a claim's messages at once: the rows with their customers, the company, the installments the
 * reminders are about and the projects' wordings (four statements for the claim, not four a message).
 * Each send still reads the row again only if the claim did not find it.
 */
export async function prepareMessages(db: Queryable, messages: readonly OutboxMessage[]): Promise<PreparedMessages> {
  const ids = messages.map(messageIdOf).filter((id) => UUID.test(id));
  const rows = new Map((await db.query<MessageRow>(MESSAGE_ROWS, [ids])).rows.map((row) => [row.id, row]));
  const installmentIds = [...rows.values()].filter((row) => (row.template === 'installment_due' || row.template === 'installment_overdue') && row.document_id).map((row) => row.document_id!);
  const installments = new Map(installmentIds.length > 0 ? (await db.query<InstallmentFacts>(INSTALLMENT_SQL, [installmentIds])).rows.map((row) => [row.id, row]) : []);
  const projectOf = (row: MessageRow) => (row.document_id ? installments.get(row.document_id)?.project_id : undefined) ?? row.project_id;
  const wanted = new Map<string, [string, MessageTemplate, MessageLanguage]>();
  for (const row of rows.values()) {
    const project = projectOf(row);
    if (project) wanted.set(wordingKey(project, row.template, row.language), [project, row.template, row.language]);
  }
  const wordings = new Map<string, WordingRow | null>([...wanted.keys()].map((key) => [key, null]));
  if (wanted.size > 0) {
    const found = await db.query<WordingRow>(
      `select distinct on (project_id, template, language) project_id::text as project_id, template, language, subject, body, sms
         from message_templates where active and project_id = any($1::uuid[]) and template = any($2::text[]) and language = any($3::text[])
        order by project_id, template, language, modified_on desc`,
      [[...new Set([...wanted.values()].map(([project]) => project))], [...new Set([...wanted.values()].map(([, template]) => template))], [...new Set([...wanted.values()].map(([, , lang]) => lang))]],
    );
    for (const row of found.rows) {
      const key = wordingKey(row.project_id, row.template, row.language);
      if (wordings.has(key)) wordings.set(key, row);
    }
  }
  return { rows, facts: { company: await readCompany(db), installments, wordings } };
}

export function messageSender(db: Database, delivery: MessageDelivery): OutboxSender<PreparedMessages | undefined> {
  const now = delivery.now ?? (() => new Date());
  return {
    kind: MESSAGE_OUTBOX_KIND,
    // Mail servers and SMS providers are slower than webhooks; fewer at once, a longer first wait.
    concurrency: 5,
    prepare: (messages) => prepareMessages(db, messages),
    send: async (message, prepared) => {
      const id = messageIdOf(message);
      // Read again at the send when the claim did not (a sender called on its own, as the tests do).
      const row = prepared?.rows.get(id) ?? (UUID.test(id) ? (await db.query<MessageRow>(MESSAGE_ROWS, [[id]])).rows[0] : undefined);
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
        prepared?.facts ?? {},
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
