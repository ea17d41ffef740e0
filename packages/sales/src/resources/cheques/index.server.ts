import type { FastifyInstance } from 'fastify';
import type { DomainNotify, EngineContext, ResourceHooks } from '@propdesk/records/server';
import type { Migration } from '@propdesk/server-kit';
import { chequeHooks, chequeMigrations } from './lifecycle.server.js';
import { registerChequeRoutes } from './routes.server.js';

/** The cheque register and bounces (issue 18), as the sales manifest takes them. */
export const chequeParts = {
  lateMigrations: chequeMigrations as Migration[],
  hooks: (engine: EngineContext, notify: DomainNotify): Record<string, ResourceHooks> => ({ cheques: chequeHooks(engine, notify) }),
  routes: (app: FastifyInstance, engine: EngineContext) => registerChequeRoutes(app, engine),
};

export { seedChequeDemo } from './demo.server.js';
export type { DepositBank, DepositCalendar, DepositDay } from './model.js';
