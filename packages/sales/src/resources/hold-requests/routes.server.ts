import { callerOf, engineTransaction, getRecord, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { notFound, ok, requirePrivilege } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { holdRequests } from './definition.js';
import { requestExtension } from './lifecycle.server.js';
import { recordOf } from '../../server/docs.js';
import { salesText } from '../../server/i18n/catalog.js';

const idParams = z.object({ id: z.uuid() });
const extendBody = z.object({ hours: z.number().int().min(1).max(720) });

/**
 * `POST /api/hold-requests/{id}/extend { hours }`: the holder asks for more hours; an approver
 * confirms with the `extend` action (or `declineExtension`), unless the project needs no approval.
 */
export function registerHoldRoutes(app: FastifyInstance, engine: EngineContext, notify: DomainNotify) {
  app.post(
    '/api/hold-requests/:id/extend',
    {
      schema: { tags: [holdRequests.label], summary: 'The holder asks for more hours, within the project’s extensions and total hours', params: idParams, body: extendBody, docs: { response: { 200: recordOf(engine, 'hold-requests') } } },
      onRequest: requirePrivilege(holdRequests.entity, 'create'),
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const { hours } = request.body as z.infer<typeof extendBody>;
      const caller = callerOf(request);
      const record = await engineTransaction(engine, async (tx) => {
        if (!(await getRecord(engine, tx, holdRequests, caller, id))) throw notFound(salesText('holdNotFound'));
        return requestExtension(engine, notify, tx, caller, id, hours);
      });
      if (!record) throw notFound(salesText('holdNotFound'));
      return ok(record);
    },
  );
}
