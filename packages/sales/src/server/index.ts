import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import type { DomainServer, EngineContext } from '@propdesk/records/server';
import { SALES_RESOURCES } from '../model/index.js';
import { runLeadExpiry } from './expiry.js';
import { dataMigrations, migrations } from './migrations.js';
import { activityHooks, leadHooks } from './hooks.js';
import { registerLeadRoutes } from './routes.js';
import { salesRowScope } from './scope.js';
import type { Notify } from './service.js';
import { holdRequestHooks } from '../resources/hold-requests/lifecycle.server.js';
import { holdJobs } from '../resources/hold-requests/jobs.server.js';
import { registerHoldRoutes } from '../resources/hold-requests/routes.server.js';
import { unitClaimMigrations, unitStatusHooks } from '../resources/unit-claims/claims.server.js';
import { registerUnitRoutes } from '../resources/unit-claims/routes.server.js';

// Units' one live claim, their status events, and hold requests (issue 17).
export { HOLD_EXPIRY_JOB, runHoldExpiry, type HoldExpiryResult } from '../resources/hold-requests/jobs.server.js';
export { convertHold, setupFor as holdSetupFor } from '../resources/hold-requests/lifecycle.server.js';
export { claimUnit, releaseClaim, transferClaim, extendClaim, liveClaim, lockUnit, claimedMessage, unitClaimMigrations } from '../resources/unit-claims/claims.server.js';
export type { ClaimKind, ClaimDocument, ClaimInput } from '../resources/unit-claims/claims.server.js';

/** The lead validity job's name in `scheduled_jobs`. */
export const LEAD_EXPIRY_JOB = 'sales.lead-expiry';

export { dataMigrations, migrations } from './migrations.js';
export { leadScope, readsAllLeads, salesRowScope } from './scope.js';
export { runLeadExpiry } from './expiry.js';
export type { ExpiryResult } from './expiry.js';
export type { Notify } from './service.js';
export { salesDemoLeads, salesDemoSetups } from './demo.js';

/** The hooks the engine runs for the sales resources. */
export function salesHooks(engine: EngineContext, notify?: Notify) {
  return { leads: leadHooks(engine, notify), 'lead-activities': activityHooks(engine) };
}

/**
 * The sales domain's timed work, for the app's one job runner (server-kit's `createJobRunner`): the
 * validity job every 5 minutes (`expiryEveryMs`). The runner only schedules it; `runLeadExpiry` still
 * takes its leads with `FOR UPDATE SKIP LOCKED`, so a run by hand (`/api/leads/expiry/run`) at the
 * same time does not double a reminder or an expiry.
 */
export function salesJobs(engine: EngineContext, notify?: Notify, expiryEveryMs?: number): JobDefinition[] {
  return [
    defineJob({
      name: LEAD_EXPIRY_JOB,
      everyMs: expiryEveryMs ?? 5 * 60_000,
      run: () => runLeadExpiry(engine, notify),
    }),
  ];
}

/**
 * The sales domain on the server: leads, their activities and customers (row scope, hooks, the
 * calls beside the engine's) and its timed work; the hold and validity setups are reference data.
 */
export const salesDomain: DomainServer = {
  id: 'sales',
  resources: SALES_RESOURCES,
  migrations,
  lateMigrations: [...dataMigrations, ...unitClaimMigrations],
  rowScope: salesRowScope,
  hooks: ({ engine, notify }) => ({ ...salesHooks(engine, notify), units: unitStatusHooks, 'hold-requests': holdRequestHooks(engine, notify) }),
  routes: (app, { engine, notify }) => {
    registerLeadRoutes(app, engine, notify);
    registerUnitRoutes(app, engine);
    registerHoldRoutes(app, engine, notify);
  },
  jobs: ({ engine, notify }) => [...salesJobs(engine, notify), ...holdJobs(engine, notify)],
};
