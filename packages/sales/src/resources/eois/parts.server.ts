import type { DomainNotify, EngineContext, ResourceHooks } from '@propdesk/records/server';
import type { JobDefinition, Migration } from '@propdesk/server-kit';
import { eoiSetupHooks } from '../eoi-setups/lifecycle.server.js';
import { eoiJobs } from '../eoi-setups/jobs.server.js';
import { eoiPaymentHooks } from '../eoi-payments/lifecycle.server.js';
import { bulkDealHooks } from '../bulk-deals/lifecycle.server.js';
import { eoiHooks, eoiMigrations } from './lifecycle.server.js';

/** EOI launches, EOIs, their payments and refunds, and bulk deals: what the sales manifest adds for them. */
export const eoiParts = {
  lateMigrations: eoiMigrations as readonly Migration[],
  hooks: (engine: EngineContext, notify: DomainNotify): Record<string, ResourceHooks> => ({
    'eoi-setups': eoiSetupHooks(engine),
    eois: eoiHooks(engine),
    'eoi-payments': eoiPaymentHooks(engine, notify),
    'bulk-deals': bulkDealHooks(engine, notify),
  }),
  jobs: (engine: EngineContext): JobDefinition[] => eoiJobs(engine),
};
