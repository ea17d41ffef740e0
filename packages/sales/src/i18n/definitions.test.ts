import { describe, expect, it } from 'vitest';
import { checkDefinitionWords, definitionKeys, localizeResource, optionLabelOf } from '@propdesk/records/model';
import { SALES_RESOURCES } from '../resources/manifest.js';
import arabic from './definitions.ar.js';

describe("sales's Arabic words (issue 29)", () => {
  it('has an Arabic word for every key of every sales definition, and no stale or unsafe one', () => {
    expect(checkDefinitionWords(SALES_RESOURCES, arabic)).toEqual([]);
  });

  it('covers all the keys the definitions give', () => {
    const keys = SALES_RESOURCES.flatMap((def) => definitionKeys(def).map(({ key }) => key));
    expect(Object.keys(arabic).sort()).toEqual([...keys].sort());
  });

  it('localizes every definition with no English left in what a person reads', () => {
    for (const def of SALES_RESOURCES) {
      const localized = localizeResource(def, arabic);
      for (const { key, english } of definitionKeys(localized)) if (!key.includes('.options.')) expect(english, key).toBe(arabic[key]);
      for (const [name, field] of Object.entries(localized.fields)) {
        for (const option of field.options ?? []) expect(optionLabelOf(field, option)).toBe(arabic[`${def.name}.fields.${name}.options.${option}`]);
      }
    }
    const leads = localizeResource(SALES_RESOURCES.find((def) => def.name === 'leads')!, arabic);
    expect(leads.label).toBe('العملاء المحتملون');
    expect(leads.fields.phone!.label).toBe('الهاتف');
  });
});
