import { describe, expect, it } from 'vitest';
import { commissionFor, nextState, tierFor, triggerMet, type TriggerFacts } from './math.js';

const TIERS = [{ upTo: 10, pct: 2 }, { upTo: 25, pct: 2.5 }, { upTo: null, pct: 3 }];

describe('commission math', () => {
  it('a percentage of the net price, half up to the piastre, in decimal arithmetic', () => {
    expect(commissionFor({ commissionType: 'percent', pct: '2.5', amount: null, tiers: null }, '1234567.89', 1)).toMatchObject({ amount: '30864.20', rate: '2.5% of the net price' });
    // 0.1 + 0.2 style drift would show here: 3 % of 0.50 is 0.015 → 0.02 (half up).
    expect(commissionFor({ commissionType: 'percent', pct: '3', amount: null, tiers: null }, '0.50', 1).amount).toBe('0.02');
    expect(commissionFor({ commissionType: 'percent', pct: '1.75', amount: null, tiers: null }, '9999999999999.99', 1).amount).toBe('175000000000.00');
  });

  it('a fixed amount whatever the price', () => {
    expect(commissionFor({ commissionType: 'fixed', pct: null, amount: '75000', tiers: null }, '1.00', 4)).toEqual({ amount: '75000.00', rate: 'Fixed', pct: null, tier: null });
    expect(() => commissionFor({ commissionType: 'fixed', pct: null, amount: null, tiers: null }, '1.00', 1)).toThrow(RangeError);
  });

  it('tiers by the broker’s sale number: the first band that reaches it, the open band above', () => {
    expect([1, 10, 11, 25, 26, 400].map((n) => tierFor(TIERS, n)?.pct)).toEqual(['2', '2', '2.5', '2.5', '3', '3']);
    const terms = { commissionType: 'tiered' as const, pct: null, amount: null, tiers: TIERS };
    expect(commissionFor(terms, '2000000.00', 10)).toMatchObject({ amount: '40000.00', tier: 1 });
    expect(commissionFor(terms, '2000000.00', 11)).toMatchObject({ amount: '50000.00', tier: 2 });
    expect(commissionFor(terms, '1999999.99', 26)).toMatchObject({ amount: '60000.00', tier: 3 });
    // No open band: beyond the last, the last band's percentage.
    expect(tierFor([{ upTo: 5, pct: 1 }], 9)).toEqual({ index: 0, pct: '1' });
    expect(tierFor([], 1)).toBeNull();
  });

  it('triggers: signing, the down payment, a share in cleared money, fully paid; a cancelled contract meets none', () => {
    const facts: TriggerFacts = { status: 'active', netPrice: '1000000.00', downPaymentPaid: false, clearedCollected: '99999.99', sharePct: '10' };
    expect(triggerMet('contract_signed', facts)).toBe(true);
    expect(triggerMet('down_payment_collected', facts)).toBe(false);
    expect(triggerMet('down_payment_collected', { ...facts, downPaymentPaid: true })).toBe(true);
    expect(triggerMet('share_collected', facts)).toBe(false);
    expect(triggerMet('share_collected', { ...facts, clearedCollected: '100000.00' })).toBe(true);
    expect(triggerMet('fully_paid', facts)).toBe(false);
    expect(triggerMet('fully_paid', { ...facts, status: 'fully_paid' })).toBe(true);
    expect(triggerMet('contract_signed', { ...facts, status: 'cancelled' })).toBe(false);
  });

  it('next states: earned, reversed before payment, clawed back after; nothing to do twice', () => {
    expect(nextState('accrued', true, false)).toBe('payable');
    expect(nextState('payable', true, false)).toBeNull();
    expect(nextState('accrued', false, false)).toBeNull();
    expect(nextState('approved', false, false)).toBe('reversed');
    expect(nextState('reversed', true, false)).toBe('payable');
    expect(nextState('paid', false, false)).toBe('clawed_back');
    expect(nextState('paid', true, false)).toBeNull();
    expect(nextState('accrued', false, true)).toBe('reversed');
    expect(nextState('paid', false, true)).toBe('clawed_back');
    expect(nextState('reversed', false, true)).toBeNull();
    expect(nextState('clawed_back', true, false)).toBeNull();
  });
});
