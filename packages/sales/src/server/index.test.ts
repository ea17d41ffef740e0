import type { DomainContext } from '@propdesk/records/server';
import type { Database } from '@propdesk/server-kit';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SALES_FOLDERS } from '../resources/manifest.js';
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
    // One module per manifest line, in its order; every folder with a module.server.ts has it loaded.
    expect(SALES_MODULES.map((module) => module.id)).toEqual(Object.keys(SALES_FOLDERS));
    const withFile = Object.keys(SALES_FOLDERS).filter((folder) => existsSync(new URL(`../resources/${folder}/module.server.ts`, import.meta.url)));
    expect(withFile.length).toBeGreaterThan(10);
    for (const module of SALES_MODULES) {
      const loaded = Boolean(module.hooks ?? module.routes ?? module.jobs ?? module.lateMigrations ?? module.printers ?? module.rollups);
      expect(loaded, module.id).toBe(withFile.includes(module.id));
    }
    expect(SALES_MODULES.find((module) => module.id === 'receipt-items')?.resources?.map((def) => def.name)).toEqual(['receipt-items']);
    // The claims' folder subscribes to units (their status events); the board hears of them from the database's trigger.
    expect(salesDomain.hooks!(context).units).toHaveLength(1);
    expect(SALES_MODULES.flatMap((module) => module.resources ?? []).map((def) => def.name).sort()).toEqual(salesDomain.resources.map((def) => def.name).sort());
    expect(Object.keys(salesDomain.printers!)).toEqual(expect.arrayContaining(['contracts', 'receipts']));
    expect(typeof salesDomain.rowScope).toBe('function');
    const jobs = salesDomain.jobs!(context);
    const expiry = jobs.find((job) => job.name === LEAD_EXPIRY_JOB);
    expect(expiry?.everyMs).toBe(5 * 60_000);
    expect(salesDomain.lateMigrations!.length).toBeGreaterThan(0);
  });
});
