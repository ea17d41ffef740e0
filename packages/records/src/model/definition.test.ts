import { describe, expect, it } from 'vitest';
import { projects, sourceTypes, sources, units } from '../test/definitions.js';
import { actionApplies, checkDefinition, type ResourceDef } from './definition.js';
import { createRegistry } from './registry.js';
import { createSchema, updateSchema } from './schemas.js';

describe('definition checks', () => {
  it('accepts the fixtures and builds their registry', () => {
    const registry = createRegistry([sourceTypes, sources, projects, units]);
    expect(registry.referrers('source-types')).toEqual([[sources, 'sourceType']]);
  });

  it('refuses malformed definitions with what is wrong', () => {
    const broken = {
      ...sources,
      name: 'Bad Name',
      table: 'bad-table',
      fields: { ...sources.fields, version: { kind: 'text', label: 'V' }, other: { kind: 'reference', label: 'O' }, kind: { kind: 'enum', label: 'K', options: [] } },
      defaultSort: ['missing'],
      listColumns: ['alsoMissing'],
    } as unknown as ResourceDef;
    const problems = checkDefinition(broken, new Set(['source-types']));
    expect(problems.join('\n')).toMatch(/kebab-case/);
    expect(problems.join('\n')).toMatch(/snake_case/);
    expect(problems.join('\n')).toMatch(/version is a base field/);
    expect(problems.join('\n')).toMatch(/other needs ref/);
    expect(problems.join('\n')).toMatch(/kind needs options/);
    expect(problems.join('\n')).toMatch(/default sort missing/);
    expect(problems.join('\n')).toMatch(/list column alsoMissing/);
    expect(() => createRegistry([sources])).toThrow(/unknown resource source-types/);
    expect(() => createRegistry([sourceTypes, sourceTypes])).toThrow(/Duplicate resource/);
  });
});

describe('actions offered on a condition', () => {
  const deed = {
    ...sources,
    fields: { ...sources.fields, status: { kind: 'enum', label: 'Status', options: ['draft', 'signed'] }, sealed: { kind: 'boolean', label: 'Sealed' } },
    statusField: 'status',
    actions: {
      sign: { label: 'Sign', from: ['draft'], to: 'signed' },
      register: { label: 'Register', from: ['signed'], to: 'signed', when: { field: 'sealed', in: [true] } },
    },
  } as unknown as ResourceDef;

  it('needs the state and, where one is given, the condition', () => {
    const { sign, register } = deed.actions!;
    expect(actionApplies(deed, sign!, { status: 'draft' })).toBe(true);
    expect(actionApplies(deed, sign!, { status: 'signed' })).toBe(false);
    expect(actionApplies(deed, register!, { status: 'signed', sealed: true })).toBe(true);
    expect(actionApplies(deed, register!, { status: 'signed', sealed: false })).toBe(false);
    expect(actionApplies(deed, register!, { status: 'signed', sealed: null })).toBe(false);
    expect(actionApplies(deed, register!, { status: 'draft', sealed: true })).toBe(false);
  });

  it('refuses a condition on a field the resource lacks', () => {
    expect(checkDefinition(deed)).toEqual([]);
    const broken = { ...deed, actions: { register: { ...deed.actions!.register!, when: { field: 'stamp', in: [true] } } } } as ResourceDef;
    expect(checkDefinition(broken).join('\n')).toMatch(/action register is offered when stamp, which is not a field/);
  });
});

describe('generated schemas', () => {
  it('read form text as a person types it (the text source), and refuse what is wrong', () => {
    const schema = createSchema(units, { source: 'text' });
    const parsed = schema.parse({ code: ' B-12 ', project: '7f0c7f9e-2b59-4cb5-9f6e-6b1f9a7c0a11', floor: '3', areaM2: '120.5', basePrice: '1,250,000.00', corner: 'true' });
    expect(parsed).toMatchObject({ code: 'B-12', floor: 3, areaM2: '120.5', basePrice: '1250000.00', corner: true });
    const refused = schema.safeParse({ code: '', project: 'x', floor: '3.5', areaM2: '1.234', basePrice: '-1', status: 'sold' });
    expect(refused.success).toBe(false);
    const fields = refused.error!.issues.map((issue) => issue.path.join('.') || 'keys');
    expect(fields).toEqual(expect.arrayContaining(['code', 'project', 'floor', 'areaM2', 'basePrice', 'keys']));
  });

  it('need the version on update and keep required fields required', () => {
    expect(updateSchema(sources).safeParse({ name: 'x' }).success).toBe(false);
    expect(updateSchema(sources).safeParse({ version: 1, name: '' }).success).toBe(false);
    expect(updateSchema(sources).parse({ version: 2, description: '' })).toEqual({ version: 2, description: null });
  });

  it('run the cross-field rule in the browser as on the server', () => {
    const result = createSchema(projects).safeParse({ name: 'P', code: 'P', launchDate: '2026-05-01', deliveryDate: '2026-01-01' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['deliveryDate'], message: 'Delivery comes after launch' })]);
  });
});
