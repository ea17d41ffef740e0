import { describe, expect, it } from 'vitest';
import { modifyBody, previewBody, type PreviewArgs } from './model.js';

const unit = '4f1c2b3a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('reservation request bodies, shared by the route and the browser', () => {
  it('takes a preview with a start date, as the browser may send it', () => {
    const args: PreviewArgs = { unit, discountKind: 'amount', discountValue: '1500.00', startDate: '2026-12-01' };
    expect(previewBody.parse(args)).toEqual(args);
  });

  it('refuses a badly written start date and a field the route does not know', () => {
    expect(previewBody.safeParse({ unit, startDate: '01/12/2026' }).success).toBe(false);
    expect(previewBody.safeParse({ unit, price: '1' }).success).toBe(false);
  });

  it('asks a modification for its reason', () => {
    expect(modifyBody.safeParse({ unit }).success).toBe(false);
    expect(modifyBody.parse({ unit, reason: '  buyer asked  ' }).reason).toBe('buyer asked');
  });
});
