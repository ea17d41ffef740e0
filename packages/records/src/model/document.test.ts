import { describe, expect, expectTypeOf, it } from 'vitest';
import { f } from './builders.js';
import type { ResourceDef } from './definition.js';
import { defineDocument, entitiesOf, foldersOf, type DocumentState } from './document.js';
import { linksOf } from './links.js';

const ORDER_STATES = ['draft', 'sent', 'paid'] as const;
const orders: ResourceDef = {
  name: 'orders',
  table: 'orders',
  label: 'Orders',
  singular: 'Order',
  entity: 'order',
  defaultSort: [],
  listColumns: ['status'],
  route: '/shop/orders',
  statusField: 'status',
  fields: { status: f.enum('Status', ORDER_STATES, { default: 'draft', readOnly: true }) },
};
const lines: ResourceDef = { name: 'order-lines', table: 'order_lines', label: 'Lines', singular: 'Line', entity: 'order', defaultSort: [], listColumns: ['note'], fields: { note: f.text('Note') } };

describe('a document’s typed face (issue 30)', () => {
  const orderDocument = defineDocument({
    folder: 'orders',
    definitions: [orders, lines],
    states: ORDER_STATES,
    links: linksOf(orders, '/shop/orders/new'),
    entities: [{ name: 'order', label: 'Orders', group: 'sales', order: 10, actions: ['read', 'create'], extraActions: ['ship'] }],
  });

  it('bundles the definitions, states, links and entities, with its links at hand', () => {
    expect(orderDocument.folder).toBe('orders');
    expect(orderDocument.definitions.map((def) => def.name)).toEqual(['orders', 'order-lines']);
    expect(orderDocument.states).toEqual(['draft', 'sent', 'paid']);
    expect(orderDocument.route).toBe('/shop/orders');
    expect(orderDocument.link('7')).toBe('/shop/orders?record=7');
    expect(orderDocument.linkToCreate({ customer: 'c1' })).toBe('/shop/orders/new?customer=c1');
    expect(orderDocument.entities.map((entity) => entity.name)).toEqual(['order']);
    expectTypeOf<DocumentState<typeof orderDocument>>().toEqualTypeOf<'draft' | 'sent' | 'paid'>();
    expectTypeOf(orderDocument.folder).toEqualTypeOf<'orders'>();
  });

  it('has no states, links or entities when the folder declares none', () => {
    const service = defineDocument({ folder: 'claims', definitions: [] });
    expect(service.states).toEqual([]);
    expect(service.route).toBeUndefined();
    expect(service.entities).toEqual([]);
  });

  it('refuses states that are no definition’s status options, and an entity declared twice', () => {
    expect(() => defineDocument({ folder: 'orders', definitions: [orders], states: ['draft', 'paid'] })).toThrow('document orders: its states (draft, paid) are no definition’s status options');
    expect(() => defineDocument({ folder: 'orders', definitions: [orders], states: ['draft', 'paid', 'sent'] })).toThrow(/no definition’s status options/);
    const entity = { name: 'order', label: 'Orders', group: 'sales', order: 10, actions: ['read'] } as const;
    expect(() => defineDocument({ folder: 'orders', definitions: [orders], entities: [entity, { ...entity, name: 'Order' }] })).toThrow('document orders: entity order is declared twice');
  });

  it('derives a manifest’s folders and entities, refusing a folder listed twice or an entity two documents declare', () => {
    const service = defineDocument({ folder: 'claims', definitions: [] });
    const folders = foldersOf('shop', [orderDocument, service]);
    expect(Object.keys(folders)).toEqual(['orders', 'claims']);
    expect(folders.orders.map((def) => def.name)).toEqual(['orders', 'order-lines']);
    expect(() => foldersOf('shop', [orderDocument, orderDocument])).toThrow('shop: document orders is listed twice');
    expect(entitiesOf('shop', [orderDocument, service]).map((entity) => entity.name)).toEqual(['order']);
    const again = defineDocument({ folder: 'returns', definitions: [], entities: [{ name: 'ORDER', label: 'x', group: 'sales', order: 10, actions: ['read'] }] });
    expect(() => entitiesOf('shop', [orderDocument, again])).toThrow('shop: entity order is declared by orders and returns');
  });
});
