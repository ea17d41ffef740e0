import type { DomainContext } from '@propdesk/records/server';
import type { Database } from '@propdesk/server-kit';
import { describe, expect, it } from 'vitest';
import { LEAD_EXPIRY_JOB, SALES_MODULES, salesDomain } from './index.js';

const context = {
  engine: { db: {} as Database, registry: { resources: [], get: () => undefined, find: () => undefined, referrers: () => [] } },
  notify: async () => undefined,
  argon2: { memoryCost: 1, timeCost: 1, parallelism: 1 },
  announceAuthChange: async () => undefined,
} as unknown as DomainContext;

describe('the sales domain manifest', () => {
  it('brings its resources, their hooks, the lead row scope and the validity job', () => {
    expect(salesDomain.resources.map((def) => def.name)).toEqual(expect.arrayContaining(['leads', 'lead-activities', 'customers', 'hold-request-setups', 'lead-validity-configs']));
    expect(Object.keys(salesDomain.hooks!(context))).toEqual(expect.arrayContaining(['leads', 'lead-activities']));
    // Two folders subscribe to units (the claims' status events, the board's stream): both are kept.
    expect(salesDomain.hooks!(context).units).toHaveLength(2);
    expect(SALES_MODULES.flatMap((module) => module.resources ?? []).map((def) => def.name).sort()).toEqual(salesDomain.resources.map((def) => def.name).sort());
    expect(Object.keys(salesDomain.printers!)).toEqual(expect.arrayContaining(['contracts', 'receipts']));
    expect(typeof salesDomain.rowScope).toBe('function');
    const jobs = salesDomain.jobs!(context);
    const expiry = jobs.find((job) => job.name === LEAD_EXPIRY_JOB);
    expect(expiry?.everyMs).toBe(5 * 60_000);
    expect(salesDomain.lateMigrations!.length).toBeGreaterThan(0);
  });
});
