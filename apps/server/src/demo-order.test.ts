import { describe, expect, it } from 'vitest';
import { DEMO_ORDER } from './domains.js';

describe('the demo seeds’ order (issue 30)', () => {
  it('is computed from the domains’ manifests and their after edges, as the demo has always been seeded', () => {
    expect(DEMO_ORDER.map((demo) => demo.id)).toEqual([
      'settings/company',
      'procurement/purchase-orders',
      'sales/reservations',
      'sales/hold-requests',
      'sales/contracts',
      'sales/cheques',
      'sales/commissions',
      'sales/leads',
      'sales/eois',
    ]);
  });
});
