import { describe, expect, it } from 'vitest';
import { canonicalEntity, DEMO_USERS, demoPrivileges, indexRedirect } from '@propdesk/privileges';
import { SPEC_LANDING_ORDER } from '@propdesk/privileges/testing';
import { DEMO_ROLES, ENTITIES, LANDING } from './domains.js';

/** What the server composes from the packages for its demo roles and CLI (issue 30); apps/web composes the same for its screens. */
describe('the server’s composition of entities and landing pages', () => {
  it('lands in the spec order: the definitions’ `landing`, each path as the spec spells it (the web’s screens take the same places)', () => {
    expect(LANDING.map((entry) => [entry.order, entry.path, canonicalEntity(entry.entity)])).toEqual(
      SPEC_LANDING_ORDER.map((entry) => [entry.order, entry.path, canonicalEntity(entry.entity)]),
    );
  });

  it('gives the administrator every action of every entity of the registry, its own actions included', () => {
    const granted = new Set(DEMO_ROLES.administrator.privileges.map((privilege) => `${privilege.entityName} ${privilege.action}`));
    const expected = ENTITIES.entities.flatMap((entity) => [...entity.actions, ...(entity.extraActions ?? [])].map((action) => `${entity.name} ${action}`));
    expect([...granted]).toEqual(expected);
    expect(granted.has('lead assign')).toBe(true);
  });

  it('gives the settings clerk read on the reference data of landing entries 3 to 27 (not 17’s Lead) and the company profile', () => {
    const entities = DEMO_ROLES.settingsClerk.privileges.map((privilege) => canonicalEntity(privilege.entityName));
    expect(entities).toEqual([...SPEC_LANDING_ORDER.filter((entry) => entry.order >= 3 && entry.order <= 27 && entry.order !== 17).map((entry) => canonicalEntity(entry.entity)), 'companyprofile']);
  });

  it.each(DEMO_USERS.map((user) => [user.username, user.landsOn] as const))('lands the demo user %s on %s', (username, landsOn) => {
    expect(indexRedirect(demoPrivileges(username, DEMO_ROLES), LANDING)).toBe(landsOn);
  });
});
