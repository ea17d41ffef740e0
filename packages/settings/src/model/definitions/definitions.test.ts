import { canonicalEntity, entityRegistry } from '@propdesk/privileges';
import { createRegistry, createSchema, isShown, type ResourceDef } from '@propdesk/records/model';
import { describe, expect, it } from 'vitest';
import { SETTINGS_ENTITIES } from '../entities.js';
import { SETTINGS_RESOURCES } from './index.js';

/**
 * The settings definitions against api.md's "Resource paths" table and domain.md's settings
 * tables, checked as plain data (the server's contract suite checks them over HTTP).
 */
const API_PATHS = [
  'sources', 'source-types', 'channels', 'channel-types', 'walkin-locations', 'lead-statuses', 'projects', 'units', 'unit-types',
  'unit-statuses', 'payment-plans', 'unit-offers', 'sales-teams', 'areas', 'brokers', 'broker-project-templates', 'broker-contracts',
  'payment-types', 'banks', 'block-types', 'bounced-reasons', 'nationalities', 'sites', 'departments', 'user-types', 'countries',
  'payment-methods', 'payment-statuses', 'locations', 'lead-activity-types', 'contract-actions', 'contract-parties', 'contract-steps',
  'contract-templates', 'roles', 'users',
  // Not in api.md: the seller company (issue 25), API keys and webhooks (issue 27).
  'company-profile', 'api-keys', 'webhooks',
];

/** api.md's privilege entity of each path, spelled as there; the unguarded screens' own entities. */
const ENTITIES: Record<string, string> = {
  'company-profile': 'companyProfile',
  'api-keys': 'apiKey',
  webhooks: 'webhook',
  sources: 'source', 'source-types': 'sourcetype', channels: 'channel', 'channel-types': 'channeltype', 'walkin-locations': 'walkinlocation',
  'lead-statuses': 'lead', projects: 'project', units: 'unit', 'unit-types': 'unittype', 'unit-statuses': 'unitstatus',
  'payment-plans': 'paymentplansetup', 'unit-offers': 'Lead', 'sales-teams': 'salesteam', areas: 'area', brokers: 'broker',
  'broker-project-templates': 'brokerprojecttemplate', 'broker-contracts': 'brokercontract', 'payment-types': 'paymentType', banks: 'bank',
  'block-types': 'blocktype', 'bounced-reasons': 'bouncedreason', nationalities: 'nationality', sites: 'site', departments: 'department',
  'user-types': 'usertype', countries: 'country', 'payment-methods': 'paymentmethod', 'payment-statuses': 'PaymentStatus', locations: 'location',
  'lead-activity-types': 'leadactivitytype', 'contract-actions': 'contractaction', 'contract-parties': 'contractparty',
  'contract-steps': 'contractstep', 'contract-templates': 'contracttemplate', roles: 'role', users: 'user',
};

const READ_OPEN = ['unit-statuses', 'bounced-reasons', 'locations', 'lead-activity-types', 'contract-actions', 'contract-parties', 'contract-steps', 'contract-templates'];

const registry = createRegistry(SETTINGS_RESOURCES);
const def = (name: string): ResourceDef => registry.get(name);
const ID = '7f0c7f9e-2b59-4cb5-9f6e-6b1f9a7c0a11';
const ID2 = '0b9d1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const accepts = (name: string, values: Record<string, unknown>) => createSchema(def(name)).safeParse(values);
const fieldsRefused = (name: string, values: Record<string, unknown>) => (accepts(name, values).error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('settings resource definitions', () => {
  it('build one registry, every reference resolved inside settings', () => {
    expect(registry.resources.length).toBe(SETTINGS_RESOURCES.length);
  });

  it('have every api.md path of the settings screens, and nothing else', () => {
    expect(SETTINGS_RESOURCES.map((resource) => resource.name).sort()).toEqual([...API_PATHS].sort());
  });

  // Settings declares its own entities; the unit offers are guarded by the sales lead entity (apps/web's test checks the composed registry has every definition's entity).
  const own = entityRegistry([{ owner: 'settings', entities: SETTINGS_ENTITIES }]);
  it.each(Object.entries(ENTITIES))('%s is guarded by %s, an entity settings declares (or sales’ lead)', (name, entity) => {
    expect(def(name).entity).toBe(entity);
    expect(own.find(entity) !== undefined || canonicalEntity(entity) === 'lead', entity).toBe(true);
  });

  it('opens reads to everyone only on the screens the spec leaves unguarded', () => {
    expect(SETTINGS_RESOURCES.filter((resource) => resource.readOpen).map((resource) => resource.name).sort()).toEqual([...READ_OPEN].sort());
    expect(own.find('unitstatus')?.actions).toEqual(['read', 'update']);
  });

  it('gives every resource a route, and snake_case tables of their own (people in the existing tables)', () => {
    for (const resource of SETTINGS_RESOURCES) expect(resource.route, resource.name).toMatch(/^\/(settings|sales|contractStatus)\//);
    for (const name of ['departments', 'users', 'roles']) expect(def(name)).toMatchObject({ existingTable: true, table: name });
  });

  it('mark the protected fields and the read-only unit status', () => {
    for (const field of ['bankName', 'bankAccountNo', 'iban']) expect(def('brokers').fields[field]?.protected, field).toBe(true);
    expect(def('units').fields.basePrice?.protected).toBe(true);
    expect(def('units').fields.status).toMatchObject({ readOnly: true, default: 'available' });
    expect(def('units').fields.code?.unique).toEqual(['project']);
    expect(def('unit-statuses').readOnly).toBe(true);
  });

  it('keep passwords and role privileges out of the definitions', () => {
    expect(Object.keys(def('users').fields)).not.toEqual(expect.arrayContaining(['password']));
    expect(Object.keys(def('users').fields).filter((field) => /password|roles/i.test(field))).toEqual([]);
    expect(Object.keys(def('roles').fields).filter((field) => /privilege/i.test(field))).toEqual([]);
  });

  it('set the code fields', () => {
    expect(Object.fromEntries(['projects', 'banks', 'countries', 'nationalities', 'departments', 'users'].map((name) => [name, def(name).codeField]))).toEqual({
      projects: 'code',
      banks: 'code',
      countries: 'isoCode',
      nationalities: 'isoCode',
      departments: 'code',
      users: 'username',
    });
    expect(def('users').labelField).toBe('fullName');
    expect(def('units').labelField).toBe('code');
  });
});

describe('cross-field rules', () => {
  const plan = { name: 'Plan', frequency: 'quarterly', deliveryAfterMonths: 36, discountPct: '0' };

  it('payment plans: the percentages add up to 100 at most, exactly 100 without installment years', () => {
    expect(accepts('payment-plans', { ...plan, downPaymentPct: '10', years: 5, deliveryPct: '10', maintenancePct: '8' }).success).toBe(true);
    expect(accepts('payment-plans', { ...plan, downPaymentPct: 60, years: 0, deliveryPct: 30, maintenancePct: 10 }).success).toBe(true);
    const over = accepts('payment-plans', { ...plan, downPaymentPct: '70', years: 5, deliveryPct: '40', maintenancePct: '0' });
    expect(over.error?.issues).toEqual([expect.objectContaining({ path: ['downPaymentPct'], message: 'The percentages add up to 110%; they must add up to 100%.' })]);
    expect(fieldsRefused('payment-plans', { ...plan, downPaymentPct: '50', years: 0, deliveryPct: '20', maintenancePct: '0' })).toEqual(['years']);
    // The rule reads form text, JSON numbers and empty values alike.
    expect(def('payment-plans').rule?.({ downPaymentPct: null, deliveryPct: '', maintenancePct: undefined, years: '5', deliveryAfterMonths: 12 })).toEqual([]);
  });

  it('unit offers: a percentage or an amount, not both nor neither; valid from before valid to', () => {
    const offer = { name: 'Offer', project: ID, validFrom: '2026-01-01', validTo: '2026-03-31' };
    expect(accepts('unit-offers', { ...offer, discountPct: '5' }).success).toBe(true);
    expect(accepts('unit-offers', { ...offer, discountAmount: '100000.00' }).success).toBe(true);
    expect(fieldsRefused('unit-offers', { ...offer, discountPct: '5', discountAmount: '100000.00' })).toEqual(['discountPct']);
    expect(fieldsRefused('unit-offers', offer)).toEqual(['discountPct']);
    expect(fieldsRefused('unit-offers', { ...offer, discountPct: '5', validTo: '2025-12-31' })).toEqual(['validTo']);
  });

  it('broker project templates: percent needs pct, fixed needs amount', () => {
    const template = { name: 'T', project: ID, payableOn: 'contract_signed' };
    expect(accepts('broker-project-templates', { ...template, commissionType: 'percent', pct: '2.5' }).success).toBe(true);
    expect(accepts('broker-project-templates', { ...template, commissionType: 'fixed', amount: '50000.00' }).success).toBe(true);
    // A value in the other type's field is refused (showWhen), and the type's own field is needed.
    expect(fieldsRefused('broker-project-templates', { ...template, commissionType: 'percent', amount: '50000.00' })).toEqual(['amount', 'pct']);
    expect(fieldsRefused('broker-project-templates', { ...template, commissionType: 'fixed', pct: '2' })).toEqual(['pct', 'amount']);
  });

  it('broker project templates: each commission type shows only its own fields, in the definition', () => {
    const fields = def('broker-project-templates').fields;
    expect(fields.pct!.showWhen).toEqual({ field: 'commissionType', in: ['percent'] });
    expect(fields.amount!.showWhen).toEqual({ field: 'commissionType', in: ['fixed'] });
    expect(fields.tiers!.showWhen).toEqual({ field: 'commissionType', in: ['tiered'] });
    expect(isShown(fields.tiers!, { commissionType: 'tiered' })).toBe(true);
    expect(isShown(fields.tiers!, { commissionType: 'percent' })).toBe(false);
  });

  it('broker project templates: tiers are a table of rows, each cell checked, stored as before', () => {
    const template = { name: 'T', project: ID, payableOn: 'contract_signed', commissionType: 'tiered' };
    // The demo's stored shape reads back unchanged.
    const stored = [{ upTo: 10, pct: 2 }, { upTo: 25, pct: 2.5 }, { upTo: null, pct: 3 }];
    const parsed = accepts('broker-project-templates', { ...template, tiers: stored });
    expect(parsed.success).toBe(true);
    expect((parsed.data as { tiers: unknown }).tiers).toEqual(stored);
    expect(fieldsRefused('broker-project-templates', { ...template, tiers: [] })).toEqual(['tiers']);
    expect(fieldsRefused('broker-project-templates', { ...template, tiers: [{ upTo: 10, pct: 2 }, { upTo: 5, pct: 3 }, { upTo: null, pct: '3' }] })).toEqual(['tiers.1.upTo']);
    expect(fieldsRefused('broker-project-templates', { ...template, tiers: [{ upTo: 10, pct: 2 }, { upTo: '20', pct: 200 }] })).toEqual(['tiers.1.upTo', 'tiers.1.pct']);
    expect(fieldsRefused('broker-project-templates', { ...template, tiers: [{ upTo: null, pct: 2 }, { upTo: 20, pct: 3 }] })).toEqual(['tiers.0.upTo']);
    expect(def('broker-project-templates').fields.tiers!.columns).toMatchObject({ upTo: { kind: 'integer' }, pct: { kind: 'percent', required: true } });
  });

  it('broker contracts end on or after their start', () => {
    const contract = { contractNo: 'BC-1', broker: ID, template: ID2, startDate: '2026-01-01' };
    expect(accepts('broker-contracts', { ...contract, endDate: '2026-01-01' }).success).toBe(true);
    expect(fieldsRefused('broker-contracts', { ...contract, endDate: '2025-12-31' })).toEqual(['endDate']);
    expect(def('broker-contracts').fields.status).toMatchObject({ default: 'draft', options: ['draft', 'active', 'expired', 'terminated'] });
  });

  it('projects are delivered after their launch; contract actions move to another step', () => {
    expect(fieldsRefused('projects', { name: 'P', code: 'P', launchDate: '2026-05-01', deliveryDate: '2026-01-01' })).toEqual(['deliveryDate']);
    expect(fieldsRefused('contract-actions', { name: 'A', label: 'A', fromStep: ID, toStep: ID })).toEqual(['toStep']);
    expect(accepts('contract-actions', { name: 'A', label: 'A', fromStep: ID, toStep: ID2 }).success).toBe(true);
  });

  it('refuses what the field kinds refuse: colours, ISO codes, counts out of range', () => {
    expect(fieldsRefused('lead-statuses', { name: 'S', color: 'red', sortOrder: 1, category: 'open' })).toEqual(['color']);
    expect(fieldsRefused('countries', { name: 'Egypt', isoCode: 'EGY' })).toEqual(['isoCode']);
    expect(fieldsRefused('payment-plans', { ...plan, downPaymentPct: '100', years: 31, deliveryPct: '0', maintenancePct: '0' })).toContain('years');
  });
});
