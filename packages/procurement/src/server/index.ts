import type { Database, Migration } from '@propdesk/server-kit';
import type { FastifyPluginAsync } from 'fastify';

/** What the procurement server gets from the app; later issues add its routes and tables. */
export type ProcurementServerOptions = { db: Database };

/** The procurement domain's tables, applied in order by the server on start. */
export const migrations: Migration[] = [];

/** The procurement domain's routes (none yet), registered by apps/server in its own encapsulation context. */
export const procurementPlugin: FastifyPluginAsync<ProcurementServerOptions> = async (_app, _options) => {};
