import { describe, expect, it } from 'vitest';
import type { DomainModule } from '../manifest.js';
import { composeModules, normalizePath } from './composeModules.js';

const page = () => Promise.resolve({ Component: () => null });
const module = (id: string, overrides: Partial<DomainModule> = {}): DomainModule => ({
  id,
  modePrefixes: [],
  routes: [],
  nav: [],
  crumbs: {},
  landing: [],
  ...overrides,
});

describe('composeModules', () => {
  it('merges routes, crumbs, nav by mode (sorted by order), landing (sorted) and prefixes (longest first)', () => {
    const composed = composeModules([
      module('a', {
        routes: [{ path: '/sales/leads', page }],
        nav: [
          { id: 'users', label: 'Users', mode: 'sales', order: 6 },
          { id: 'pr', label: 'PR', mode: 'procurement', order: 1 },
        ],
        crumbs: { '/Sales/Leads/': { title: 'Leads', trail: ['Sales', 'Leads'] } },
        landing: [{ order: 2, path: '/sales/users', entity: 'user' }],
        modePrefixes: [{ prefix: '/settings', mode: 'settings' }],
      }),
      module('b', {
        routes: [{ path: '/settings/leads/sources', page, guard: { entity: 'source' } }],
        nav: [{ id: 'leads', label: 'Leads', mode: 'sales', order: 1 }],
        landing: [{ order: 1, path: '/sales/leads', entity: 'lead' }],
        modePrefixes: [{ prefix: '/settings/leads/Customers', mode: 'sales' }],
      }),
    ]);
    expect(composed.routes.map((route) => route.path)).toEqual(['/sales/leads', '/settings/leads/sources']);
    expect(composed.nav.sales.map((section) => section.id)).toEqual(['leads', 'users']);
    expect(composed.nav.procurement.map((section) => section.id)).toEqual(['pr']);
    expect(composed.nav.settings).toEqual([]);
    expect(composed.crumbs.get('/sales/leads')).toEqual({ title: 'Leads', trail: ['Sales', 'Leads'] });
    expect(composed.landing.map((entry) => entry.order)).toEqual([1, 2]);
    expect(composed.modePrefixes.map((entry) => entry.prefix)).toEqual(['/settings/leads/customers', '/settings']);
  });

  it('throws on a path declared twice, whatever its case', () => {
    expect(() =>
      composeModules([module('a', { routes: [{ path: '/settings/general/Countries', page }] }), module('b', { routes: [{ path: '/settings/general/countries', page }] })]),
    ).toThrow('Duplicate route path /settings/general/countries (in a and b)');
    expect(() => composeModules([module('a', { routes: [{ path: '/x', page }, { path: '/X/', page }] })])).toThrow(/Duplicate route path/);
  });

  it('throws on two landing pages at one place of the order', () => {
    expect(() =>
      composeModules([
        module('a', { landing: [{ order: 3, path: '/settings/leads/sources', entity: 'source' }] }),
        module('b', { landing: [{ order: 3, path: '/settings/leads/banks', entity: 'bank' }] }),
      ]),
    ).toThrow('Two landing pages at place 3: /settings/leads/sources and /settings/leads/banks (b)');
  });

  it('normalises paths for comparison', () => {
    expect(normalizePath('/Sales/Leads/')).toBe('/sales/leads');
    expect(normalizePath('sales')).toBe('/sales');
    expect(normalizePath('/')).toBe('/');
  });
});
