import { callerOf, engineTransaction, getRecord, type EngineContext } from '@propdesk/records/server';
import { dataWord, notFound, ok, requirePrivilege, unprocessable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contracts } from './definition.js';
import { moveStep, stepActions } from './lifecycle.server.js';
import { changeUnit, reviseSchedule } from '../installments/index.server.js';
import { keptPrint, listPrints } from '../../print/index.server.js';
import { recordOf } from '../../server/docs.js';
import { printsDoc, rescheduleDoc, stepActionsDoc } from './docs.server.js';

const idParams = z.strictObject({ id: z.uuid() });
const stepParams = z.strictObject({ id: z.uuid(), action: z.uuid() });
const printParams = z.strictObject({ id: z.uuid(), printId: z.uuid() });
const stepBody = z.strictObject({ reason: z.string().max(300).optional(), version: z.number().int().min(1).optional() });
const rescheduleBody = z.strictObject({
  unit: z.uuid().optional(),
  paymentPlan: z.uuid().optional(),
  netPrice: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'An amount like 1250000.00').optional(),
  startDate: z.iso.date().optional(),
  reason: z.string().trim().min(1, 'Give a reason').max(300),
});

/**
 * Contract calls beside the engine's: the configured step actions (`GET|POST /api/contracts/{id}/steps`),
 * a new schedule version (`POST /api/contracts/{id}/reschedule`), and the kept prints
 * (`GET /api/contracts/{id}/prints`, `/prints/{printId}`). Privileges are judged before bodies.
 */
export function registerContractRoutes(app: FastifyInstance, engine: EngineContext) {
  const visible = async (request: { params: unknown }, id: string) => {
    const caller = callerOf(request as never);
    if (!(await getRecord(engine, engine.db, contracts, caller, id))) throw notFound(salesText('noContract'));
    return caller;
  };

  app.get('/api/contracts/:id/steps', { schema: { tags: [contracts.label], summary: 'The contract actions open from its current step', params: idParams, docs: { response: { 200: stepActionsDoc } } }, onRequest: requirePrivilege(contracts.entity, 'read') }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    await visible(request, id);
    return ok(await stepActions(engine.db, id));
  });

  app.post(
    '/api/contracts/:id/steps/:action',
    { schema: { tags: [contracts.label], summary: 'Moves the contract by a configured contract action', params: stepParams, body: stepBody, docs: { response: { 200: recordOf(engine, 'contracts') } } }, onRequest: requirePrivilege(contracts.entity, 'approve') },
    async (request) => {
      const { id, action } = request.params as z.infer<typeof stepParams>;
      const body = (request.body ?? {}) as z.infer<typeof stepBody>;
      const caller = callerOf(request);
      const record = await engineTransaction(engine, async (tx) => {
        if (!(await getRecord(engine, tx, contracts, caller, id))) throw notFound(salesText('noContract'));
        return moveStep(engine, tx, caller, id, action, body);
      });
      return ok(record);
    },
  );

  app.post(
    '/api/contracts/:id/reschedule',
    { schema: { tags: [contracts.label], summary: 'A new version of the schedule (unit, plan, price or start), payments carried over', params: idParams, body: rescheduleBody, docs: { response: { 200: rescheduleDoc } } }, onRequest: requirePrivilege(contracts.entity, 'approve') },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const body = request.body as z.infer<typeof rescheduleBody>;
      const caller = callerOf(request);
      const result = await engineTransaction(engine, async (tx) => {
        const current = await getRecord(engine, tx, contracts, caller, id);
        if (!current) throw notFound(salesText('noContract'));
        if (current.status === 'cancelled') throw unprocessable(salesText('scheduleWhileCancelled', { number: dataWord(current.number) }));
        // Another unit: its list price unless the body names the agreed net price.
        const moved = body.unit ? await changeUnit(engine, tx, caller, id, body.unit, body.reason) : null;
        return reviseSchedule(engine, tx, caller, id, {
          netPrice: body.netPrice ?? moved?.basePrice ?? String(current.netPrice),
          planId: body.paymentPlan ?? String(current.paymentPlan),
          startDate: body.startDate ?? String(current.contractDate),
          reason: body.reason,
        });
      });
      return ok(result);
    },
  );

  app.get('/api/contracts/:id/prints', { schema: { tags: [contracts.label], summary: 'The prints issued of this contract (hash, time, language)', params: idParams, docs: { response: { 200: printsDoc } } }, onRequest: requirePrivilege(contracts.entity, 'read') }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    await visible(request, id);
    return ok(await listPrints(engine.db, 'contracts', id));
  });

  app.get('/api/contracts/:id/prints/:printId', { schema: { tags: [contracts.label], summary: 'One kept print, byte for byte', params: printParams, docs: { files: ['application/pdf'] } }, onRequest: requirePrivilege(contracts.entity, 'read') }, async (request, reply) => {
    const { id, printId } = request.params as z.infer<typeof printParams>;
    await visible(request, id);
    const content = await keptPrint(engine.db, 'contracts', id, printId);
    if (!content) throw notFound(salesText('noPrint'));
    return reply.header('content-type', 'application/pdf').header('cache-control', 'no-store').send(content);
  });
}
