import { callerOf, getRecord, type EngineContext } from '@propdesk/records/server';
import { notFound, ok, requirePrivilege, type AuthHook } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readCollections } from './dashboard.server.js';
import { printStatement, readStatement } from './statement.server.js';
import { collectionsDashboardDoc, statementDoc } from '../../server/docs.js';

const idParams = z.strictObject({ id: z.uuid() });
const statementQuery = z.strictObject({ asOf: z.iso.date().optional() });
const printQuery = z.strictObject({ lang: z.enum(['ar', 'en'], { error: 'Must be ar or en' }).optional(), asOf: z.iso.date().optional() });

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
    if (!(await getRecord(engine, engine.db, customers, callerOf(request), id))) throw notFound('No such customer');
  };

  app.get(
    '/api/collections/dashboard',
    {
      schema: { tags: ['Collections'], summary: 'Owed this week and month, past due by age per project and agent, and expected cash by month', querystring: z.strictObject({}), docs: { response: { 200: collectionsDashboardDoc } } },
      onRequest: requirePrivilege(installments.entity, 'read'),
    },
    async (request) => ok(await readCollections(engine, request.auth ?? null)),
  );

  app.get(
    '/api/customers/:id/statement',
    { schema: { tags: ['Collections'], summary: "A customer's statement of account: charges due and receipts with the running balance (?asOf=YYYY-MM-DD, default Cairo's today)", params: idParams, querystring: statementQuery, docs: { response: { 200: statementDoc } } }, onRequest: statementGuard },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const { asOf } = request.query as z.infer<typeof statementQuery>;
      await visibleCustomer(request, id);
      return ok(await readStatement(engine.db, id, asOf ?? cairoToday()));
    },
  );

  app.get(
    '/api/customers/:id/statement/print',
    { schema: { tags: ['Collections'], summary: "A customer's statement of account as a PDF (?lang=ar|en)", params: idParams, querystring: printQuery, docs: { files: ['application/pdf'] } }, onRequest: statementGuard },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const query = request.query as z.infer<typeof printQuery>;
      await visibleCustomer(request, id);
      const document = await printStatement(engine.db, id, query.asOf ?? cairoToday(), query.lang ?? 'ar');
      reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${document.name}"`).header('cache-control', 'no-store');
      return reply.send(document.content);
    },
  );
}
