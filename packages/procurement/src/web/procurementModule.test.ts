import { describe, expect, it } from 'vitest';
import { SPEC_LANDING_ORDER, createChecker, guardDecision, type Privilege } from '@propdesk/privileges';
import { procurementModule } from './procurementModule.js';

/** The procurement routes of spec section 2 and the entity of their read guard. */
const SPEC_ROUTES: Record<string, string> = {
  '/procurement/purchaseRequest': 'PurchaseRequest',
  '/procurement/purchaseOrder': 'poheader',
  '/procurement/Quotations': 'quotation',
};
/** Issue 9's own screens: suppliers and the approval tiers. */
const ISSUE_ROUTES: Record<string, string> = {
  '/procurement/suppliers': 'supplier',
  '/procurement/approvalTiers': 'approvalTier',
};

const key = (path: string) => path.toLowerCase();
/** The first render imports MUI and emotion, which is slow when turbo runs every package's tests at once. */
const RENDER_TIMEOUT_MS = 60_000;
const routeByPath = new Map(procurementModule.routes.map((route) => [key(route.path), route]));
const read = (entityName: string): Privilege => ({ entityName, action: 'read' });
const visibleLabels = (privileges: readonly Privilege[]) => {
  const can = createChecker(privileges);
  return procurementModule.nav.filter((item) => !item.visible || item.visible(can)).map((item) => item.label);
};

describe('procurementModule routes', () => {
  it('has exactly the spec routes and the issue\'s own, with their guards', () => {
    expect(procurementModule.routes.map((route) => [route.path, route.guard])).toEqual(
      Object.entries({ ...SPEC_ROUTES, ...ISSUE_ROUTES }).map(([path, entity]) => [path, { entity, action: 'read' }]),
    );
  });

  it('gives every route a crumb', () => {
    for (const route of procurementModule.routes) {
      const crumb = procurementModule.crumbs[route.path];
      expect(crumb?.trail[0], route.path).toBe('Procurement');
      expect(crumb?.trail.at(-1)).toBe(crumb?.title);
    }
    expect(procurementModule.crumbs['/procurement/Quotations']).toEqual({ title: 'Quotations', trail: ['Procurement', 'Quotations'] });
  });

  it.each(procurementModule.routes.map((route) => [route.path, route] as const))(
    '%s loads a page: a records-engine screen, no longer the placeholder',
    async (_path, route) => {
      const { Component } = await route.page();
      expect(typeof Component).toBe('function');
      expect((Component as { displayName?: string }).displayName).toMatch(/^ResourceScreen\((purchase-requests|purchase-orders|quotations|suppliers|approval-tiers)\)$/);
    },
    RENDER_TIMEOUT_MS,
  );

  it('loads a different page for each route', async () => {
    const components = await Promise.all(procurementModule.routes.map(async (route) => (await route.page()).Component));
    expect(new Set(components).size).toBe(5);
  }, RENDER_TIMEOUT_MS);
});

describe('procurementModule sidebar', () => {
  it('shows Purchase Request, Purchase Order and Quotations in Procurement mode, with icons, pointing to routes', () => {
    expect(procurementModule.nav.map((item) => [item.label, item.mode, item.order, item.path])).toEqual([
      ['Purchase Request', 'procurement', 1, '/procurement/purchaseRequest'],
      ['Purchase Order', 'procurement', 2, '/procurement/purchaseOrder'],
      ['Quotations', 'procurement', 3, '/procurement/Quotations'],
      ['Suppliers', 'procurement', 4, '/procurement/suppliers'],
      ['Approval Tiers', 'procurement', 5, '/procurement/approvalTiers'],
    ]);
    for (const item of procurementModule.nav) {
      expect(item.icon).toBeDefined();
      expect(routeByPath.has(key(item.path ?? ''))).toBe(true);
    }
  });

  it('shows each entry for read on its entity only', () => {
    expect(visibleLabels([])).toEqual([]);
    expect(visibleLabels([read('PurchaseRequest')])).toEqual(['Purchase Request']);
    expect(visibleLabels([read('prheader')])).toEqual(['Purchase Request']);
    expect(visibleLabels([read('poheader')])).toEqual(['Purchase Order']);
    expect(visibleLabels([read('quotation'), { entityName: 'poheader', action: 'create' }])).toEqual(['Quotations']);
    expect(visibleLabels([read('supplier')])).toEqual(['Suppliers']);
    expect(visibleLabels([read('approvalTier')])).toEqual(['Approval Tiers']);
  });

  it('switches the sidebar to Procurement mode on /procurement', () => {
    expect(procurementModule.modePrefixes).toEqual([{ prefix: '/procurement', mode: 'procurement' }]);
  });
});

describe('procurementModule landing', () => {
  it('contributes landing entries 28 to 30', () => {
    expect(procurementModule.landing).toEqual(SPEC_LANDING_ORDER.filter((entry) => entry.order >= 28));
    expect(procurementModule.landing.map((entry) => entry.order)).toEqual([28, 29, 30]);
  });

  it.each(procurementModule.landing.map((entry) => [entry.path, entry] as const))(
    'admits a user holding read on the landing entity to %s',
    (path, entry) => {
      const guard = routeByPath.get(key(path))?.guard;
      expect(guard).toBeDefined();
      if (!guard) return;
      expect(guardDecision(createChecker([read(entry.entity)]), guard)).toEqual({ allow: true });
      expect(guardDecision(createChecker([read('lead')]), guard)).toEqual({ allow: false, redirectTo: '/not-authorized' });
      expect(guardDecision(null, guard)).toEqual({ allow: false, redirectTo: '/login' });
    },
  );
});
