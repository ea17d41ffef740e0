import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '@propdesk/records/model';
import { matrixKey, protectedFieldsByEntity } from './matrix.js';

describe('role matrix', () => {
  it('compares cells as the privileges engine does: case and aliases folded', () => {
    expect(matrixKey({ entityName: 'prheader', action: 'Read' })).toBe(matrixKey({ entityName: 'PurchaseRequest', action: 'read' }));
    expect(matrixKey({ entityName: 'unit', fieldName: 'basePrice', action: 'read' })).not.toBe(matrixKey({ entityName: 'unit', action: 'read' }));
  });

  it('lists each entity’s protected fields from the definitions', () => {
    const units = {
      name: 'units',
      entity: 'Unit',
      fields: { code: { kind: 'text', label: 'Code' }, basePrice: { kind: 'money', label: 'Base price', protected: true } },
    } as unknown as ResourceDef;
    expect(protectedFieldsByEntity([units]).get('unit')).toEqual([{ name: 'basePrice', label: 'Base price' }]);
  });
});
