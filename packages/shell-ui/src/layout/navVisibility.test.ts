import { describe, expect, it } from 'vitest';
import { createChecker, demoPrivileges } from '@propdesk/privileges';
import { SPEC_DEMO_ROLES } from '@propdesk/privileges/testing';
import { composeModules } from '../compose/composeModules.js';
import type { NavItem } from '../manifest.js';
import { fixtureModules } from '../test/fixtures.js';
import { isActiveItem, visibleNav } from './navVisibility.js';

const { nav } = composeModules(fixtureModules());
const ids = (items: readonly NavItem[]): string[] => items.flatMap((item) => [item.id, ...ids(item.children ?? [])]);

describe('visibleNav', () => {
  it('shows the sales agent leads (read, create, update) and the EOI group, but not Users', () => {
    const shown = ids(visibleNav(nav.sales, createChecker(demoPrivileges('sales.agent', SPEC_DEMO_ROLES))));
    expect(shown).toEqual(['leads', 'lead-list', 'add-lead', 'add-activity', 'eoi', 'eoi-list', 'eoi-create', 'customers', 'reservations']);
  });

  it('hides a group without a rule when no child shows, and a ruled group when its rule fails', () => {
    const shown = ids(visibleNav(nav.sales, createChecker(demoPrivileges('user.admin', SPEC_DEMO_ROLES))));
    expect(shown).toEqual(['customers', 'reservations', 'users']);
  });

  it('shows items that need no privilege to a user with none', () => {
    expect(ids(visibleNav(nav.sales, createChecker([])))).toEqual(['customers', 'reservations']);
  });

  it('keeps a group shown by its own rule and filters its children one by one', () => {
    const can = createChecker([{ entityName: 'eoi', action: 'create' }]);
    expect(ids(visibleNav(nav.sales, can))).toContain('eoi-create');
    expect(ids(visibleNav(nav.sales, can))).not.toContain('eoi-list');
    const onlySource = createChecker([{ entityName: 'source', action: 'read' }]);
    expect(ids(visibleNav(nav.settings, onlySource))).toEqual(['settings-leads', 'sources']);
  });

  it('drops a ruled group whose children are all hidden', () => {
    // read on nationality opens the Leads group's rule, but neither fixture child is visible
    const can = createChecker([{ entityName: 'nationality', action: 'read' }]);
    expect(ids(visibleNav(nav.settings, can))).toEqual([]);
  });

  it('knows the active item and its groups, case-insensitively', () => {
    const leads = nav.sales.find((section) => section.id === 'leads');
    expect(leads && isActiveItem(leads, '/Sales/Leads/')).toBe(true);
    expect(leads && isActiveItem(leads, '/sales/users')).toBe(false);
  });
});
