import type { Database, Migration } from '@propdesk/server-kit';
import type { FastifyPluginAsync } from 'fastify';

/** What the sales server gets from the app; later issues add its routes and tables. */
export type SalesServerOptions = { db: Database };

/** The sales domain's tables, applied in order by the server on start. */
export const migrations: Migration[] = [];

/** The sales domain's routes (none yet), registered by apps/server in its own encapsulation context. */
export const salesPlugin: FastifyPluginAsync<SalesServerOptions> = async (_app, _options) => {};
