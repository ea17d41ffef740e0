import { describe, expect, it } from 'vitest';
import { composeModules } from '../compose/composeModules.js';
import { fixtureModules } from '../test/fixtures.js';
import { sidebarModeFor } from './sidebarMode.js';

const { modePrefixes } = composeModules(fixtureModules());

describe('sidebarModeFor', () => {
  it.each([
    ['/sales/leads', 'sales'],
    ['/', 'sales'],
    ['/Reservations/Create', 'sales'],
    ['/settings/leads/sources', 'settings'],
    ['/SETTINGS/general/Countries', 'settings'],
    ['/contractStatus/Action', 'settings'],
    ['/procurement/Quotations', 'procurement'],
    ['/Procurement/purchaseOrder', 'procurement'],
    // the longest prefix wins: customers live under /settings but belong to Sales
    ['/settings/leads/Customers', 'sales'],
    ['/settings/leads/customers', 'sales'],
  ] as const)('%s → %s', (path, mode) => {
    expect(sidebarModeFor(path, modePrefixes)).toBe(mode);
  });
});
