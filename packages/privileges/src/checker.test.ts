import { describe, expect, it } from 'vitest';
import { createChecker, hasFieldPrivilege, hasPrivilege } from './checker.js';
import { canonicalEntity, entityRegistry, type EntityDeclaration } from './registry.js';
import { SPEC_ENTITY_NAMES } from './testing/index.js';

describe('entity checks', () => {
  const checker = createChecker([
    { entityName: 'Lead', action: 'READ' },
    { entityName: 'paymentType', fieldName: null, action: 'create' },
    { entityName: 'prheader', action: 'read' },
  ]);

  it('compares entity and action names case-insensitively', () => {
    expect(checker.can('lead', 'read')).toBe(true);
    expect(checker.can('LEAD', 'Read')).toBe(true);
    expect(checker.can('PaymentType', 'CREATE')).toBe(true);
    expect(checker.can('paymenttype', 'read')).toBe(false);
  });

  it('needs both a matching entity and a matching action', () => {
    expect(checker.can('lead', 'update')).toBe(false);
    expect(checker.can('leads', 'read')).toBe(false);
    expect(checker.can('source', 'read')).toBe(false);
  });

  it('treats PurchaseRequest and prheader as one entity', () => {
    expect(checker.can('PurchaseRequest', 'read')).toBe(true);
    expect(checker.can('purchaserequest', 'read')).toBe(true);
    expect(createChecker([{ entityName: 'PurchaseRequest', action: 'read' }]).can('prheader', 'read')).toBe(true);
  });

  it('does not let a field-level privilege grant the whole entity', () => {
    const fieldOnly = createChecker([{ entityName: 'lead', fieldName: 'phone', action: 'read' }]);
    expect(fieldOnly.can('lead', 'read')).toBe(false);
    expect(fieldOnly.canField('lead', 'phone', 'read')).toBe(true);
  });

  it('canAny is true when one of the entities allows the action', () => {
    expect(checker.canAny(['source', 'lead'], 'read')).toBe(true);
    expect(checker.canAny(['source', 'unit'], 'read')).toBe(false);
    expect(checker.canAny([], 'read')).toBe(false);
  });

  it('an empty or missing list allows nothing', () => {
    expect(createChecker([]).can('lead', 'read')).toBe(false);
    expect(createChecker(null).can('lead', 'read')).toBe(false);
    expect(hasPrivilege(undefined, 'lead', 'read')).toBe(false);
  });

  it('skips malformed records instead of throwing', () => {
    const broken = createChecker([{ entityName: 42 as unknown as string, action: 'read' }, { entityName: 'lead', action: 'read' }]);
    expect(broken.can('lead', 'read')).toBe(true);
  });
});

describe('field checks', () => {
  const privileges = [{ entityName: 'lead', fieldName: 'Budget', action: 'update' }];

  it('need a matching entity, field and action, case-insensitively', () => {
    expect(hasFieldPrivilege(privileges, 'LEAD', 'budget', 'UPDATE')).toBe(true);
    expect(hasFieldPrivilege(privileges, 'lead', 'budget', 'read')).toBe(false);
    expect(hasFieldPrivilege(privileges, 'lead', 'phone', 'update')).toBe(false);
    expect(hasFieldPrivilege(privileges, 'unit', 'budget', 'update')).toBe(false);
  });

  it('always allow reading createdOn and modifiedOn, and nothing else about them', () => {
    expect(hasFieldPrivilege([], 'lead', 'createdOn', 'read')).toBe(true);
    expect(hasFieldPrivilege([], 'unit', 'MODIFIEDON', 'read')).toBe(true);
    expect(hasFieldPrivilege([], 'lead', 'createdOn', 'update')).toBe(false);
    expect(hasFieldPrivilege([], 'lead', 'createdBy', 'read')).toBe(false);
  });
});

const declare = (name: string, group: EntityDeclaration['group'], order: number): EntityDeclaration => ({ name, label: name, group, order, actions: ['read'] });

describe('entity registry', () => {
  const registry = entityRegistry([
    { owner: 'procurement', entities: [declare('PurchaseRequest', 'procurement', 10)] },
    { owner: 'sales', entities: [declare('paymentType', 'settings-leads', 20), declare('lead', 'sales', 20), declare('eoiPayment', 'sales', 10)] },
    { owner: 'settings', entities: [declare('source', 'settings-leads', 10), declare('webhook', 'system', 10)] },
  ]);

  it('orders the entities by group (the Roles matrix’s sections), then by their place in it, whoever declares them', () => {
    expect(registry.entities.map((entity) => entity.name)).toEqual(['eoiPayment', 'lead', 'source', 'paymentType', 'PurchaseRequest', 'webhook']);
  });

  it('finds entities by any spelling the spec uses, and gives an entity its spec aliases', () => {
    expect(registry.find('prheader')?.name).toBe('PurchaseRequest');
    expect(registry.find('prheader')?.aliases).toEqual(['prheader']);
    expect(registry.find('Lead')?.name).toBe('lead');
    expect(registry.find('lead')?.aliases).toBeUndefined();
    expect(registry.find('paymenttype')?.name).toBe('paymentType');
    expect(registry.find('eoipayment')?.name).toBe('eoiPayment');
    expect(registry.find('nothing')).toBeUndefined();
    expect(canonicalEntity(' PRHEADER ')).toBe('purchaserequest');
  });

  it('refuses an entity two packages declare, or one declares twice, by any spelling', () => {
    expect(() => entityRegistry([{ owner: 'sales', entities: [declare('lead', 'sales', 10)] }, { owner: 'settings', entities: [declare('Lead', 'sales', 20)] }])).toThrow(
      'Entity Lead is declared by sales and settings',
    );
    expect(() => entityRegistry([{ owner: 'sales', entities: [declare('lead', 'sales', 10), declare('LEAD', 'sales', 20)] }])).toThrow('Entity LEAD is declared by sales and sales');
    expect(() => entityRegistry([{ owner: 'a', entities: [declare('PurchaseRequest', 'procurement', 10)] }, { owner: 'b', entities: [declare('prheader', 'procurement', 20)] }])).toThrow(
      'Entity prheader is declared by a and b',
    );
  });

  it('refuses two entities at one place of a group', () => {
    expect(() => entityRegistry([{ owner: 'a', entities: [declare('lead', 'sales', 10)] }, { owner: 'b', entities: [declare('eoi', 'sales', 10)] }])).toThrow(
      'Entities lead and eoi (b) both take place 10 of sales',
    );
  });

  it('has each spec spelling distinct once folded, but for the spec alias', () => {
    const keys = SPEC_ENTITY_NAMES.map((name) => canonicalEntity(name));
    expect(keys.length - new Set(keys).size).toBe(1);
  });
});
