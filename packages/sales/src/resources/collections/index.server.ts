import type { FastifyInstance } from 'fastify';
import type { EngineContext } from '@propdesk/records/server';
import type { Migration } from '@propdesk/server-kit';
import { collectionMigrations } from './dashboard.server.js';
import { registerCollectionRoutes } from './routes.server.js';

/** The collections dashboard and customers' statements of account (issue 18), as the sales manifest takes them. */
export const collectionParts = {
  lateMigrations: collectionMigrations as Migration[],
  routes: (app: FastifyInstance, engine: EngineContext) => registerCollectionRoutes(app, engine),
};

export { readCollections } from './dashboard.server.js';
export { readStatement, printStatement } from './statement.server.js';
export type { CollectionsDashboard, CustomerStatement, StatementLine } from './model.js';
