import { describe, expect, it } from 'vitest';
import { demoOrder, domainDemo, type DemoSeed } from './demos.js';
import { composeDomain, resourceModule } from './modules.js';

const run: DemoSeed['run'] = async () => null;
const ids = (domains: Parameters<typeof demoOrder>[0]) => demoOrder(domains).map((demo) => demo.id);

describe('the demo seeds’ order (issue 30)', () => {
  it('names a module’s demo in its domain, and its after names in the same form', () => {
    expect(domainDemo('sales', 'cheques', { after: ['contracts', 'settings/company'], run })).toEqual({ id: 'sales/cheques', after: ['sales/contracts', 'settings/company'], run });
  });

  it('runs each demo after those it names, and otherwise in the order listed', () => {
    const shop = composeDomain({
      id: 'shop',
      modules: [
        resourceModule({ id: 'leads', demo: { after: ['invoices'], run } }),
        resourceModule({ id: 'stock' }),
        resourceModule({ id: 'orders', demo: { after: ['base/company'], run } }),
        resourceModule({ id: 'invoices', demo: { after: ['orders'], run } }),
        resourceModule({ id: 'returns', demo: { run } }),
      ],
    });
    const base = { id: 'base', demos: [domainDemo('base', 'company', { run })] };
    expect(ids([base, shop])).toEqual(['base/company', 'shop/orders', 'shop/invoices', 'shop/leads', 'shop/returns']);
    // Listed the other way round, the edges still hold; the ties follow the new listing.
    expect(ids([shop, base])).toEqual(['shop/returns', 'base/company', 'shop/orders', 'shop/invoices', 'shop/leads']);
    expect(ids([])).toEqual([]);
  });

  it('refuses a name no domain seeds, a demo declared twice and demos that wait on each other', () => {
    const demo = (id: string, after: string[] = []) => domainDemo('shop', id, { after, run });
    expect(() => demoOrder([{ id: 'shop', demos: [demo('orders', ['stock'])] }])).toThrow('Demo seed shop/orders runs after shop/stock, which no domain seeds');
    expect(() => demoOrder([{ id: 'shop', demos: [demo('orders')] }, { id: 'shop', demos: [demo('orders')] }])).toThrow('Demo seed shop/orders is declared twice');
    expect(() => demoOrder([{ id: 'shop', demos: [demo('first'), demo('a', ['c']), demo('b', ['a']), demo('c', ['b'])] }])).toThrow('Demo seeds wait on each other: shop/a → shop/c → shop/b → shop/a');
    expect(() => demoOrder([{ id: 'shop', demos: [demo('self', ['self'])] }])).toThrow('Demo seeds wait on each other: shop/self → shop/self');
  });
});
