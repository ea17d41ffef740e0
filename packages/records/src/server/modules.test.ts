import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { f, type ResourceDef } from '../model/index.js';
import type { DomainContext } from './domain.js';
import type { ResourceHooks } from './lifecycle.js';
import type { ResourceModule } from './modules.js';
import { composeDomain, folderModules, mergeHooks, resourceModule } from './modules.js';

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

  it('loads each folder of a manifest by its name, with the manifest’s definitions; a folder of definitions alone needs no module', async () => {
    const files: Record<string, ResourceModule> = { orders: resourceModule({ id: 'orders', hooks: () => ({ orders: orderHooks }) }) };
    const locate = (folder: string) => new URL(`file:///domain/resources/${folder}/module.server.js`);
    const folderOf = (url: URL) => url.pathname.split('/').at(-2)!;
    const io = { exists: (url: URL) => folderOf(url) in files, load: async (url: URL) => ({ default: files[folderOf(url)]! }) };
    const modules = await folderModules('shop', { orders: [orders, lines], stock: [stock] }, locate, io);
    expect(modules.map((module) => [module.id, module.resources?.map((def) => def.name), Boolean(module.hooks)])).toEqual([
      ['orders', ['orders', 'order-lines'], true],
      ['stock', ['stock'], false],
    ]);
    const always = (module: ResourceModule) => ({ exists: () => true, load: async () => ({ default: module }) });
    await expect(folderModules('shop', { orders: [orders] }, locate, always(resourceModule({ id: 'stock' })))).rejects.toThrow('the module of orders calls itself stock');
    await expect(folderModules('shop', { orders: [orders] }, locate, always(resourceModule({ id: 'orders', resources: [orders] })))).rejects.toThrow("orders's definitions belong in the manifest");
    // A module that is there but fails to load is an error, not a folder without one.
    await expect(folderModules('shop', { orders: [orders] }, locate, { exists: () => true, load: () => Promise.reject(new SyntaxError('Unexpected token')) })).rejects.toThrow('Unexpected token');
  });

  it('finds a folder’s module file on disk, built or as its source', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folders-'));
    try {
      mkdirSync(join(dir, 'orders'));
      writeFileSync(join(dir, 'orders', 'module.server.ts'), '');
      const seen: string[] = [];
      const modules = await folderModules('shop', { orders: [orders], stock: [stock] }, (folder) => pathToFileURL(join(dir, folder, 'module.server.js')), {
        load: async (url) => {
          seen.push(url.pathname.split('/').at(-2)!);
          return { default: resourceModule({ id: 'orders' }) };
        },
      });
      expect(seen).toEqual(['orders']);
      expect(modules.map((module) => module.id)).toEqual(['orders', 'stock']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
