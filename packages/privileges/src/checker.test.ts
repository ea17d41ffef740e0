import { describe, expect, it } from 'vitest';
import { createChecker, hasFieldPrivilege, hasPrivilege } from './checker.js';
import { canonicalEntity, ENTITY_REGISTRY, findEntity } from './registry.js';

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

describe('entity registry', () => {
  it('has unique names, aliases included, compared case-insensitively', () => {
    const keys = ENTITY_REGISTRY.flatMap((entity) => [entity.name, ...(entity.aliases ?? [])].map((name) => name.toLowerCase()));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds entities by any spelling the spec uses', () => {
    expect(findEntity('prheader')?.name).toBe('PurchaseRequest');
    expect(findEntity('Lead')?.name).toBe('lead');
    expect(findEntity('paymenttype')?.name).toBe('paymentType');
    expect(findEntity('eoipayment')?.name).toBe('eoiPayment');
    expect(findEntity('nothing')).toBeUndefined();
    expect(canonicalEntity(' PRHEADER ')).toBe('purchaserequest');
  });

  it('names every entity the spec guards or lands on', () => {
    const specEntities = [
      'lead', 'LeadValidityConfig', 'user', 'source', 'sourcetype', 'project', 'channel', 'channeltype', 'salesteam', 'area',
      'paymentType', 'bank', 'broker', 'walkinlocation', 'unit', 'unittype', 'paymentplansetup', 'nationality', 'site',
      'department', 'usertype', 'country', 'paymentmethod', 'PaymentStatus', 'eoipayment', 'brokerprojecttemplate',
      'brokercontract', 'blocktype', 'bouncedCheques', 'role', 'eoi', 'eoiSetup', 'bulkDeal', 'PurchaseRequest', 'prheader',
      'poheader', 'quotation',
    ];
    for (const name of specEntities) expect(findEntity(name), name).toBeDefined();
  });
});
