import { describe, expect, it } from 'vitest';
import { f } from './builders.js';
import type { ResourceDef } from './definition.js';
import { createSchema } from './schemas.js';
import { checkDefinitionWords, definitionKeys, localizeResource, optionLabelOf, type LocalizedFieldDef } from './localize.js';

const cheques: ResourceDef = {
  name: 'cheques',
  table: 'cheques',
  label: 'Cheques',
  singular: 'Cheque',
  entity: 'cheque',
  labelField: 'number',
  optionDetail: [{ field: 'holder', prefix: 'Holder ', last: 4 }, 'status'],
  fields: {
    number: f.text('Cheque number', { required: true, help: 'As printed on the cheque' }),
    holder: f.text('Holder', { emptyText: 'Not named' }),
    unit: f.ref('Unit', 'units', { pickWhere: { status: ['sold'] }, pickMessage: 'The unit must be sold', pickMatch: { field: 'project', target: 'project', message: 'The unit is not of this project' } }),
    status: f.enum('Status', ['in_hand', 'pdc_deposited', 'bounced'], { required: true, default: 'in_hand' }),
    tiers: f.rows('Tiers', { upTo: f.integer('Up to', { help: 'Units sold' }), kind: f.enum('Kind', ['flat', 'vat_included']) }),
  },
  defaultSort: ['number'],
  listColumns: ['number', 'status'],
  statusField: 'status',
  rule: (values) => (values.holder === 'x' ? [{ field: 'holder', message: 'Not x' }] : []),
  actions: {
    deposit: { label: 'Deposit', from: ['in_hand'], to: 'pdc_deposited', confirm: 'Deposit cheque {number}?' },
    bounce: { label: 'Bounce', from: ['pdc_deposited'], to: 'bounced', reason: 'required', reasonLabel: 'Bank reason', when: { field: 'holder', filled: true, otherwise: 'the cheque has no holder' } },
  },
};

const EXPECTED_KEYS = [
  ['cheques.label', 'Cheques'],
  ['cheques.singular', 'Cheque'],
  ['cheques.fields.number.label', 'Cheque number'],
  ['cheques.fields.number.help', 'As printed on the cheque'],
  ['cheques.fields.holder.label', 'Holder'],
  ['cheques.fields.holder.emptyText', 'Not named'],
  ['cheques.fields.unit.label', 'Unit'],
  ['cheques.fields.unit.pickMessage', 'The unit must be sold'],
  ['cheques.fields.unit.pickMatchMessage', 'The unit is not of this project'],
  ['cheques.fields.status.label', 'Status'],
  ['cheques.fields.status.options.in_hand', 'In hand'],
  ['cheques.fields.status.options.pdc_deposited', 'PDC deposited'],
  ['cheques.fields.status.options.bounced', 'Bounced'],
  ['cheques.fields.tiers.label', 'Tiers'],
  ['cheques.fields.tiers.columns.upTo.label', 'Up to'],
  ['cheques.fields.tiers.columns.upTo.help', 'Units sold'],
  ['cheques.fields.tiers.columns.kind.label', 'Kind'],
  ['cheques.fields.tiers.columns.kind.options.flat', 'Flat'],
  ['cheques.fields.tiers.columns.kind.options.vat_included', 'VAT included'],
  ['cheques.optionDetail.holder.prefix', 'Holder '],
  ['cheques.actions.deposit.label', 'Deposit'],
  ['cheques.actions.deposit.confirm', 'Deposit cheque {number}?'],
  ['cheques.actions.bounce.label', 'Bounce'],
  ['cheques.actions.bounce.reasonLabel', 'Bank reason'],
  ['cheques.actions.bounce.otherwise', 'the cheque has no holder'],
];

/** Arabic for every key but one (the holder's empty text), to see the English fallback. */
const WORDS: Record<string, string> = {
  'cheques.label': 'الشيكات',
  'cheques.singular': 'شيك',
  'cheques.fields.number.label': 'رقم الشيك',
  'cheques.fields.number.help': 'كما هو مطبوع على الشيك',
  'cheques.fields.holder.label': 'الحامل',
  'cheques.fields.unit.label': 'الوحدة',
  'cheques.fields.unit.pickMessage': 'يجب أن تكون الوحدة مباعة',
  'cheques.fields.unit.pickMatchMessage': 'الوحدة ليست من هذا المشروع',
  'cheques.fields.status.label': 'الحالة',
  'cheques.fields.status.options.in_hand': 'بالخزينة',
  'cheques.fields.status.options.pdc_deposited': 'شيك آجل مودع',
  'cheques.fields.status.options.bounced': 'مرتد',
  'cheques.fields.tiers.label': 'الشرائح',
  'cheques.fields.tiers.columns.upTo.label': 'حتى',
  'cheques.fields.tiers.columns.upTo.help': 'الوحدات المباعة',
  'cheques.fields.tiers.columns.kind.label': 'النوع',
  'cheques.fields.tiers.columns.kind.options.flat': 'ثابت',
  'cheques.fields.tiers.columns.kind.options.vat_included': 'شامل ضريبة القيمة المضافة',
  'cheques.optionDetail.holder.prefix': 'الحامل ',
  'cheques.actions.deposit.label': 'إيداع',
  'cheques.actions.deposit.confirm': 'إيداع الشيك {number}؟',
  'cheques.actions.bounce.label': 'ارتداد',
  'cheques.actions.bounce.reasonLabel': 'سبب البنك',
  'cheques.actions.bounce.otherwise': 'الشيك بلا حامل',
};

describe('definitionKeys', () => {
  it('lists every string a person reads, keyed by names, with the English shown today', () => {
    expect(definitionKeys(cheques).map(({ key, english }) => [key, english])).toEqual(EXPECTED_KEYS);
  });

  it('keys by name, so reordering fields, options or actions keeps every key and its words', () => {
    const reordered: ResourceDef = {
      ...cheques,
      fields: { status: { ...cheques.fields.status!, options: ['bounced', 'pdc_deposited', 'in_hand'] }, ...cheques.fields },
      actions: { bounce: cheques.actions!.bounce!, deposit: cheques.actions!.deposit! },
    };
    const sorted = (def: ResourceDef) => definitionKeys(def).sort((a, b) => a.key.localeCompare(b.key));
    expect(sorted(reordered)).toEqual(sorted(cheques));
  });

  it('leaves out strings a definition does not have', () => {
    const bare: ResourceDef = { name: 'banks', table: 'banks', label: 'Banks', singular: 'Bank', entity: 'bank', fields: { name: f.name() }, defaultSort: ['name'], listColumns: ['name'] };
    expect(definitionKeys(bare)).toEqual([
      { key: 'banks.label', english: 'Banks' },
      { key: 'banks.singular', english: 'Bank' },
      { key: 'banks.fields.name.label', english: 'Name' },
    ]);
  });
});

describe('localizeResource', () => {
  const arabic = localizeResource(cheques, WORDS);

  it('puts each word in its place and keeps English where a word is missing', () => {
    expect(arabic.label).toBe('الشيكات');
    expect(arabic.singular).toBe('شيك');
    expect(arabic.fields.number).toMatchObject({ label: 'رقم الشيك', help: 'كما هو مطبوع على الشيك' });
    expect(arabic.fields.holder).toMatchObject({ label: 'الحامل', emptyText: 'Not named' });
    expect(arabic.fields.unit!.pickMessage).toBe('يجب أن تكون الوحدة مباعة');
    expect(arabic.fields.unit!.pickMatch).toEqual({ field: 'project', target: 'project', message: 'الوحدة ليست من هذا المشروع' });
    expect(arabic.fields.tiers!.columns!.upTo).toMatchObject({ label: 'حتى', help: 'الوحدات المباعة' });
    expect(arabic.optionDetail).toEqual([{ field: 'holder', prefix: 'الحامل ', last: 4 }, 'status']);
    expect(arabic.actions!.deposit).toMatchObject({ label: 'إيداع', confirm: 'إيداع الشيك {number}؟', from: ['in_hand'], to: 'pdc_deposited' });
    expect(arabic.actions!.bounce).toMatchObject({ label: 'ارتداد', reasonLabel: 'سبب البنك', when: { field: 'holder', filled: true, otherwise: 'الشيك بلا حامل' } });
  });

  it('every key listed is a string the localized copy shows: all of them change with full words', () => {
    const full = { ...WORDS, 'cheques.fields.holder.emptyText': 'بدون اسم' };
    const localized = localizeResource(cheques, full);
    const english = new Set(definitionKeys(cheques).map((entry) => entry.english));
    const shown = JSON.stringify(localized);
    for (const text of english) expect(shown.includes(JSON.stringify(text)), text).toBe(false);
    expect(localized.fields.holder!.emptyText).toBe('بدون اسم');
  });

  it('labels enum options without changing their values, which stay data', () => {
    const status = arabic.fields.status as LocalizedFieldDef;
    expect(status.options).toEqual(['in_hand', 'pdc_deposited', 'bounced']);
    expect(status.default).toBe('in_hand');
    expect(optionLabelOf(status, 'pdc_deposited')).toBe('شيك آجل مودع');
    expect(optionLabelOf(arabic.fields.tiers!.columns!.kind, 'vat_included')).toBe('شامل ضريبة القيمة المضافة');
    // Not localized (or an unknown value): the English label as today.
    expect(optionLabelOf(cheques.fields.status, 'pdc_deposited')).toBe('PDC deposited');
    expect(optionLabelOf(status, 'lost')).toBe('Lost');
  });

  it('with no words gives the English definition, and never changes the one given', () => {
    const snapshot = JSON.stringify(cheques);
    const same = localizeResource(cheques, {});
    expect(same).not.toBe(cheques);
    expect(definitionKeys(same)).toEqual(definitionKeys(cheques));
    expect(same.rule).toBe(cheques.rule);
    expect(JSON.stringify(cheques)).toBe(snapshot);
  });

  it('validates exactly as the original: names, values and rules are untouched', () => {
    const record = { number: 'CH-1', holder: 'x', status: 'bounced', tiers: [{ upTo: 3, kind: 'flat' }] };
    expect(createSchema(arabic).safeParse(record).success).toBe(createSchema(cheques).safeParse(record).success);
    expect(arabic.rule!(record)).toEqual([{ field: 'holder', message: 'Not x' }]);
    expect(createSchema(arabic).safeParse({ ...record, status: 'مرتد' }).success).toBe(false);
  });
});

describe('checkDefinitionWords', () => {
  const full = { ...WORDS, 'cheques.fields.holder.emptyText': 'بدون اسم' };

  it('finds nothing wrong with complete Arabic words', () => {
    expect(checkDefinitionWords([cheques], full)).toEqual([]);
  });

  it('names a missing word, an empty one, one with no Arabic letter and a stale key', () => {
    expect(
      checkDefinitionWords([cheques], {
        ...WORDS,
        'cheques.fields.number.help': ' ',
        'cheques.fields.status.options.bounced': 'Bounced',
        'cheques.fields.gone.label': 'قديم',
      }),
    ).toEqual([
      'cheques.fields.number.help: empty',
      'cheques.fields.holder.emptyText: no word for "Not named"',
      'cheques.fields.status.options.bounced: "Bounced" has no Arabic letter',
      'cheques.fields.gone.label: stale (no definition has it)',
    ]);
  });

  it('allows a Latin code only for a key named in the allowed list', () => {
    const words = { ...full, 'cheques.fields.tiers.columns.kind.options.flat': 'VAT' };
    expect(checkDefinitionWords([cheques], words)).toEqual(['cheques.fields.tiers.columns.kind.options.flat: "VAT" has no Arabic letter']);
    expect(checkDefinitionWords([cheques], words, { latinAllowed: new Set(['cheques.fields.tiers.columns.kind.options.flat']) })).toEqual([]);
  });

  it('refuses a changed or lost placeholder, braces that are not placeholders, and a lost trailing space', () => {
    expect(
      checkDefinitionWords([cheques], {
        ...full,
        'cheques.actions.deposit.confirm': 'إيداع الشيك {رقم}؟',
        'cheques.fields.holder.label': 'الحامل {',
        'cheques.optionDetail.holder.prefix': 'الحامل',
      }),
    ).toEqual([
      'cheques.fields.holder.label: "الحامل {" has braces that are not {placeholders}',
      'cheques.optionDetail.holder.prefix: leading or trailing spaces of "الحامل" differ from "Holder "',
      'cheques.actions.deposit.confirm: placeholders of "إيداع الشيك {رقم}؟" differ from "Deposit cheque {number}?"',
      'cheques.actions.deposit.confirm: "إيداع الشيك {رقم}؟" has braces that are not {placeholders}',
    ]);
  });

  it('names a key two definitions share', () => {
    expect(checkDefinitionWords([cheques, cheques], full).filter((line) => line.endsWith('listed twice'))).toHaveLength(definitionKeys(cheques).length);
  });
});
