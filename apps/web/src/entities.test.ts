import { describe, expect, it } from 'vitest';
import { canonicalEntity, ENTITY_REGISTRY } from '@propdesk/privileges';
import { PROCUREMENT_ENTITIES, PROCUREMENT_RESOURCES } from '@propdesk/procurement/model';
import { SALES_ENTITIES, SALES_RESOURCES } from '@propdesk/sales/model';

/**
 * The entity registry and the documents' declarations (issue 30). Each document folder declares its
 * privilege entities in its `document.ts`; the registry the product uses (`ENTITY_REGISTRY`, read by the
 * Roles matrix, the demo roles and the checks) is still the privileges package's hand list, so this test
 * holds the two together: the registry is exactly the union of the domains' declarations and the
 * entities no domain document declares (the settings screens' and the system's, listed here).
 */
const NOT_FROM_DOCUMENTS = [
  'user',
  'source',
  'sourcetype',
  'project',
  'channel',
  'channeltype',
  'salesteam',
  'area',
  'paymentType',
  'bank',
  'broker',
  'walkinlocation',
  'unit',
  'unittype',
  'paymentplansetup',
  'brokerprojecttemplate',
  'brokercontract',
  'blocktype',
  'unitstatus',
  'bouncedreason',
  'nationality',
  'site',
  'department',
  'usertype',
  'country',
  'paymentmethod',
  'PaymentStatus',
  'location',
  'leadactivitytype',
  'contractaction',
  'contractparty',
  'contractstep',
  'contracttemplate',
  'companyProfile',
  'role',
  'apiKey',
  'notification',
  'webhook',
];

const DOMAINS = [
  { domain: 'sales', entities: SALES_ENTITIES, resources: SALES_RESOURCES },
  { domain: 'procurement', entities: PROCUREMENT_ENTITIES, resources: PROCUREMENT_RESOURCES },
];
const declared = DOMAINS.flatMap(({ entities }) => entities);

describe('the entity registry and the documents’ declarations', () => {
  it('has each declared entity exactly as its document declares it (label, group, actions, extra actions, aliases)', () => {
    expect(declared.length).toBeGreaterThan(20);
    for (const entity of declared) expect(ENTITY_REGISTRY.find((each) => each.name === entity.name), entity.name).toEqual(entity);
  });

  it('is the union of the declarations and the entities no document declares, each once', () => {
    const names = new Set(declared.map((entity) => entity.name));
    expect(ENTITY_REGISTRY.filter((entity) => !names.has(entity.name)).map((entity) => entity.name)).toEqual(NOT_FROM_DOCUMENTS);
    expect(ENTITY_REGISTRY.length).toBe(declared.length + NOT_FROM_DOCUMENTS.length);
  });

  it('has every domain definition guarded by an entity its own domain declares', () => {
    for (const { domain, entities, resources } of DOMAINS) {
      const keys = new Set(entities.flatMap((entity) => [entity.name, ...(entity.aliases ?? [])]).map((name) => canonicalEntity(name)));
      for (const def of resources) expect(keys.has(canonicalEntity(def.entity)), `${domain}: ${def.name} (${def.entity})`).toBe(true);
    }
  });
});
