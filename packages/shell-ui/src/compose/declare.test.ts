import { describe, expect, it, vi } from 'vitest';
import { createChecker } from '@propdesk/privileges';
import { customScreen, domainModule, isPlaceholder, navLink, placeholderScreen } from './declare.js';
import { readOn } from './screens.js';

const Board = () => null;

describe('domainModule', () => {
  const load = vi.fn(() => Promise.resolve(Board));
  const module = domainModule({
    id: 'demo',
    modePrefixes: [{ prefix: '/sales', mode: 'sales' }],
    sections: [
      {
        id: 'leads',
        label: 'Leads',
        mode: 'sales',
        order: 1,
        trail: ['Sales', 'Leads'],
        items: [
          customScreen('/sales/leads', 'Leads', load, { guard: readOn('lead'), navLabel: 'All Leads', aliases: ['/sales/leadlist'], resource: 'leads', landing: 1 }),
          placeholderScreen('/sales/eoi/list', 'EOI List', 'Expressions of interest.', { visible: (can) => can.can('eoi', 'read') }),
          navLink('EOI Payments', '/settings/leads/EoiPayments'),
          { id: 'leads.more', label: 'More', trail: ['Sales', 'More'], items: [placeholderScreen('/sales/more', 'Other', 'Other things.')] },
        ],
        pages: [placeholderScreen('/sales/leads/view', 'View Lead', 'One lead.', { guard: readOn('lead') })],
      },
      { id: 'tiers', mode: 'procurement', order: 2, trail: ['Procurement'], screen: placeholderScreen('/procurement/tiers', 'Approval Tiers', 'Tiers.', { guard: readOn('approvalTier'), aliases: ['/procurement/Tiers'], landing: { order: 28, path: '/procurement/Tiers' } }) },
      { trail: ['Settings', 'Leads'], pages: [placeholderScreen('/settings/leads/EoiPayments', 'EOI Payments', 'Payments.')] },
    ],
  });

  it('routes every screen and alias once, with its guard, kind and resource', () => {
    expect(module.routes.map(({ path, guard, kind, resource }) => ({ path, guard, kind, resource }))).toEqual([
      { path: '/sales/leads', guard: { entity: 'lead', action: 'read' }, kind: 'custom', resource: 'leads' },
      { path: '/sales/leadlist', guard: { entity: 'lead', action: 'read' }, kind: 'custom', resource: 'leads' },
      { path: '/sales/eoi/list', guard: undefined, kind: 'placeholder', resource: undefined },
      { path: '/sales/more', guard: undefined, kind: 'placeholder', resource: undefined },
      { path: '/sales/leads/view', guard: { entity: 'lead', action: 'read' }, kind: 'placeholder', resource: undefined },
      { path: '/procurement/tiers', guard: { entity: 'approvalTier', action: 'read' }, kind: 'placeholder', resource: undefined },
      { path: '/procurement/Tiers', guard: { entity: 'approvalTier', action: 'read' }, kind: 'placeholder', resource: undefined },
      { path: '/settings/leads/EoiPayments', guard: undefined, kind: 'placeholder', resource: undefined },
    ]);
  });

  it('gives each screen the crumb of its group trail, the trail alone for the group’s own page', () => {
    expect(module.crumbs['/sales/leads']).toEqual({ title: 'Leads', trail: ['Sales', 'Leads'] });
    expect(module.crumbs['/sales/leadlist']).toEqual({ title: 'Leads', trail: ['Sales', 'Leads'] });
    expect(module.crumbs['/sales/leads/view']).toEqual({ title: 'View Lead', trail: ['Sales', 'Leads', 'View Lead'] });
    expect(module.crumbs['/sales/more']).toEqual({ title: 'Other', trail: ['Sales', 'More', 'Other'] });
    expect(module.crumbs['/settings/leads/EoiPayments']).toEqual({ title: 'EOI Payments', trail: ['Settings', 'Leads', 'EOI Payments'] });
  });

  it('lists the group items in the sidebar, visible by their guard unless told otherwise', () => {
    const [leads, tiers] = module.nav;
    expect(leads?.children?.map((item) => [item.label, item.path])).toEqual([
      ['All Leads', '/sales/leads'],
      ['EOI List', '/sales/eoi/list'],
      ['EOI Payments', '/settings/leads/EoiPayments'],
      ['More', undefined],
    ]);
    const [list, eoi, link] = leads?.children ?? [];
    expect(list?.visible?.(createChecker([{ entityName: 'lead', action: 'read' }]))).toBe(true);
    expect(list?.visible?.(createChecker([]))).toBe(false);
    expect(eoi?.visible?.(createChecker([{ entityName: 'eoi', action: 'read' }]))).toBe(true);
    expect(link?.visible).toBeUndefined();
    expect(tiers).toMatchObject({ id: 'tiers', label: 'Approval Tiers', path: '/procurement/tiers', mode: 'procurement', order: 2 });
  });

  it('loads a page once and gives every spelling the same component', async () => {
    const a = await module.routes[0]!.page();
    const b = await module.routes[1]!.page();
    expect(a.Component).toBe(Board);
    expect(b.Component).toBe(Board);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('knows its placeholders by what they are', async () => {
    const { Component } = await module.routes[2]!.page();
    expect(isPlaceholder(Component)).toBe(true);
    expect(isPlaceholder(Board)).toBe(false);
  });

  it('contributes the landing entries its screens declare, in order: read on the guard’s entity, at the path as spelled', () => {
    expect(module.landing).toEqual([
      { order: 1, path: '/sales/leads', entity: 'lead' },
      { order: 28, path: '/procurement/Tiers', entity: 'approvalTier' },
    ]);
  });

  it('refuses a landing page that is none of the screen’s paths, or has no guard', () => {
    const declare = (landing: Parameters<typeof placeholderScreen>[3]) => () =>
      domainModule({ id: 'x', modePrefixes: [], sections: [{ trail: ['X'], pages: [placeholderScreen('/x', 'X', 'X.', landing)] }] });
    expect(declare({ guard: readOn('lead'), landing: { order: 3, path: '/y' } })).toThrow('Screen /x: its landing page /y is none of its paths');
    expect(declare({ landing: 3 })).toThrow('Screen /x: a landing page needs a guard (read on its entity)');
  });
});
