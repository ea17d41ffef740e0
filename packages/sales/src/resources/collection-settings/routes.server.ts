import { callerOf, engineTransaction, type EngineContext } from '@propdesk/records/server';
import { ok, requirePrivilege } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { projectCollections } from './facts.server.js';
import { setBounceCharge } from './settings.server.js';
import { bounceChargeDoc } from './docs.server.js';

const projectParams = z.strictObject({ project: z.uuid() });
const chargeBody = z.strictObject({ amount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'An amount like 500.00').nullable() });

/**
 * The per-project bounce charge at its first address (`GET|PUT /api/cheques/bounce-charges/{project}`,
 * read and approve on cheque as before), now the project's collection settings in the engine: a PUT
 * is an engine write of that row (made with the defaults when the project has none), with its history.
 */
export function registerCollectionSettingRoutes(app: FastifyInstance, engine: EngineContext) {
  app.get('/api/cheques/bounce-charges/:project', { schema: { tags: ['Cheques'], summary: 'A project’s bounce charge (its collection settings)', params: projectParams, docs: { response: { 200: bounceChargeDoc } } }, onRequest: requirePrivilege('cheque', 'read') }, async (request) => {
    const { project } = request.params as z.infer<typeof projectParams>;
    const settings = await projectCollections(engine.db, project);
    return ok({ project, amount: settings?.bounceCharge ?? null });
  });

  app.put('/api/cheques/bounce-charges/:project', { schema: { tags: ['Cheques'], summary: 'Sets (or clears, with null) a project’s bounce charge in its collection settings', params: projectParams, body: chargeBody, docs: { response: { 200: bounceChargeDoc } } }, onRequest: requirePrivilege('cheque', 'approve') }, async (request) => {
    const { project } = request.params as z.infer<typeof projectParams>;
    const { amount } = request.body as z.infer<typeof chargeBody>;
    const charge = amount === null || Number(amount) === 0 ? null : amount;
    const stored = await engineTransaction(engine, (tx) => setBounceCharge(engine, tx, callerOf(request), project, charge));
    return ok({ project, amount: stored });
  });
}
