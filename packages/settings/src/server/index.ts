import type { Database, Migration } from '@propdesk/server-kit';
import type { FastifyPluginAsync } from 'fastify';

/** What the settings server gets from the app; later issues add its routes and tables. */
export type SettingsServerOptions = { db: Database };

/** The settings domain's tables, applied in order by the server on start. */
export const migrations: Migration[] = [];

/** The settings domain's routes (none yet), registered by apps/server in its own encapsulation context. */
export const settingsPlugin: FastifyPluginAsync<SettingsServerOptions> = async (_app, _options) => {};
