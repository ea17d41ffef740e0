import { describe, expect, it } from 'vitest';
import { loadTranslator } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { canonicalEntity, ENTITY_GROUPS, entityRegistry } from '@propdesk/privileges';
import { SPEC_ENTITY_NAMES } from '@propdesk/privileges/testing';
import { PROCUREMENT_ENTITIES, PROCUREMENT_RESOURCES } from '@propdesk/procurement/model';
import { SALES_ENTITIES, SALES_RESOURCES } from '@propdesk/sales/model';
import { SETTINGS_ENTITIES, SETTINGS_RESOURCES } from '@propdesk/settings/model';
import { NOTIFICATION_ENTITIES } from '@propdesk/notifications-core/model';
import { entityCatalogOf } from '@propdesk/settings/web';
import { ENTITIES } from './entities.js';

/**
 * The entity registry composed from the packages' declarations (issue 30): settings' `entities.ts`, the sales
 * and procurement documents' `document.ts`, notifications-core's model. No list of every entity is written
 * anywhere; these check the composition (the server composes the same in `domains.ts`).
 */
const DECLARERS = [
  { owner: 'settings', entities: SETTINGS_ENTITIES, resources: SETTINGS_RESOURCES },
  { owner: 'sales', entities: SALES_ENTITIES, resources: SALES_RESOURCES },
  { owner: 'procurement', entities: PROCUREMENT_ENTITIES, resources: PROCUREMENT_RESOURCES },
  { owner: 'notifications-core', entities: NOTIFICATION_ENTITIES, resources: [] },
];

describe('the entity registry composed from the declarations', () => {
  it('has every declared entity once, as declared, and nothing else', () => {
    const declared = DECLARERS.flatMap(({ entities }) => entities);
    expect(ENTITIES.entities).toHaveLength(declared.length);
    for (const entity of declared) expect(ENTITIES.find(entity.name), entity.name).toMatchObject(entity);
  });

  it('orders them by group, then by each one’s place in its group, whichever package declares it', () => {
    const ranks = ENTITIES.entities.map((entity) => [ENTITY_GROUPS.indexOf(entity.group), entity.order] as const);
    const sorted = [...ranks].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(ranks).toEqual(sorted);
    expect(ENTITIES.entities.slice(0, 3).map((entity) => entity.name)).toEqual(['lead', 'LeadValidityConfig', 'eoi']);
    expect(ENTITIES.entities.at(-1)?.name).toBe('webhook');
  });

  it('refuses an entity two domains declare', () => {
    const lead = SALES_ENTITIES.find((entity) => entity.name === 'lead')!;
    expect(() => entityRegistry([...DECLARERS, { owner: 'settings-again', entities: [{ ...lead, order: 999 }] }])).toThrow('Entity lead is declared by sales and settings-again');
  });

  it('names every entity the spec guards or lands on, its alias on PurchaseRequest', () => {
    for (const name of SPEC_ENTITY_NAMES) expect(ENTITIES.find(name), name).toBeDefined();
    expect(ENTITIES.find('prheader')).toMatchObject({ name: 'PurchaseRequest', aliases: ['prheader'] });
  });

  it('has every definition guarded by an entity its own package declares', () => {
    for (const { owner, entities, resources } of DECLARERS) {
      const own = new Set(entities.map((entity) => canonicalEntity(entity.name)));
      // Settings' unit offers are guarded by the sales lead entity (spec entry 17 names `Lead`).
      for (const def of resources) expect(own.has(canonicalEntity(def.entity)) || (owner === 'settings' && canonicalEntity(def.entity) === 'lead'), `${owner}: ${def.name} (${def.entity})`).toBe(true);
    }
  });

  it('has every entity’s words: English its label, Arabic in the settings catalog', async () => {
    const catalog = entityCatalogOf(ENTITIES);
    expect(await catalogProblems(catalog)).toEqual([]);
    const en = await loadTranslator(catalog, 'en');
    for (const entity of ENTITIES.entities) expect(en(entity.name)).toBe(entity.label);
  });
});
