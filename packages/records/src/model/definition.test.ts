import { describe, expect, it } from 'vitest';
import { projects, sourceTypes, sources, units } from '../test/definitions.js';
import { actionApplies, checkDefinition, isKeyField, type ResourceDef } from './definition.js';
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

describe('pickers and key columns in definitions', () => {
  const deals = (fields: ResourceDef['fields'], extra: Partial<ResourceDef> = {}): ResourceDef => ({
    name: 'deals',
    table: 'deals',
    label: 'Deals',
    singular: 'Deal',
    entity: 'reservation',
    labelField: 'title',
    fields: { title: { kind: 'text', label: 'Title' }, ...fields },
    defaultSort: ['title'],
    listColumns: ['title'],
    ...extra,
  });
  const project = { kind: 'reference', label: 'Project', ref: 'projects' } as const;

  it('accepts a pick match that lines up: a unit of the chosen project, a source type through the source', () => {
    const good = deals({ project, unit: { kind: 'reference', label: 'Unit', ref: 'units', pickMatch: { field: 'project', target: 'project' } } });
    expect(() => createRegistry([sourceTypes, sources, projects, units, good])).not.toThrow();
    const through = deals({
      source: { kind: 'reference', label: 'Source', ref: 'sources' },
      type: { kind: 'reference', label: 'Type', ref: 'source-types', pickMatch: { field: 'source', through: 'sourceType', target: 'sourceType' } },
    });
    // source-types have no sourceType field: the target must be a reference of the picked resource to what the path holds.
    expect(() => createRegistry([sourceTypes, sources, projects, units, through])).toThrow(/type matches source, but source-types.sourceType does not refer to source-types/);
  });

  it('refuses a pick match that names no other reference, a wrong path or a target of another kind', () => {
    const attempt = (fields: ResourceDef['fields']) => () => createRegistry([sourceTypes, sources, projects, units, deals(fields)]);
    expect(attempt({ unit: { kind: 'reference', label: 'Unit', ref: 'units', pickMatch: { field: 'title', target: 'project' } } })).toThrow(/which is not another reference of the form/);
    expect(attempt({ unit: { kind: 'reference', label: 'Unit', ref: 'units', pickMatch: { field: 'unit', target: 'project' } } })).toThrow(/which is not another reference/);
    expect(attempt({ project, unit: { kind: 'reference', label: 'Unit', ref: 'units', pickMatch: { field: 'project', through: 'code', target: 'project' } } })).toThrow(/through code, which is not a reference of projects/);
    expect(attempt({ project, unit: { kind: 'reference', label: 'Unit', ref: 'units', pickMatch: { field: 'project', target: 'floor' } } })).toThrow(/units.floor does not refer to projects/);
    expect(attempt({ project, code: { kind: 'text', label: 'Code', pickMatch: { field: 'project', target: 'project' } } })).toThrow(/code matches project, but is not a reference/);
  });

  it('refuses an option detail that is not a plain readable field', () => {
    const detailed = { ...units, optionDetail: ['project', { field: 'block', prefix: 'Block ' }, 'basePrice'] } as ResourceDef;
    const problems = checkDefinition(detailed).join('\n');
    expect(problems).toMatch(/option detail block is not a field/);
    expect(problems).toMatch(/option detail basePrice must be a plain, readable field/);
    expect(checkDefinition({ ...units, optionDetail: ['project', { field: 'code', last: 2 }] })).toEqual([]);
  });

  it('offers an action whose `when` asks for a filled field only while it has a value', () => {
    const def = { statusField: 'status' };
    const action = { label: 'Approve extension', from: ['approved'], to: 'approved', when: { field: 'extensionHours', filled: true as const } };
    expect(actionApplies(def, action, { status: 'approved', extensionHours: 12 })).toBe(true);
    expect(actionApplies(def, action, { status: 'approved', extensionHours: null })).toBe(false);
    expect(actionApplies(def, action, { status: 'approved' })).toBe(false);
    expect(actionApplies(def, action, { status: 'pending', extensionHours: 12 })).toBe(false);
  });

  it('counts the numbering field, the code field and a declared key as key columns', () => {
    const numbered = deals({ number: { kind: 'text', label: 'Number' }, cheque: { kind: 'text', label: 'Cheque number', key: true } }, { numbering: { prefix: 'D', field: 'number' } });
    expect(isKeyField(numbered, 'number')).toBe(true);
    expect(isKeyField(numbered, 'cheque')).toBe(true);
    expect(isKeyField(numbered, 'title')).toBe(false);
    expect(isKeyField(projects, 'code')).toBe(true);
  });
});
