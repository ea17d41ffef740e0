import { describe, expect, it } from 'vitest';
import type { ResourceDef } from './definition.js';
import { linksOf, recordLink, routeOf, screenLinks, withQuery } from './links.js';

describe('screen links (issue 30)', () => {
  it("opens a record in its list's view with ?record=", () => {
    expect(recordLink('/settings/leads/sources', '0b7c6a52-1f1e-4c1e-9a39-3f1b1d1f0c11')).toBe('/settings/leads/sources?record=0b7c6a52-1f1e-4c1e-9a39-3f1b1d1f0c11');
    expect(recordLink('/x', 'a b&c')).toBe('/x?record=a%20b%26c');
  });

  it('builds a screen’s create link with its query, in order, and none without parameters', () => {
    const links = screenLinks('/Reservations', '/Reservations/Create');
    expect(links.linkToCreate()).toBe('/Reservations/Create');
    expect(links.linkToCreate({ unit: 'u1', fromHold: 'h1' })).toBe('/Reservations/Create?unit=u1&fromHold=h1');
    expect(screenLinks('/settings/leads/EoiPayments').linkToCreate({ eoi: 'e1' })).toBe('/settings/leads/EoiPayments/create?eoi=e1');
    expect(withQuery('/a', {})).toBe('/a');
  });

  it("takes a definition's route, and refuses a definition without one", () => {
    const def = { name: 'things', route: '/things' } as ResourceDef;
    expect(linksOf(def).link('1')).toBe('/things?record=1');
    expect(routeOf(def)).toBe('/things');
    expect(() => routeOf({ name: 'hidden' } as ResourceDef)).toThrow('Resource hidden has no route');
  });
});
