import { callerOf, engineTransaction, getRecord, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { formatMoney } from '@propdesk/records/model';
import { notFound, ok, requirePrivilege } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordRecovery, reevaluateCommissions } from './lifecycle.server.js';
import { commissionBrokers, printBrokerStatement, readBrokerStatement } from './statement.server.js';
import { recordOf } from '../../server/docs.js';
import { brokerStatementDoc, commissionBrokersDoc, evaluateBodyDoc, evaluateDoc } from './docs.server.js';

const idParams = z.strictObject({ id: z.uuid() });
const statementQuery = z.strictObject({ asOf: z.iso.date().optional() });
const printQuery = z.strictObject({ lang: z.enum(['ar', 'en'], { error: 'Must be ar or en' }).optional(), asOf: z.iso.date().optional() });
const evaluateBody = z.strictObject({ contract: z.uuid({ error: 'Must be a contract id' }).optional() }).optional();
const recoveryBody = z.strictObject({
  amount: z.string({ error: 'An amount like 1250.50' }).regex(/^\d{1,13}(\.\d{1,2})?$/, 'An amount like 1250.50'),
  reference: z.string({ error: 'Give the recovery reference' }).trim().min(1, 'Give the recovery reference').max(120),
});

/** Cairo's today, the statement's default date. */
const cairoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * A broker's commission statement `GET /api/brokers/{id}/commission-statement[/print]` (commission
 * read; a broker the caller may not read is not found), and the re-evaluation
 * `POST /api/commissions/evaluate` (commission approve): accrues what is missing and brings every
 * line in line with its trigger; running it again changes nothing. A part of a clawback returned
 * `POST /api/commissions/{id}/recoveries` (commission approve): the line stays clawed back until the
 * whole amount is back, then it is recovered (the `recover` action records the whole rest at once).
 */
export function registerCommissionRoutes(app: FastifyInstance, engine: EngineContext, notify: DomainNotify) {
  const commissions = engine.registry.get('commissions');
  const brokers = engine.registry.get('brokers');
  const visibleBroker = async (request: Parameters<typeof callerOf>[0], id: string) => {
    if (!(await getRecord(engine, engine.db, brokers, callerOf(request), id))) throw notFound(salesText('noBroker'));
  };

  app.get(
    '/api/brokers/:id/commission-statement',
    { schema: { tags: ['Commissions'], summary: "A broker's commission statement: every line and the totals by state", params: idParams, querystring: statementQuery, docs: { response: { 200: brokerStatementDoc } } }, onRequest: requirePrivilege(commissions.entity, 'read') },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const { asOf } = request.query as z.infer<typeof statementQuery>;
      await visibleBroker(request, id);
      return ok(await readBrokerStatement(engine.db, id, asOf ?? cairoToday()));
    },
  );

  app.get(
    '/api/brokers/:id/commission-statement/print',
    { schema: { tags: ['Commissions'], summary: "A broker's commission statement as a PDF (?lang=ar|en)", params: idParams, querystring: printQuery, docs: { files: ['application/pdf'] } }, onRequest: requirePrivilege(commissions.entity, 'read') },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const query = request.query as z.infer<typeof printQuery>;
      await visibleBroker(request, id);
      const document = await printBrokerStatement(engine.db, id, query.asOf ?? cairoToday(), query.lang ?? 'ar');
      reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${document.name}"`).header('cache-control', 'no-store');
      return reply.send(document.content);
    },
  );

  app.get(
    '/api/commissions/brokers',
    { schema: { tags: ['Commissions'], summary: 'The brokers with commission lines, with what is owed to them (for the statement’s picker)', querystring: z.strictObject({}), docs: { response: { 200: commissionBrokersDoc } } }, onRequest: requirePrivilege(commissions.entity, 'read') },
    async () => ok(await commissionBrokers(engine.db)),
  );

  app.post(
    '/api/commissions/:id/recoveries',
    {
      schema: { tags: ['Commissions'], summary: 'Record part (or the rest) of a clawed back commission returned by the broker', params: idParams, body: recoveryBody, docs: { response: { 200: recordOf(engine, 'commissions') } } },
      onRequest: requirePrivilege(commissions.entity, 'approve'),
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const body = request.body as z.infer<typeof recoveryBody>;
      const record = await engineTransaction(engine, (tx) => recordRecovery(engine, tx, callerOf(request), id, body.amount, body.reference));
      return ok(record, record.status === 'recovered' ? `${String(record.number)} recovered in full.` : `Recovery recorded; ${formatMoney(String(record.recoverable))} still to recover.`);
    },
  );

  app.post(
    '/api/commissions/evaluate',
    { schema: { tags: ['Commissions'], summary: 'Accrue missing commissions and bring every line in line with its trigger (idempotent)', body: evaluateBody, docs: { body: evaluateBodyDoc, response: { 200: evaluateDoc } } }, onRequest: requirePrivilege(commissions.entity, 'approve') },
    async (request) => {
      const body = (request.body ?? {}) as { contract?: string };
      const result = await engineTransaction(engine, (tx) => reevaluateCommissions(engine, tx, callerOf(request), notify, body.contract));
      return ok(result, `${result.accrued} accrued, ${result.changed} changed.`);
    },
  );
}
