import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SPEC_LANDING_ORDER, createChecker, guardDecision, type Privilege } from '@propdesk/privileges';
import type { NavItem } from '@propdesk/shell-ui';
import { SETTINGS_RESOURCES } from '../model/definitions/index.js';
import { settingsModule } from './settingsModule.js';

/** The settings routes of spec section 2, with the entity of their read guard (null: "present with no guard"). */
const SPEC_ROUTES: Record<string, string | null> = {
  '/sales/users': 'user',
  '/sales/users/create': 'user',
  '/settings/leads/sources': 'source',
  '/settings/leads/sourceTypes': 'sourcetype',
  '/settings/leads/channels': 'channel',
  '/settings/leads/channelTypes': 'channeltype',
  '/settings/leads/walkinLocations': 'walkinlocation',
  '/settings/leads/leadStatuses': 'lead',
  '/settings/leads/projects': 'project',
  '/settings/leads/units': 'unit',
  '/settings/leads/unitTypes': 'unittype',
  '/settings/leads/paymentPlan': 'paymentplansetup',
  '/settings/leads/paymentPlan/create': 'user',
  '/settings/leads/unitOffer': 'Lead',
  '/settings/leads/salesTeams': 'salesteam',
  '/settings/leads/areas': 'area',
  '/settings/leads/brokers': 'broker',
  '/settings/leads/brokers/create': 'broker',
  '/settings/leads/brokers/ProjectTemplate': 'brokerprojecttemplate',
  '/settings/leads/brokers/ProjectTemplate/create': 'brokerprojecttemplate',
  '/settings/leads/brokers/ProjectTemplate/edit': 'brokerprojecttemplate',
  '/settings/leads/brokers/contracts': 'brokercontract',
  '/settings/leads/brokers/contracts/create': 'brokercontract',
  '/settings/leads/brokers/contracts/edit': 'brokercontract',
  '/settings/leads/paymentTypes': 'paymenttype',
  '/settings/leads/banks': 'bank',
  '/settings/leads/BlockTypes': 'blocktype',
  '/settings/roles': 'role',
  '/settings/CreateRole': 'role',
  '/settings/editRole': 'role',
  '/settings/general/sites': 'site',
  '/settings/general/departments': 'department',
  '/settings/general/usertypes': 'usertype',
  '/settings/general/nationalities': 'nationality',
  '/settings/general/countries': 'country',
  '/settings/general/paymentMethods': 'paymentmethod',
  '/settings/general/paymentStatuses': 'PaymentStatus',
  '/settings/leads/unitStatus': null,
  '/settings/leads/BouncedReasons': null,
  '/settings/general/locations': null,
  '/contractStatus/Action': null,
  '/contractStatus/Party': null,
  '/contractStatus/Step': null,
  '/contractStatus/Template': null,
  '/settings/general/leadActivityTypes': null,
};

/** Settings paths beyond the spec's routes: sidebar targets, and landing entry 27's spelling. */
const EXTRA_ROUTES: Record<string, string> = {
  '/settings/leads/channels/manage': 'channel',
  '/settings/leads/paymentStatuses': 'PaymentStatus',
  '/settings/leads/blocktype': 'blocktype',
};

/** Items of the Settings › Leads group whose screens are sales records, routed by @propdesk/sales. */
const SALES_OWNED_PATHS = [
  '/settings/leads/EoiPayments',
  '/settings/leads/ReservationPayments',
  '/settings/leads/ContractPayments',
  '/settings/leads/Receipt',
  '/settings/leads/ReceiptItem',
  '/receipt/createNewReceipt',
  '/settings/leads/BouncedCheques',
];

const key = (path: string) => path.toLowerCase();
/** The first render imports MUI and emotion, which is slow when turbo runs every package's tests at once. */
const RENDER_TIMEOUT_MS = 60_000;
const routeByPath = new Map(settingsModule.routes.map((route) => [key(route.path), route]));
const crumbByPath = new Map(Object.entries(settingsModule.crumbs).map(([path, crumb]) => [key(path), crumb]));
const read = (entityName: string): Privilege => ({ entityName, action: 'read' });

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** What the shell shows: an item when its rule passes, a group when it passes and a child shows. */
function visibleLabels(privileges: readonly Privilege[], mode: 'sales' | 'settings' = 'settings'): string[] {
  const can = createChecker(privileges);
  const walk = (items: readonly NavItem[]): string[] =>
    items.flatMap((item) => {
      if (item.visible && !item.visible(can)) return [];
      if (!item.children) return [item.label];
      const children = walk(item.children);
      return children.length ? [item.label, ...children] : [];
    });
  return walk(settingsModule.nav.filter((section) => section.mode === mode));
}

describe('settingsModule routes', () => {
  it.each(Object.entries(SPEC_ROUTES))('has the spec route %s with its guard', (path, entity) => {
    const route = routeByPath.get(key(path));
    expect(route, path).toBeDefined();
    expect(route?.path).toBe(path);
    if (entity === null) expect(route?.guard).toBeUndefined();
    else expect(route?.guard).toEqual({ entity, action: 'read' });
  });

  it.each(Object.entries(EXTRA_ROUTES))('routes %s with read on %s', (path, entity) => {
    expect(routeByPath.get(key(path))?.guard).toEqual({ entity, action: 'read' });
  });

  it('opens the Block Types screen at both spellings', async () => {
    const a = await routeByPath.get('/settings/leads/blocktypes')?.page();
    const b = await routeByPath.get('/settings/leads/blocktype')?.page();
    expect(a?.Component).toBeDefined();
    expect(a?.Component).toBe(b?.Component);
  }, RENDER_TIMEOUT_MS);

  it('has no route beyond the spec routes and the extra ones', () => {
    const expected = new Set([...Object.keys(SPEC_ROUTES), ...Object.keys(EXTRA_ROUTES)].map(key));
    expect(settingsModule.routes.map((route) => key(route.path)).filter((path) => !expected.has(path))).toEqual([]);
  });

  it('has no duplicate path, even ignoring case', () => {
    const paths = settingsModule.routes.map((route) => key(route.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a crumb whose trail ends with its title', () => {
    for (const route of settingsModule.routes) {
      const crumb = crumbByPath.get(key(route.path));
      expect(crumb, route.path).toBeDefined();
      expect(['Sales', 'Settings']).toContain(crumb?.trail[0]);
      expect(crumb?.trail.at(-1)).toBe(crumb?.title);
      expect(crumb?.trail.length).toBeLessThanOrEqual(3);
    }
    expect(settingsModule.crumbs['/settings/leads/sources']).toEqual({ title: 'Sources', trail: ['Settings', 'Leads', 'Sources'] });
    expect(settingsModule.crumbs['/sales/users']).toEqual({ title: 'Users', trail: ['Sales', 'Users'] });
  });
});

describe('settingsModule pages', () => {
  const resources = new Set(SETTINGS_RESOURCES.map((def) => def.name));
  it.each(settingsModule.routes.map((route) => [route.path, route] as const))(
    '%s loads its records-engine screen, or a page that renders its breadcrumb title as not available yet',
    async (path, route) => {
      const { Component } = await route.page();
      expect(typeof Component).toBe('function');
      // Screens generated by the records engine name their resource; it must be one this domain defines.
      const built = /^ResourceScreen\(([a-z-]+)/.exec((Component as { displayName?: string }).displayName ?? '');
      if (built) {
        expect(resources.has(built[1]!), `${path} → ${built[1]}`).toBe(true);
        return;
      }
      const html = renderToStaticMarkup(createElement(Component));
      expect(html).toContain(`>${crumbByPath.get(key(path))?.title ?? 'missing'}</`);
      expect(html).toMatch(/not available yet/i);
    },
    RENDER_TIMEOUT_MS,
  );
});

describe('settingsModule sidebar', () => {
  const items = flatten(settingsModule.nav);

  it('points every item to a route of the module, or to a named sales screen', () => {
    const known = new Set([...routeByPath.keys(), ...SALES_OWNED_PATHS.map(key)]);
    expect(items.filter((item) => item.path && !known.has(key(item.path))).map((item) => item.path)).toEqual([]);
  });

  it('places Leads, General and Roles in Settings mode and Users in Sales mode, each with an icon', () => {
    expect(settingsModule.nav.map((section) => [section.label, section.mode, section.order])).toEqual([
      ['Leads', 'settings', 1],
      ['General', 'settings', 2],
      ['Roles', 'settings', 3],
      ['Users', 'sales', 6],
    ]);
    for (const section of settingsModule.nav) expect(section.icon, section.label).toBeDefined();
  });

  it('shows the Leads group for read on unit only, with Units and the unguarded payment screens', () => {
    const labels = visibleLabels([read('unit')]);
    expect(labels).toEqual(expect.arrayContaining(['Leads', 'Units', 'Unit Status', 'EOI Payments', 'Receipts', 'Bounced Reasons']));
    expect(labels).not.toContain('Sources');
    expect(labels).not.toContain('Bounced Cheques');
    expect(labels).not.toContain('General');
    expect(labels).not.toContain('Roles');
  });

  it('hides the Leads group without any of its entities, even with read on lead or bouncedCheques', () => {
    expect(visibleLabels([read('lead'), read('bouncedCheques'), read('channel')])).not.toContain('Leads');
  });

  it('shows each Leads item for read on its own entity', () => {
    const labels = visibleLabels([read('source'), read('PaymentStatus'), read('bouncedCheques')]);
    expect(labels).toEqual(expect.arrayContaining(['Leads', 'Sources', 'Payment Statuses', 'Bounced Cheques']));
    expect(labels).not.toContain('Units');
  });

  it('shows the General group for read on country only, with Countries, the unguarded items and Contract Management', () => {
    const labels = visibleLabels([read('country')]);
    expect(labels).toEqual([
      'General', 'Countries', 'Locations', 'Lead Activity Types',
      'Contract Management', 'Actions', 'Parties', 'Steps', 'Templates',
    ]);
  });

  it('hides the General group for read on PaymentStatus alone (not one of its entities)', () => {
    expect(visibleLabels([read('PaymentStatus')])).not.toContain('General');
  });

  it('shows the Roles group and the Users section for read on user', () => {
    expect(visibleLabels([read('user')])).toEqual(['Roles', 'View All Roles', 'Create Role', 'Edit Role']);
    expect(visibleLabels([read('user')], 'sales')).toEqual(['Users', 'All Users', 'Create User']);
    expect(visibleLabels([read('role')])).toEqual([]);
    expect(visibleLabels([read('role')], 'sales')).toEqual([]);
  });
});

describe('settingsModule landing', () => {
  it('contributes the spec landing entries whose page it owns', () => {
    const orders = [2, ...Array.from({ length: 21 }, (_, i) => i + 3), 25, 26, 27];
    expect(settingsModule.landing).toEqual(SPEC_LANDING_ORDER.filter((entry) => orders.includes(entry.order)));
    expect(settingsModule.landing).toHaveLength(25);
  });

  it.each(settingsModule.landing.map((entry) => [entry.order, entry] as const))(
    'admits a user holding read on the landing entity of entry %i',
    (_order, entry) => {
      const route = routeByPath.get(key(entry.path));
      expect(route?.guard, entry.path).toBeDefined();
      if (!route?.guard) return;
      expect(guardDecision(createChecker([read(entry.entity)]), route.guard)).toEqual({ allow: true });
      expect(guardDecision(createChecker([read('quotation')]), route.guard).allow).toBe(false);
    },
  );
});

describe('settingsModule sidebar mode prefixes', () => {
  it('switches to Settings mode on /settings and /contractStatus', () => {
    expect(settingsModule.modePrefixes).toEqual([
      { prefix: '/settings', mode: 'settings' },
      { prefix: '/contractStatus', mode: 'settings' },
    ]);
  });
});
