import { describe, expect, it } from 'vitest';
import { createChecker } from './checker.js';
import { DEMO_USERS, demoPrivileges } from './demo.js';
import { guardDecision } from './guard.js';
import { homePath as homePathIn, indexRedirect as indexRedirectIn, LANDING_FALLBACK, resolveLanding as resolveLandingIn, type LandingEntry } from './landing.js';
import { SPEC_DEMO_ROLES, SPEC_LANDING_ORDER } from './testing/index.js';
import type { Privilege, PrivilegeChecker } from './types.js';

// The engine over the spec's 30 entries (the app's composed list equals them: apps/web's composition test).
const resolveLanding = (privileges: readonly Privilege[] | PrivilegeChecker, entries: readonly LandingEntry[] = SPEC_LANDING_ORDER) => resolveLandingIn(privileges, entries);
const indexRedirect = (privileges: readonly Privilege[] | null | undefined) => indexRedirectIn(privileges, SPEC_LANDING_ORDER);
const homePath = (privileges: readonly Privilege[] | PrivilegeChecker | null | undefined) => homePathIn(privileges, SPEC_LANDING_ORDER);

const readOnly = (entityName: string) => [{ entityName, action: 'read' }];

describe('the landing order', () => {
  it('has the 30 entries of the spec, numbered 1 to 30', () => {
    expect(SPEC_LANDING_ORDER).toHaveLength(30);
    expect(SPEC_LANDING_ORDER.map((entry) => entry.order)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  // Entry 17 names `Lead`, the same entity as entry 1 (`lead`): read on it always lands on 1.
  const firstPathFor = (entity: string) => SPEC_LANDING_ORDER.find((entry) => entry.entity.toLowerCase() === entity.toLowerCase())!.path;

  it.each(SPEC_LANDING_ORDER.map((entry) => [entry.order, entry.entity, entry.path] as const))(
    'entry %i: read on %s alone lands on its first entry in the order',
    (order, entity, path) => {
      expect(resolveLanding(readOnly(entity))).toBe(order === 17 ? '/sales/leads' : path);
      expect(resolveLanding(readOnly(entity))).toBe(firstPathFor(entity));
    },
  );

  it.each(SPEC_LANDING_ORDER.slice(1).map((entry, index) => [entry.order, entry, SPEC_LANDING_ORDER[index]!] as const))(
    'entry %i loses to the entry before it when both are allowed',
    (order, entry, earlier) => {
      // With entry 17 (`Lead`) in the pair, entry 1 wins: it is the same privilege.
      const expected = order === 17 ? '/sales/leads' : firstPathFor(earlier.entity);
      expect(resolveLanding([...readOnly(entry.entity), ...readOnly(earlier.entity)])).toBe(expected);
      expect(resolveLanding([...readOnly(earlier.entity), ...readOnly(entry.entity)])).toBe(expected);
    },
  );

  it('uses the spec spellings: prheader (alias of PurchaseRequest), Lead, paymentType, eoipayment', () => {
    expect(resolveLanding(readOnly('PurchaseRequest'))).toBe('/procurement/purchaseRequest');
    expect(resolveLanding(readOnly('paymenttype'))).toBe('/settings/leads/paymentTypes');
    expect(resolveLanding(readOnly('eoiPayment'))).toBe('/settings/leads/EoiPayments');
  });

  it('needs read: create or update alone lands nowhere', () => {
    expect(resolveLanding([{ entityName: 'lead', action: 'create' }, { entityName: 'user', action: 'update' }])).toBeNull();
  });

  it('orders custom entries by their order number, not their position', () => {
    const entries = [
      { order: 2, path: '/b', entity: 'unit' },
      { order: 1, path: '/a', entity: 'unit' },
    ];
    expect(resolveLanding(readOnly('unit'), entries)).toBe('/a');
  });
});

describe('the index redirect', () => {
  it('sends a user without a privilege list to /login', () => {
    expect(indexRedirect(null)).toBe('/login');
    expect(indexRedirect(undefined)).toBe('/login');
  });

  it('sends a user with no allowed landing page to /not-authorized', () => {
    expect(indexRedirect([])).toBe('/not-authorized');
    expect(indexRedirect(readOnly('bulkDeal'))).toBe('/not-authorized');
  });

  it.each(DEMO_USERS.map((user) => [user.username, user.landsOn] as const))('demo user %s lands on %s', (username, landsOn) => {
    expect(indexRedirect(demoPrivileges(username, SPEC_DEMO_ROLES))).toBe(landsOn);
  });
});

describe('Home in the breadcrumb', () => {
  it('goes to the first allowed sales page, else the fallback /sales/leads', () => {
    expect(homePath(readOnly('lead'))).toBe('/sales/leads');
    expect(homePath(readOnly('user'))).toBe('/sales/users');
    expect(homePath(readOnly('source'))).toBe(LANDING_FALLBACK);
    expect(homePath(null)).toBe('/sales/leads');
    expect(homePath(createChecker([...readOnly('user'), ...readOnly('lead')]))).toBe('/sales/leads');
  });
});

describe('the guard decision', () => {
  it('sends a user without a privilege list to /login', () => {
    expect(guardDecision(null, { entity: 'lead' })).toEqual({ allow: false, redirectTo: '/login' });
  });

  it('sends a user without the privilege to /not-authorized', () => {
    expect(guardDecision([], { entity: 'lead' })).toEqual({ allow: false, redirectTo: '/not-authorized' });
    expect(guardDecision([{ entityName: 'lead', action: 'create' }], { entity: 'lead' })).toEqual({
      allow: false,
      redirectTo: '/not-authorized',
    });
  });

  it('needs read by default and honours another action when the route names one', () => {
    expect(guardDecision(readOnly('LEAD'), { entity: 'lead' })).toEqual({ allow: true });
    expect(guardDecision(readOnly('lead'), { entity: 'lead', action: 'create' }).allow).toBe(false);
    expect(guardDecision([{ entityName: 'lead', action: 'create' }], { entity: 'lead', action: 'CREATE' }).allow).toBe(true);
  });

  it('admits the procurement officer (PurchaseRequest) to the prheader landing page and back', () => {
    expect(guardDecision(readOnly('prheader'), { entity: 'PurchaseRequest' })).toEqual({ allow: true });
    expect(guardDecision(readOnly('PurchaseRequest'), { entity: 'prheader' })).toEqual({ allow: true });
  });
});
