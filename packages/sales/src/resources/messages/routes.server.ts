import { callerOf, engineTransaction, getRecord, updateRecord, type EngineContext } from '@propdesk/records/server';
import { badRequest, conflict, dataWord, dateTimeString, fieldError, notFound, ok, okEnvelope, requeueOutbox, requirePrivilege, unprocessable, type Queryable } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { salesText } from '../../server/i18n/catalog.js';
import { BOUNCED_CHEQUE_STATE } from '../cheques/definition.js';
import { CHEQUE_FACTS } from '../cheques/facts.server.js';
import { ACTIVE_CONTRACT_STATE } from '../contracts/definition.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { UNSETTLED_INSTALLMENT_STATES } from '../installments/definition.js';
import { INSTALLMENT_BALANCE_FACTS } from '../installments/facts.server.js';
import { lockedCustomerContact } from '../leads/facts.server.js';
import { RECEIPT_FACTS } from '../receipts/facts.server.js';
import { RESERVATION_CREATED_FACTS } from '../reservations/facts.server.js';
import { MESSAGE_ENTITY } from './definition.js';
import { queueByHand } from './queue.server.js';
import { renderMessage } from './send.server.js';
import { MESSAGE_OUTBOX_KIND, readMessages } from './store.server.js';
import { emailHtml, HAND_TEMPLATES, MESSAGE_CHANNELS, MESSAGE_DOCUMENTS, MESSAGE_LANGUAGES, MESSAGE_STATES, MESSAGE_TEMPLATES, TEMPLATE_DOCUMENT, unknownPlaceholders, type MessageTemplate } from './templates.js';
import { cairoDay, readMessageSecret, readUnsubscribeToken } from './transport.server.js';

/** A message's state in Arabic, as the messages table says it (`msg.state.*`). */
const MESSAGE_STATE_AR: Readonly<Record<string, string>> = { queued: 'في الانتظار', sent: 'مُرسلة', failed: 'فشلت', skipped: 'متخطاة' };

/** Privileges of customer messages (`customerMessage`): read the outbox, create (send by hand), update (retry). */

const messageSchema = z.object({
  id: z.uuid(),
  customer: z.uuid(),
  customerName: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  template: z.enum(MESSAGE_TEMPLATES),
  language: z.enum(MESSAGE_LANGUAGES),
  documentType: z.enum(MESSAGE_DOCUMENTS).nullable(),
  documentId: z.uuid().nullable(),
  status: z.enum(MESSAGE_STATES),
  skippedReason: z.string().nullable(),
  attempts: z.int(),
  lastError: z.string().nullable(),
  nextTryAt: dateTimeString.nullable(),
  providerId: z.string().nullable(),
  transport: z.string().nullable(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  idempotencyKey: z.string(),
  byHand: z.boolean(),
  createdOn: dateTimeString,
  sentAt: dateTimeString.nullable(),
});

const listQuery = z.strictObject({
  customer: z.uuid({ error: 'Must be a customer id' }).optional(),
  status: z.enum(MESSAGE_STATES, { error: `Must be one of ${MESSAGE_STATES.join(', ')}` }).optional(),
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Must be email or sms' }).optional(),
  template: z.enum(MESSAGE_TEMPLATES, { error: `Must be one of ${MESSAGE_TEMPLATES.join(', ')}` }).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const sendBody = z.strictObject({
  customer: z.uuid({ error: 'Must be a customer id' }),
  template: z.enum(HAND_TEMPLATES as [MessageTemplate, ...MessageTemplate[]], { error: `Must be one of ${HAND_TEMPLATES.join(', ')}` }),
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Must be email or sms' }),
  document: z.uuid({ error: 'Must be an installment id' }).optional(),
  asOf: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }).optional(),
});

const previewBody = z.strictObject({
  customer: z.uuid({ error: 'Must be a customer id' }),
  template: z.enum(MESSAGE_TEMPLATES, { error: `Must be one of ${MESSAGE_TEMPLATES.join(', ')}` }),
  language: z.enum(MESSAGE_LANGUAGES, { error: 'Must be ar or en' }).optional(),
  project: z.uuid({ error: 'Must be a project id' }).optional(),
  document: z.uuid({ error: 'Must be a document id' }).optional(),
  subject: z.string().max(200).optional(),
  body: z.string().max(10_000).optional(),
  sms: z.string().max(480).optional(),
});

const idParams = z.strictObject({ id: z.uuid({ error: 'Must be a message id' }) });
const unsubscribeParams = z.strictObject({ token: z.string().min(1).max(300) });

/** The document a hand-sent reminder is about: the installment named, else the customer's next due one (or oldest overdue). */
async function reminderInstallment(tx: Queryable, customerId: string, template: MessageTemplate, documentId: string | undefined): Promise<{ id: string; projectId: string }> {
  const overdue = template === 'installment_overdue';
  const found = await tx.query<{ id: string; project_id: string }>(
    `select i.id::text as id, k.project_id::text as project_id
       from ${INSTALLMENT_BALANCE_FACTS} i join ${CONTRACT_FACTS} k on k.id = i.contract_id and k.status = $4
      where coalesce(i.customer_id, k.customer_id) = $1 and i.amount > i.paid and i.status = any($5::text[])
        and ($2::uuid is null or i.id = $2) and ($3::boolean is null or coalesce(i.overdue, false) = $3)
      order by i.due_date, i.seq limit 1`,
    [customerId, documentId ?? null, documentId ? null : overdue, ACTIVE_CONTRACT_STATE, [...UNSETTLED_INSTALLMENT_STATES]],
  );
  const row = found.rows[0];
  if (!row) {
    const message = documentId ? 'No open installment of this customer has that id' : overdue ? 'The customer has no overdue installment' : 'The customer has no open installment';
    throw unprocessableField(message, 'document');
  }
  return { id: row.id, projectId: row.project_id };
}

const unprocessableField = (message: string, field: string) => Object.assign(unprocessable(message), { errors: [{ field, message }] });

/** The customer a call names, when the caller may see it (404 otherwise). */
async function visibleCustomer(engine: EngineContext, request: Parameters<typeof callerOf>[0], id: string) {
  const record = await getRecord(engine, engine.db, engine.registry.get('customers'), callerOf(request), id);
  if (!record) throw notFound(salesText('noCustomer'));
  return record;
}

/**
 * `/api/messages`: the outbox of customer messages (list, one, send by hand, retry) and the public
 * unsubscribe link; `/api/message-templates/preview`: a template's wording for a real customer.
 */
export function registerMessageRoutes(app: FastifyInstance, engine: EngineContext) {
  registerOutboxReadRoutes(app, engine);
  registerOutboxSendRoutes(app, engine);
  registerUnsubscribeRoute(app, engine);
  registerPreviewRoute(app, engine);
}

/** The outbox: the list and one message. */
function registerOutboxReadRoutes(app: FastifyInstance, engine: EngineContext): void {
  const db = engine.db;
  app.get(
    '/api/messages',
    {
      schema: {
        tags: ['Customer messages'],
        summary: 'Customer messages, newest first (?customer, status, channel, template; ?before=<seq> pages on)',
        querystring: listQuery,
        docs: { response: { 200: okEnvelope(z.array(messageSchema)) } },
      },
      onRequest: requirePrivilege(MESSAGE_ENTITY, 'read'),
    },
    async (request) => {
      const query = request.query as z.infer<typeof listQuery>;
      if (query.customer) await visibleCustomer(engine, request, query.customer);
      const data = await readMessages(db, query);
      return ok(data, `${data.length} messages`);
    },
  );

  app.get(
    '/api/messages/:id',
    {
      schema: { tags: ['Customer messages'], summary: 'One customer message: status, tries, last error, next try, provider id', params: idParams, docs: { response: { 200: okEnvelope(messageSchema) } } },
      onRequest: requirePrivilege(MESSAGE_ENTITY, 'read'),
    },
    async (request) => {
      const [message] = await readMessages(db, { id: (request.params as z.infer<typeof idParams>).id, limit: 1 });
      if (!message) throw notFound(salesText('messageNotFound'));
      return ok(message);
    },
  );
}

/** Sending a message by hand, and retrying a failed one. */
function registerOutboxSendRoutes(app: FastifyInstance, engine: EngineContext): void {
  const db = engine.db;
  app.post(
    '/api/messages',
    {
      schema: {
        tags: ['Customer messages'],
        summary: 'Send a customer a message now, by hand: the statement of account, or a reminder of an installment (a 422 names the opt-out)',
        body: sendBody,
        docs: { response: { 201: okEnvelope(messageSchema) } },
      },
      onRequest: requirePrivilege(MESSAGE_ENTITY, 'create'),
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof sendBody>;
      await visibleCustomer(engine, request, body.customer);
      const id = await engineTransaction(engine, async (tx) => {
        let documentId: string | null = null;
        let projectId: string | null = null;
        const data: Record<string, unknown> = {};
        if (body.template === 'statement') {
          if (body.document) throw badRequest('Validation failed', [fieldError('document', salesText('messageStatementNoDocument'))]);
          data.asOf = body.asOf ?? cairoDay(new Date());
        } else {
          if (body.asOf) throw badRequest('Validation failed', [fieldError('asOf', salesText('messageOnlyStatementDate'))]);
          const installment = await reminderInstallment(tx, body.customer, body.template, body.document);
          documentId = installment.id;
          projectId = installment.projectId;
        }
        return queueByHand(tx, { customer: body.customer, template: body.template, channel: body.channel, documentId, projectId, data, createdBy: request.auth?.userId ?? null });
      });
      const [message] = await readMessages(db, { id, limit: 1 });
      reply.code(201);
      return ok(message!, 'Queued: it is sent in a moment.');
    },
  );

  app.post(
    '/api/messages/:id/retry',
    {
      schema: {
        tags: ['Customer messages'],
        summary: 'Try a failed message again now (same idempotency key)',
        params: idParams,
        docs: { response: { 200: okEnvelope(messageSchema) } },
      },
      onRequest: requirePrivilege(MESSAGE_ENTITY, 'update'),
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const [before] = await readMessages(db, { id, limit: 1 });
      if (!before) throw notFound(salesText('messageNotFound'));
      if (before.status !== 'failed') throw conflict(salesText('messageNotRetried', { status: { en: before.status, ar: MESSAGE_STATE_AR[before.status] } }));
      await db.transaction(async (tx) => {
        const found = await tx.query<{ outbox_id: string | null }>('select outbox_id::text as outbox_id from customer_messages where id = $1 for update', [id]);
        const outboxId = found.rows[0]?.outbox_id;
        if (!outboxId || !(await requeueOutbox(tx, outboxId, MESSAGE_OUTBOX_KIND))) throw conflict(salesText('messageNothingToRetry'));
      });
      const [after] = await readMessages(db, { id, limit: 1 });
      return ok(after!, 'Queued again: it is tried now.');
    },
  );
}

/** The public unsubscribe link of a message. */
function registerUnsubscribeRoute(app: FastifyInstance, engine: EngineContext): void {
  const db = engine.db;
  const customers = engine.registry.get('customers');
  app.get(
    '/api/messages/unsubscribe/:token',
    {
      schema: {
        tags: ['Customer messages'],
        summary: "The unsubscribe link of a customer's e-mails (public, signed): sets the opt-out and answers a plain page",
        params: unsubscribeParams,
        docs: { files: ['text/html'] },
      },
    },
    async (request, reply) => {
      const { token } = request.params as z.infer<typeof unsubscribeParams>;
      const secret = await readMessageSecret(db);
      const named = secret ? readUnsubscribeToken(secret, token) : null;
      if (!named) throw badRequest('Validation failed', [fieldError('token', salesText('messageLinkInvalid'))]);
      const field = named.channel === 'email' ? 'emailOptOut' : 'smsOptOut';
      const language = await engineTransaction(engine, async (tx) => {
        const row = await lockedCustomerContact(tx, named.customerId);
        if (!row) throw notFound(salesText('noCustomer'));
        if (!(named.channel === 'email' ? row.email_opt_out : row.sms_opt_out)) await updateRecord(engine, tx, customers, { auth: null, source: 'system' }, named.customerId, { [field]: true }, { ignoreVersion: true, action: 'unsubscribe', reason: 'The customer followed the unsubscribe link of an e-mail' });
        return row.language === 'ar' ? 'ar' : 'en';
      });
      const text =
        language === 'ar'
          ? { title: 'تم إلغاء الاشتراك', body: named.channel === 'email' ? 'لن تصلكم رسائل بريد إلكتروني منا بعد الآن. للاشتراك مجددًا تواصلوا معنا.' : 'لن تصلكم رسائل نصية منا بعد الآن.' }
          : { title: 'You are unsubscribed', body: named.channel === 'email' ? 'You will receive no more e-mails from us. To receive them again, contact us.' : 'You will receive no more SMS from us.' };
      const page = emailHtml(language, text.title, `${text.title}\n\n${text.body}`, null).replace('<body', `<body data-page="unsubscribed"`);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      return reply.send(page);
    },
  );
}

/** A template's wording for a real customer. */
function registerPreviewRoute(app: FastifyInstance, engine: EngineContext): void {
  const db = engine.db;
  app.post(
    '/api/message-templates/preview',
    {
      schema: {
        tags: ['Customer messages'],
        summary: "A template's subject, body and SMS for a real customer, with the wording given (before saving it) over the project's",
        body: previewBody,
        docs: {
          response: {
            200: okEnvelope(z.object({ language: z.enum(MESSAGE_LANGUAGES), subject: z.string(), body: z.string(), sms: z.string(), html: z.string(), document: z.uuid().nullable() })),
          },
        },
      },
      onRequest: requirePrivilege('messageTemplate', 'read'),
    },
    async (request) => {
      const body = request.body as z.infer<typeof previewBody>;
      const problems = (['subject', 'body', 'sms'] as const).flatMap((field) => {
        const unknown = typeof body[field] === 'string' ? unknownPlaceholders(body.template, body[field]) : [];
        return unknown.length > 0 ? [fieldError(field, salesText('messageUnknownPlaceholder', { names: dataWord(unknown.map((name) => `{{${name}}}`).join(', ')) }))] : [];
      });
      if (problems.length > 0) throw badRequest('Validation failed', problems);
      const customer = await visibleCustomer(engine, request, body.customer);
      const language = body.language ?? (customer.language === 'ar' ? 'ar' : 'en');
      const documentId = body.document ?? (await sampleDocument(db, body.customer, body.template));
      if (TEMPLATE_DOCUMENT[body.template] !== 'statement' && !documentId) {
        throw unprocessableField(`The customer has no ${TEMPLATE_DOCUMENT[body.template]} to preview this template with`, 'document');
      }
      const rendered = await renderMessage(db, {
        template: body.template,
        lang: language,
        customer: { id: body.customer, name: String(customer.fullName ?? '') },
        documentId,
        data: { asOf: cairoDay(new Date()), ...(body.project ? { project: body.project } : {}) },
        today: cairoDay(new Date()),
        wording: { ...(body.subject !== undefined ? { subject: body.subject } : {}), ...(body.body !== undefined ? { body: body.body } : {}), ...(body.sms !== undefined ? { sms: body.sms } : {}) },
      }).catch((error: unknown) => {
        throw unprocessableField(error instanceof Error ? error.message : String(error), 'document');
      });
      return ok({ language, subject: rendered.subject, body: rendered.body, sms: rendered.sms, html: emailHtml(language, rendered.subject, rendered.body, null), document: documentId });
    },
  );
}

/** The customer's latest document of the template's kind, to preview with. */
async function sampleDocument(db: Queryable, customerId: string, template: MessageTemplate): Promise<string | null> {
  const sql: Record<string, string> = {
    installment: `select i.id::text as id from ${INSTALLMENT_BALANCE_FACTS} i join ${CONTRACT_FACTS} k on k.id = i.contract_id where coalesce(i.customer_id, k.customer_id) = $1 and i.amount > i.paid order by (coalesce(i.overdue, false) = ${template === 'installment_overdue'}) desc, i.due_date limit 1`,
    receipt: `select r.id::text as id from ${RECEIPT_FACTS} r where r.customer_id = $1 order by r.created_on desc limit 1`,
    cheque: `select c.id::text as id from ${CHEQUE_FACTS} c where c.customer_id = $1 order by (c.status = $2) desc, c.created_on desc limit 1`,
    reservation: `select r.id::text as id from ${RESERVATION_CREATED_FACTS} r where r.customer_id = $1 order by r.created_on desc limit 1`,
  };
  const kind = TEMPLATE_DOCUMENT[template];
  const query = sql[kind];
  if (!query) return null;
  return (await db.query<{ id: string }>(query, kind === 'cheque' ? [customerId, BOUNCED_CHEQUE_STATE] : [customerId])).rows[0]?.id ?? null;
}
