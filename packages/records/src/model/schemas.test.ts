import { describe, expect, it } from 'vitest';
import { projects, units } from '../test/definitions.js';
import { f } from './builders.js';
import { checkDefinition, isShown, type ResourceDef } from './definition.js';
import { createSchema, ruleErrors, updateSchema, valueSchema } from './schemas.js';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('typed JSON values (never coerced)', () => {
  it('takes an integer as a JSON number only', () => {
    const schema = valueSchema(f.integer('Floors', { min: 0 }));
    expect(schema.parse(5)).toBe(5);
    expect(schema.safeParse('5').success).toBe(false);
    expect(schema.safeParse(true).success).toBe(false);
    expect(schema.safeParse(2.5).success).toBe(false);
    expect(schema.safeParse(-1).success).toBe(false);
  });

  it('takes a yes/no as a JSON boolean only', () => {
    const schema = valueSchema(f.boolean('Corner'));
    expect(schema.parse(true)).toBe(true);
    expect(schema.safeParse('true').success).toBe(false);
    expect(schema.safeParse(1).success).toBe(false);
  });

  it('takes an amount or a percentage as a JSON number or a decimal string, never a boolean', () => {
    for (const field of [f.money('Price'), f.percent('Share'), f.decimal('Area')]) {
      const schema = valueSchema(field);
      expect(schema.parse(5)).toBe('5');
      expect(schema.parse('46.50')).toBe('46.50');
      expect(schema.safeParse(true).success).toBe(false);
      expect(schema.safeParse('1,000').success).toBe(false);
    }
  });

  it('names the field of a mistyped body', () => {
    const body = createSchema(units).safeParse({ code: 'A-1', project: '7f0c7f9e-2b59-4cb5-9f6e-6b1f9a7c0a11', floor: '5', corner: 'true', areaM2: true });
    expect(paths(body).sort()).toEqual(['areaM2', 'corner', 'floor']);
    const update = updateSchema(units).safeParse({ version: 1, floor: '5' });
    expect(paths(update)).toEqual(['floor']);
  });
});

describe('text values (CSV cells, query strings, form inputs)', () => {
  it('reads text as the typed value, then checks it the same way', () => {
    expect(valueSchema(f.integer('Floors'), 'text').parse(' 1,250 ')).toBe(1250);
    expect(valueSchema(f.boolean('Corner'), 'text').parse('Yes')).toBe(true);
    expect(valueSchema(f.boolean('Corner'), 'text').parse('0')).toBe(false);
    expect(valueSchema(f.money('Price'), 'text').parse('146,000.00')).toBe('146000.00');
    expect(valueSchema(f.percent('Share'), 'text').parse('2.5%')).toBe('2.5');
    expect(valueSchema(f.integer('Floors'), 'text').safeParse('five').success).toBe(false);
    expect(valueSchema(f.integer('Floors'), 'text').parse(7)).toBe(7);
  });

  it('gives a text schema for a whole body', () => {
    const parsed = createSchema(units, { source: 'text' }).parse({ code: 'A-1', project: '7f0c7f9e-2b59-4cb5-9f6e-6b1f9a7c0a11', floor: '5', corner: 'no', active: 'yes' });
    expect(parsed).toMatchObject({ floor: 5, corner: false, active: true });
  });
});

const tiers = f.rows('Tiers', { upTo: f.integer('Sales up to', { min: 1 }), pct: f.percent('Commission', { required: true }) }, { maxRows: 3 });

describe('rows fields (a list of rows inside a record)', () => {
  it('checks each cell and names it by row and column', () => {
    const schema = valueSchema(tiers);
    expect(schema.parse([{ upTo: 10, pct: 2 }, { upTo: null, pct: '3.5' }])).toEqual([{ upTo: 10, pct: 2 }, { upTo: null, pct: 3.5 }]);
    const bad = schema.safeParse([{ upTo: 10, pct: 2 }, { upTo: 20 }, { upTo: '30', pct: 400 }]);
    expect(paths(bad)).toEqual(['1.pct', '2.upTo', '2.pct']);
    expect(schema.safeParse([{ upTo: 1, pct: 1, extra: 1 }]).success).toBe(false);
    expect(schema.safeParse([{ pct: 1 }, { pct: 1 }, { pct: 1 }, { pct: 1 }]).success).toBe(false);
    expect(schema.safeParse({ pct: 1 }).success).toBe(false);
  });

  it('fills missing cells with null and reads text cells in text mode', () => {
    expect(valueSchema(tiers).parse([{ pct: 3 }])).toEqual([{ upTo: null, pct: 3 }]);
    expect(valueSchema(tiers, 'text').parse('[{"upTo": "10", "pct": "2"}]')).toEqual([{ upTo: 10, pct: 2 }]);
  });

  it('names the cell inside a body', () => {
    const def: ResourceDef = { name: 'plans', table: 'plans', label: 'Plans', singular: 'Plan', entity: 'plan', fields: { name: f.name(), tiers }, defaultSort: ['name'], listColumns: ['name'] };
    expect(paths(createSchema(def).safeParse({ name: 'A', tiers: [{ pct: 1 }, { pct: 1 }, { pct: -1 }] }))).toEqual(['tiers.2.pct']);
  });

  it('is checked by the definition checks', () => {
    const def = { ...projects, fields: { ...projects.fields, bad: { kind: 'text', label: 'Bad', columns: { x: { kind: 'reference', label: 'X', ref: 'projects' } } } } } as ResourceDef;
    expect(checkDefinition(def).join('\n')).toMatch(/bad has columns but is not a json field[\s\S]*column x must be a scalar field/);
  });
});

describe('fields shown for one choice (showWhen)', () => {
  const def: ResourceDef = {
    name: 'templates',
    table: 'templates',
    label: 'Templates',
    singular: 'Template',
    entity: 'template',
    fields: {
      name: f.name(),
      kind: f.enum('Commission', ['percent', 'fixed', 'tiered'], { required: true, default: 'percent' }),
      pct: f.percent('Percentage', { showWhen: { field: 'kind', in: ['percent'] } }),
      amount: f.money('Fixed amount', { showWhen: { field: 'kind', in: ['fixed'] } }),
    },
    defaultSort: ['name'],
    listColumns: ['name'],
  };

  it('knows when a field applies', () => {
    expect(isShown(def.fields.pct!, { kind: 'percent' })).toBe(true);
    expect(isShown(def.fields.pct!, { kind: 'fixed' })).toBe(false);
    expect(isShown(def.fields.name!, {})).toBe(true);
  });

  it('refuses a value in a hidden field, on create (defaults count) and on the merged record of an update', () => {
    expect(createSchema(def).safeParse({ name: 'A', pct: '2' }).success).toBe(true);
    const refused = createSchema(def).safeParse({ name: 'A', amount: '100.00' });
    expect(paths(refused)).toEqual(['amount']);
    expect(refused.error?.issues[0]?.message).toBe('Only when commission is fixed: leave it empty');
    expect(createSchema(def).safeParse({ name: 'A', kind: 'fixed', amount: '100.00', pct: null }).success).toBe(true);
    expect(ruleErrors(def, { name: 'A', kind: 'fixed', amount: '100.00', pct: '2' })).toEqual([{ field: 'pct', message: 'Only when commission is percent: leave it empty' }]);
  });

  it('is checked by the definition checks', () => {
    const bad = { ...def, fields: { ...def.fields, amount: f.money('Amount', { showWhen: { field: 'kind', in: ['flat'] } }), x: f.text('X', { showWhen: { field: 'nope', in: ['a'] } }) } };
    const problems = checkDefinition(bad).join('\n');
    expect(problems).toMatch(/amount shows when kind is flat, not an option/);
    expect(problems).toMatch(/x shows when nope, which is not another field/);
  });
});

describe('the phone kind in E.164', () => {
  const international = f.phone('Phone', { e164: true });

  it('takes a number valid for its country in E.164 only, named as the form asks for it', () => {
    const schema = valueSchema(international);
    expect(schema.parse('+201001234567')).toBe('+201001234567');
    const short = schema.safeParse('+2012345');
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Choose the country and enter a valid number');
    // A local number in a JSON body is not guessed at: the client sends E.164.
    expect(schema.safeParse('01001234567').success).toBe(false);
  });

  it('reads a local number in a CSV cell as Egyptian, and keeps a plain phone field as loose as before', () => {
    expect(valueSchema(international, 'text').parse('0100 123 4567')).toBe('+201001234567');
    expect(valueSchema(international, 'text').safeParse('0100').success).toBe(false);
    expect(valueSchema(f.phone('Switchboard')).parse('02 2345-6789')).toBe('02 2345-6789');
  });

  it('is a phone option only', () => {
    const def: ResourceDef = { name: 'things', table: 'things', label: 'Things', singular: 'Thing', entity: 'thing', fields: { name: f.name(), code: f.text('Code', { e164: true }) }, defaultSort: ['name'], listColumns: ['name'] };
    expect(checkDefinition(def)).toContain('resource things: code is e164 but not a phone');
  });
});
