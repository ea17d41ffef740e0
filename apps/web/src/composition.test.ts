import { describe, expect, it } from 'vitest';
import { canonicalEntity, guardDecision, indexRedirect, type Privilege } from '@propdesk/privileges';
import { SPEC_LANDING_ORDER } from '@propdesk/privileges/testing';
import { composeModules, normalizePath, type DomainRoute } from '@propdesk/shell-ui';
import { domainModules } from './modules.js';

const composed = composeModules(domainModules);
const routeAt = (path: string): DomainRoute | undefined => composed.routes.find((route) => normalizePath(route.path) === normalizePath(path));

/** Spec section 2, "Child routes guarded by read privilege on an entity". */
const SPEC_GUARDED_ROUTES: readonly (readonly [string, string])[] = [
  ['/sales/leads', 'lead'],
  ['/sales/leads/addlead', 'lead'],
  ['/sales/leads/create-lead-validity-config', 'LeadValidityConfig'],
  ['/sales/leads/addActivity', 'lead'],
  ['/sales/users', 'user'],
  ['/sales/users/create', 'user'],
  ...(
    [
      ['sources', 'source'],
      ['sourceTypes', 'sourcetype'],
      ['channels', 'channel'],
      ['channelTypes', 'channeltype'],
      ['walkinLocations', 'walkinlocation'],
      ['leadStatuses', 'lead'],
      ['projects', 'project'],
      ['units', 'unit'],
      ['unitTypes', 'unittype'],
      ['paymentPlan', 'paymentplansetup'],
      ['paymentPlan/create', 'user'],
      ['unitOffer', 'Lead'],
      ['salesTeams', 'salesteam'],
      ['areas', 'area'],
      ['brokers', 'broker'],
      ['brokers/create', 'broker'],
      ['brokers/ProjectTemplate', 'brokerprojecttemplate'],
      ['brokers/ProjectTemplate/create', 'brokerprojecttemplate'],
      ['brokers/ProjectTemplate/edit', 'brokerprojecttemplate'],
      ['brokers/contracts', 'brokercontract'],
      ['brokers/contracts/create', 'brokercontract'],
      ['brokers/contracts/edit', 'brokercontract'],
      ['paymentTypes', 'paymenttype'],
      ['banks', 'bank'],
      ['BlockTypes', 'blocktype'],
      ['BouncedCheques', 'bouncedCheques'],
      ['BouncedCheques/view', 'bouncedCheques'],
    ] as const
  ).map(([path, entity]) => [`/settings/leads/${path}`, entity] as const),
  ['/settings/roles', 'role'],
  ['/settings/CreateRole', 'role'],
  ['/settings/editRole', 'role'],
  ...(
    [
      ['sites', 'site'],
      ['departments', 'department'],
      ['usertypes', 'usertype'],
      ['nationalities', 'nationality'],
      ['countries', 'country'],
      ['paymentMethods', 'paymentmethod'],
      ['paymentStatuses', 'PaymentStatus'],
    ] as const
  ).map(([path, entity]) => [`/settings/general/${path}`, entity] as const),
  ['/procurement/purchaseRequest', 'PurchaseRequest'],
  ['/procurement/purchaseOrder', 'poheader'],
  ['/procurement/Quotations', 'quotation'],
];

/** Spec section 2, "Routes present with no guard" (a sample of every family). */
const SPEC_UNGUARDED_ROUTES = [
  '/settings/leads/unitStatus',
  '/settings/leads/EoiPayments',
  '/settings/leads/ReservationPayments',
  '/settings/leads/Receipt',
  '/settings/leads/ReceiptItem',
  '/settings/leads/BouncedReasons',
  '/receipt/createNewReceipt',
  '/reservations/view',
  '/sales/eoi/create',
  '/sales/eoi/list',
  '/sales/eoi/setup',
  '/settings/leads/Customers',
  '/sales/leads/addcustomer',
  '/Reservations',
  '/settings/general/locations',
  '/settings/general/leadActivityTypes',
  '/sales/contracts',
  '/settings/leads/ContractPayments',
  '/settings/leads/holdRequests',
  '/settings/leads/holdRequestSetUp',
];

describe('the three domain manifests composed', () => {
  it('compose without duplicate paths', () => {
    expect(() => composeModules(domainModules)).not.toThrow();
    expect(composed.routes.length).toBeGreaterThan(100);
  });

  it('have a route for every path of the landing order (and the second paths of entries 25 and 26)', () => {
    const paths = [...SPEC_LANDING_ORDER.map((entry) => entry.path), '/settings/leads/brokers/ProjectTemplate', '/settings/leads/brokers/contracts/create'];
    expect(paths.filter((path) => !routeAt(path))).toEqual([]);
  });

  // The landing list is what the screens declare (their definitions' `landing`): the spec's 30 entries,
  // each path exactly as the spec spells it (the index redirect goes there), read on the same entity.
  it('land in the spec order', () => {
    expect(composed.landing.map((entry) => [entry.order, entry.path, canonicalEntity(entry.entity)])).toEqual(
      SPEC_LANDING_ORDER.map((entry) => [entry.order, entry.path, canonicalEntity(entry.entity)]),
    );
  });

  // A user holding only read on an entry's entity lands on the first entry for that entity
  // (entry 17 names `Lead`, which is entry 1's `lead`), and that page lets them in.
  it.each(SPEC_LANDING_ORDER.map((entry) => [entry.order, entry.path, entry.entity] as const))(
    'landing %i %s (%s): a reader lands there and may open it',
    (_order, path, entity) => {
      const privileges: Privilege[] = [{ entityName: entity, fieldName: null, action: 'read' }];
      const first = SPEC_LANDING_ORDER.find((entry) => canonicalEntity(entry.entity) === canonicalEntity(entity));
      const landing = indexRedirect(privileges, composed.landing);
      expect(normalizePath(landing)).toBe(normalizePath(first?.path ?? path));
      const route = routeAt(landing);
      expect(route).toBeDefined();
      if (route?.guard) expect(guardDecision(privileges, route.guard)).toEqual({ allow: true });
    },
  );

  it.each(SPEC_GUARDED_ROUTES)('guards %s with read on %s', (path, entity) => {
    const route = routeAt(path);
    expect(route, `no route ${path}`).toBeDefined();
    expect(route?.guard, `${path} has no guard`).toBeDefined();
    expect(canonicalEntity(route?.guard?.entity ?? '')).toBe(canonicalEntity(entity));
    expect(route?.guard?.action ?? 'read').toBe('read');
  });

  it.each(SPEC_UNGUARDED_ROUTES)('has %s without a guard', (path) => {
    const route = routeAt(path);
    expect(route, `no route ${path}`).toBeDefined();
    expect(route?.guard).toBeUndefined();
  });
});
