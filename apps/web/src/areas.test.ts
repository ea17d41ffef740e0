import { describe, expect, it } from 'vitest';
import { createChecker, demoPrivileges, demoRoles } from '@propdesk/privileges';
import { composeModules, reachableAreas } from '@propdesk/shell-ui';
import { ENTITIES } from './entities.js';
import { domainModules } from './modules.js';

// The demo roles over this app's composition, as apps/server composes them.
const DEMO_ROLES = demoRoles({ entities: ENTITIES.entities, landing: composeModules(domainModules).landing });

const composed = composeModules(domainModules);
const areasOf = (username: string) => reachableAreas(composed, createChecker(demoPrivileges(username, DEMO_ROLES))).map((area) => `${area.label} ${area.path}`);

/** The user menu's "Go to" over the real manifests: every area a demo user has a page in, at its first such page. */
describe('areas each demo user reaches from the menus', () => {
  it('takes the finance manager to Sales (customers), Procurement and Settings (payment types)', () => {
    expect(areasOf('finance.manager')).toEqual(['Sales /settings/leads/Customers', 'Procurement /procurement/purchaseRequest', 'Settings /settings/leads/paymentTypes']);
  });

  it('offers each user only areas with a page they may open', () => {
    // Lead statuses are a Settings page read on leads opens (before units, in the sidebar's order).
    expect(areasOf('sales.agent')).toEqual(['Sales /sales/leads', 'Settings /settings/leads/leadStatuses']);
    expect(areasOf('procurement.officer')).toEqual(['Procurement /procurement/purchaseRequest']);
    // Read on units (reference data) opens the live unit board too.
    expect(areasOf('settings.clerk')).toEqual(['Sales /sales/units/board', 'Settings /settings/leads/sources']);
    expect(areasOf('guest')).toEqual([]);
    expect(areasOf('admin')).toEqual(['Sales /sales/leads', 'Procurement /procurement/purchaseRequest', 'Settings /settings/leads/sources']);
  });
});
