import { callerOf, getRecord, type EngineContext } from '@propdesk/records/server';
import { notFound, ok, okEnvelope, requirePrivilege, type AuthHook } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readCollections } from './dashboard.server.js';
import { AGE_BANDS } from './model.js';
import { previewBandReminders, sendBandReminders } from './remind.server.js';
import { MESSAGE_ENTITY } from '../messages/definition.js';
import { MESSAGE_CHANNELS } from '../messages/model.js';
import { customerPrintLanguage } from '../../print/index.server.js';
import { printStatement, readStatement } from './statement.server.js';
import { collectionsDashboardDoc, statementDoc } from './docs.server.js';

const idParams = z.strictObject({ id: z.uuid() });
const statementQuery = z.strictObject({ asOf: z.iso.date().optional() });
const printQuery = z.strictObject({ lang: z.enum(['ar', 'en'], { error: 'Must be ar or en' }).optional(), asOf: z.iso.date().optional() });

const bandFields = {
  band: z.enum(AGE_BANDS, { error: `Must be one of ${AGE_BANDS.join(', ')}` }),
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Must be email or sms' }),
  project: z.uuid({ error: 'Must be a project id' }).optional(),
};
const bandQuery = z.strictObject(bandFields);
const bandBody = z.strictObject(bandFields);
const bandRemindersDoc = okEnvelope(
  z.object({
    band: z.enum(AGE_BANDS),
    channel: z.enum(MESSAGE_CHANNELS),
    project: z.uuid().nullable(),
    customers: z.int(),
    willReceive: z.int(),
    optedOut: z.int(),
    noAddress: z.int(),
    alreadyReminded: z.int(),
  }),
);

/** Both privileges, judged in turn before anything is read (the first refusal answers). */
function requireBoth(first: AuthHook, second: AuthHook): AuthHook {
  return async (request, reply) => {
    await first(request, reply);
    if (!reply.sent) await second(request, reply);
  };
}

/** Cairo's today, the statement's default date. */
const cairoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * `GET /api/collections/dashboard` (contractPayment read; the ledger's row scope), and a customer's
 * statement of account `GET /api/customers/{id}/statement[/print]` (customer read and contractPayment
 * read; a customer the caller may not read is not found).
 */
export function registerCollectionRoutes(app: FastifyInstance, engine: EngineContext) {
  const installments = engine.registry.get('installments');
  const customers = engine.registry.get('customers');
  const statementGuard = requireBoth(requirePrivilege(customers.entity, 'read'), requirePrivilege(installments.entity, 'read'));
  const visibleCustomer = async (request: Parameters<typeof callerOf>[0], id: string) => {
    if (!(await getRecord(engine, engine.db, customers, callerOf(request), id))) throw notFound(salesText('noCustomer'));
  };

  app.get(
    '/api/collections/dashboard',
    {
      schema: { tags: ['Collections'], summary: 'Owed this week and month, past due by age per project and agent, and expected cash by month', querystring: z.strictObject({}), docs: { response: { 200: collectionsDashboardDoc } } },
      onRequest: requirePrivilege(installments.entity, 'read'),
    },
    async (request) => ok(await readCollections(engine, request.auth ?? null)),
  );

  // Reminding an age band (issue 28): reading the ledger and sending customer messages, both.
  const remindGuard = requireBoth(requirePrivilege(installments.entity, 'read'), requirePrivilege(MESSAGE_ENTITY, 'create'));
  app.get(
    '/api/collections/reminders',
    {
      schema: {
        tags: ['Collections'],
        summary: "How many of an age band's customers a reminder would reach (?band, channel, project), and why not the others; writes nothing",
        querystring: bandQuery,
        docs: { response: { 200: bandRemindersDoc } },
      },
      onRequest: remindGuard,
    },
    async (request) => {
      const query = request.query as z.infer<typeof bandQuery>;
      return ok(await previewBandReminders(engine, request.auth ?? null, { band: query.band, channel: query.channel, project: query.project ?? null }));
    },
  );

  app.post(
    '/api/collections/reminders',
    {
      schema: {
        tags: ['Collections'],
        summary: "Reminds every customer of an age band of their oldest installment in it (the overdue template), once a day per installment and channel",
        body: bandBody,
        docs: { response: { 200: bandRemindersDoc } },
      },
      onRequest: remindGuard,
    },
    async (request) => {
      const body = request.body as z.infer<typeof bandBody>;
      const result = await sendBandReminders(engine, request.auth ?? null, { band: body.band, channel: body.channel, project: body.project ?? null }, request.auth?.userId ?? null);
      return ok(result, `${result.willReceive} reminders queued`);
    },
  );

  app.get(
    '/api/customers/:id/statement',
    { schema: { tags: ['Collections'], summary: "A customer's statement of account: charges due and receipts with the running balance (?asOf=YYYY-MM-DD, default Cairo's today)", params: idParams, querystring: statementQuery, docs: { response: { 200: statementDoc } } }, onRequest: statementGuard },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const { asOf } = request.query as z.infer<typeof statementQuery>;
      await visibleCustomer(request, id);
      return ok(await readStatement(engine.db, id, asOf ?? cairoToday(), request.language, 'screen'));
    },
  );

  app.get(
    '/api/customers/:id/statement/print',
    { schema: { tags: ['Collections'], summary: "A customer's statement of account as a PDF (?lang=ar|en)", params: idParams, querystring: printQuery, docs: { files: ['application/pdf'] } }, onRequest: statementGuard },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const query = request.query as z.infer<typeof printQuery>;
      await visibleCustomer(request, id);
      const document = await printStatement(engine.db, id, query.asOf ?? cairoToday(), query.lang ?? (await customerPrintLanguage(engine.db, id)));
      reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${document.name}"`).header('cache-control', 'no-store');
      return reply.send(document.content);
    },
  );
}
