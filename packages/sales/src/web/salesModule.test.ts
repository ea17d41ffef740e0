import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SPEC_LANDING_ORDER, createChecker, guardDecision, type Privilege } from '@propdesk/privileges';
import type { NavItem } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../model/definitions.js';
import { salesModule } from './salesModule.js';

/** The sales routes of spec section 2, with the entity of their read guard (null: "present with no guard"). */
const SPEC_ROUTES: Record<string, string | null> = {
  '/sales/leads': 'lead',
  '/sales/leads/addlead': 'lead',
  '/sales/leads/create-lead-validity-config': 'LeadValidityConfig',
  '/sales/leads/addActivity': 'lead',
  '/settings/leads/EoiPayments': null,
  '/settings/leads/EoiPayments/create': null,
  '/settings/leads/EoiPayments/edit': null,
  '/settings/leads/EoiPayments/view': null,
  '/settings/leads/ReservationPayments': null,
  '/settings/leads/ReservationPayments/create': null,
  '/settings/leads/ReservationPayments/edit': null,
  '/settings/leads/ReservationPayments/view': null,
  '/settings/leads/Receipt': null,
  '/settings/leads/Receipt/view': null,
  '/settings/leads/ReceiptItem': null,
  '/settings/leads/ReceiptItem/create': null,
  '/settings/leads/ReceiptItem/view': null,
  '/settings/leads/ReceiptItem/edit': null,
  '/settings/leads/BouncedCheques': 'bouncedCheques',
  '/settings/leads/BouncedCheques/view': 'bouncedCheques',
  '/receipt/createNewReceipt': null,
  '/reservations/view': null,
  '/sales/eoi/create': null,
  '/sales/eoi/list': null,
  '/sales/eoi/list/view': null,
  '/sales/eoi/bulkdeals': null,
  '/sales/eoi/setup': null,
  '/sales/eoi/setup/view': null,
  '/sales/eoi/setup/create': null,
  '/sales/eoi/setup/create/amount': null,
  '/settings/leads/CreateCustomer': null,
  '/settings/leads/Customers': null,
  '/sales/leads/addcustomer': null,
  '/Reservations': null,
  '/Reservations/Create': null,
  '/Reservations/Modify': null,
  '/sales/contracts': null,
  '/sales/contracts/create': null,
  '/sales/contracts/edit': null,
  '/sales/contracts/view': null,
  '/settings/leads/ContractPayments': null,
  '/settings/leads/ContractPayments/view': null,
  '/settings/leads/ContractPayments/edit': null,
  '/settings/leads/holdRequests': null,
  '/settings/leads/holdRequests/create': null,
  '/settings/leads/holdRequests/view': null,
  '/settings/leads/holdRequestSetUp': null,
};

/** The spec's "sidebar targets without a shown route" that are sales screens, and the guard chosen. */
const SIDEBAR_TARGETS: Record<string, { entity: string; action: string } | null> = {
  '/sales/leads/addLeadFSales': { entity: 'lead', action: 'create' },
  '/sales/eoi/view': null,
  '/Reservations/view': null,
  '/Reservations/payments': null,
  '/Reservations/payments/create': null,
  '/Reservations/payments/view': null,
  '/sales/contracts/payments': null,
  '/sales/contracts/payments/create': null,
  '/sales/contracts/payments/edit': null,
  '/sales/contracts/payments/view': null,
  '/settings/leads/ReservationPayments': null,
};

const key = (path: string) => path.toLowerCase();
/** The first render imports MUI and emotion, which is slow when turbo runs every package's tests at once. */
const RENDER_TIMEOUT_MS = 60_000;
const routeByPath = new Map(salesModule.routes.map((route) => [key(route.path), route]));
const crumbByPath = new Map(Object.entries(salesModule.crumbs).map(([path, crumb]) => [key(path), crumb]));
const read = (entityName: string): Privilege => ({ entityName, action: 'read' });

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** What the shell shows: an item when its rule passes, a group when it passes and a child shows. */
function visibleLabels(privileges: readonly Privilege[]): string[] {
  const can = createChecker(privileges);
  const walk = (items: readonly NavItem[]): string[] =>
    items.flatMap((item) => {
      if (item.visible && !item.visible(can)) return [];
      if (!item.children) return [item.label];
      const children = walk(item.children);
      return children.length ? [item.label, ...children] : [];
    });
  return walk(salesModule.nav);
}

describe('salesModule routes', () => {
  it.each(Object.entries(SPEC_ROUTES))('has the spec route %s with its guard', (path, entity) => {
    const route = routeByPath.get(key(path));
    expect(route, path).toBeDefined();
    expect(route?.path).toBe(path);
    if (entity === null) expect(route?.guard).toBeUndefined();
    else expect(route?.guard).toEqual({ entity, action: 'read' });
  });

  it.each(Object.entries(SIDEBAR_TARGETS))('routes the sidebar target %s', (path, guard) => {
    const route = routeByPath.get(key(path));
    expect(route, path).toBeDefined();
    expect(route?.guard ?? null).toEqual(guard);
  });

  it('has no route beyond the spec routes and sidebar targets', () => {
    const expected = new Set([...Object.keys(SPEC_ROUTES), ...Object.keys(SIDEBAR_TARGETS)].map(key));
    expect(salesModule.routes.map((route) => key(route.path)).filter((path) => !expected.has(path))).toEqual([]);
  });

  it('has no duplicate path, even ignoring case', () => {
    const paths = salesModule.routes.map((route) => key(route.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a crumb whose trail starts with its section and ends with its title', () => {
    for (const route of salesModule.routes) {
      const crumb = crumbByPath.get(key(route.path));
      expect(crumb, route.path).toBeDefined();
      expect(['Sales', 'Settings']).toContain(crumb?.trail[0]);
      expect(crumb?.trail.at(-1)).toBe(crumb?.title);
      expect(crumb?.trail.length).toBeLessThanOrEqual(3);
    }
  });

  it('states the crumbs the brief names', () => {
    expect(salesModule.crumbs['/sales/leads']).toEqual({ title: 'Leads', trail: ['Sales', 'Leads'] });
    expect(salesModule.crumbs['/sales/leads/addlead']).toEqual({ title: 'Add New Lead', trail: ['Sales', 'Leads', 'Add New Lead'] });
    expect(salesModule.crumbs['/settings/leads/Customers']).toEqual({ title: 'Customers', trail: ['Sales', 'Customers'] });
  });
});

describe('salesModule pages', () => {
  const resources = new Set(SALES_RESOURCES.map((def) => def.name));
  it.each(salesModule.routes.map((route) => [route.path, route] as const))(
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

describe('salesModule sidebar', () => {
  const items = flatten(salesModule.nav);

  it('points every item to a route of the module', () => {
    const missing = items.filter((item) => item.path && !routeByPath.has(key(item.path))).map((item) => item.path);
    expect(missing).toEqual([]);
  });

  it('places Leads, EOI, Customer, Reservations, Contracts and Hold Requests in Sales mode, each with an icon', () => {
    expect(salesModule.nav.map((section) => [section.label, section.mode, section.order])).toEqual([
      ['Leads', 'sales', 1],
      ['EOI', 'sales', 2],
      ['Customer', 'sales', 3],
      ['Reservations', 'sales', 4],
      ['Contracts', 'sales', 5],
      ['Hold Requests', 'sales', 7],
    ]);
    for (const section of salesModule.nav) expect(section.icon, section.label).toBeDefined();
  });

  it('shows the EOI group for read on eoiSetup alone, with only EOI Setup in it', () => {
    const labels = visibleLabels([read('eoiSetup')]);
    expect(labels).toContain('EOI');
    expect(labels).toContain('EOI Setup');
    expect(labels).not.toContain('EOI List');
    expect(labels).not.toContain('Create EOI Setup');
  });

  it('shows the EOI group for create on eoi or read on bulkDeal', () => {
    expect(visibleLabels([{ entityName: 'eoi', action: 'create' }])).toEqual(expect.arrayContaining(['EOI', 'Create EOI']));
    expect(visibleLabels([read('bulkDeal')])).toEqual(expect.arrayContaining(['EOI', 'Bulk Deals']));
  });

  it('hides the EOI group without eoi, eoiSetup or bulkDeal privileges, even with read on eoiPayment', () => {
    expect(visibleLabels([read('lead'), read('eoiPayment')])).not.toContain('EOI');
    expect(visibleLabels([])).not.toContain('EOI');
  });

  it('shows lead items by read, create and update on lead', () => {
    expect(visibleLabels([read('lead')])).toEqual(expect.arrayContaining(['Leads', 'All Leads', 'Lead Validity Config']));
    expect(visibleLabels([read('lead')])).not.toContain('Add New Lead');
    expect(visibleLabels([{ entityName: 'lead', action: 'create' }])).toEqual(
      expect.arrayContaining(['Add New Lead', 'Add Lead (Sales Form)']),
    );
    expect(visibleLabels([{ entityName: 'lead', action: 'create' }])).not.toContain('All Leads');
    expect(visibleLabels([{ entityName: 'LEAD', action: 'update' }]).slice(0, 2)).toEqual(['Leads', 'Add Lead Activity']);
    expect(visibleLabels([])).not.toContain('Leads');
  });

  it('shows customer, reservation, contract and hold-request items with no privilege', () => {
    expect(visibleLabels([])).toEqual([
      'Customer', 'Customers', 'Create Customer',
      'Reservations', 'All Reservations', 'Create Reservation', 'Modify Reservation', 'Reservation Payments',
      'Contracts', 'All Contracts', 'Create Contract', 'Contract Payments',
      'Hold Requests', 'Hold Requests', 'Create Hold Request', 'Hold Request Setup',
    ]);
  });
});

describe('salesModule sidebar mode prefixes', () => {
  /** The shell's rule (manifest.ts): the longest matching prefix wins; assumes only this module's prefixes plus settings' '/settings'. */
  const modeOf = (path: string) => {
    const prefixes = [...salesModule.modePrefixes, { prefix: '/settings', mode: 'settings' as const }];
    const match = prefixes
      .filter(({ prefix }) => key(path).startsWith(key(prefix)))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
    return match?.mode ?? 'sales';
  };

  it('keeps customers and hold requests in Sales mode although their paths start with /settings', () => {
    for (const path of ['/settings/leads/Customers', '/settings/leads/CreateCustomer', '/settings/leads/holdRequests/create', '/settings/leads/holdRequestSetUp']) {
      expect(modeOf(path), path).toBe('sales');
    }
  });

  it('puts receipt paths in Settings mode and sales paths in Sales mode', () => {
    expect(modeOf('/receipt/createNewReceipt')).toBe('settings');
    expect(modeOf('/settings/leads/EoiPayments')).toBe('settings');
    expect(modeOf('/Reservations/Create')).toBe('sales');
    expect(modeOf('/sales/eoi/list')).toBe('sales');
  });
});

describe('salesModule landing', () => {
  it('contributes the spec landing entries whose page it owns', () => {
    expect(salesModule.landing).toEqual(SPEC_LANDING_ORDER.filter((entry) => [1, 24].includes(entry.order)));
  });

  it.each(salesModule.landing.map((entry) => [entry.path, entry] as const))(
    'admits a user holding read on the landing entity to %s',
    (path, entry) => {
      const route = routeByPath.get(key(path));
      expect(route).toBeDefined();
      // Entry 24 (EOI payments) is a route the spec shows with no guard: it admits everyone.
      if (!route?.guard) {
        expect(entry.order).toBe(24);
        return;
      }
      expect(guardDecision(createChecker([read(entry.entity)]), route.guard)).toEqual({ allow: true });
      expect(guardDecision(createChecker([]), route.guard).allow).toBe(false);
    },
  );
});
