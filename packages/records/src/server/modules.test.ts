import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { f, type ResourceDef } from '../model/index.js';
import type { DomainContext } from './domain.js';
import type { ResourceHooks } from './lifecycle.js';
import { composeDomain, mergeHooks, resourceModule } from './modules.js';

const def = (name: string): ResourceDef => ({ name, table: name.replace(/-/g, '_'), label: name, entity: name, route: `/x/${name}`, singular: name, defaultSort: ['name'], listColumns: ['name'], fields: { name: f.name() } });
const context = {} as DomainContext;
const hook = (tag: string): ResourceHooks => ({ beforeCreate: async () => void tag });

describe('a domain composed from its folders', () => {
  const orders = def('orders');
  const lines = def('order-lines');
  const stock = def('stock');
  const orderHooks = hook('orders');
  const stockFromOrders = hook('stock-from-orders');
  const stockOwn = hook('stock-own');
  const calls: string[] = [];
  const ordersModule = resourceModule({
    id: 'orders',
    resources: [orders, lines],
    lateMigrations: [{ id: 'orders/1', up: 'select 1' }],
    hooks: () => ({ orders: orderHooks, stock: stockFromOrders }),
    rollups: [{ source: 'order-lines', via: 'order', target: 'orders', field: 'total', sum: 'amount' } as never],
    printers: { orders: async () => ({ name: 'o.pdf', content: Buffer.from('') }) },
    routes: () => void calls.push('orders'),
    jobs: () => [{ name: 'orders.expiry', everyMs: 1000, run: async () => undefined }],
  });
  const stockModule = resourceModule({
    id: 'stock',
    resources: [stock],
    lateMigrations: [{ id: 'stock/1', up: 'select 1' }],
    hooks: () => ({ stock: [stockOwn] }),
    routes: async () => void calls.push('stock'),
  });

  it('takes each folder once, keeps every subscriber in order, and lists tables, jobs, prints and calls', async () => {
    const domain = composeDomain({ id: 'shop', modules: [ordersModule, stockModule], expect: [orders, lines, stock] });
    expect(domain.resources.map((one) => one.name)).toEqual(['orders', 'order-lines', 'stock']);
    expect(domain.lateMigrations!.map((one) => one.id)).toEqual(['orders/1', 'stock/1']);
    const hooks = domain.hooks!(context);
    expect(hooks.orders).toEqual([orderHooks]);
    // Two folders subscribe to stock: neither replaces the other (object spread used to).
    expect(hooks.stock).toEqual([stockFromOrders, stockOwn]);
    expect(domain.rollups).toHaveLength(1);
    expect(Object.keys(domain.printers!)).toEqual(['orders']);
    expect(domain.jobs!(context).map((job) => job.name)).toEqual(['orders.expiry']);
    await domain.routes!({} as FastifyInstance, context);
    expect(calls).toEqual(['orders', 'stock']);
  });

  it('refuses a folder listed twice, a definition owned twice, a print claimed twice, and drift from the model', () => {
    expect(() => composeDomain({ id: 'shop', modules: [ordersModule, ordersModule] })).toThrow('module orders is listed twice');
    expect(() => composeDomain({ id: 'shop', modules: [ordersModule, resourceModule({ id: 'again', resources: [lines] })] })).toThrow('order-lines is owned by orders and again');
    expect(() => composeDomain({ id: 'shop', modules: [ordersModule, resourceModule({ id: 'print', printers: { orders: ordersModule.printers!.orders! } })] })).toThrow('two modules print orders');
    expect(() => composeDomain({ id: 'shop', modules: [ordersModule], expect: [orders, lines, stock] })).toThrow('no module owns stock');
    expect(() => composeDomain({ id: 'shop', modules: [ordersModule, stockModule], expect: [orders, lines] })).toThrow('stock is not in the domain');
  });

  it('merges hook maps keeping single hooks and lists', () => {
    expect(mergeHooks([{ a: orderHooks }, { a: [stockOwn, stockFromOrders], b: orderHooks }])).toEqual({ a: [orderHooks, stockOwn, stockFromOrders], b: [orderHooks] });
  });
});
