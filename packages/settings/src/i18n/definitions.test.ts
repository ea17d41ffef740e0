import { describe, expect, it } from 'vitest';
import { checkDefinitionWords, definitionKeys, localizeResource, optionLabelOf } from '@propdesk/records/model';
import { SETTINGS_RESOURCES } from '../model/index.js';
import arabic from './definitions.ar.js';

/** A contract template's help lists its merge fields (`{{customer.name}}`): braces of the English itself, shown as data, never formatted. */
const MERGE_FIELDS = 'contract-templates.fields.body.help';

describe("settings' Arabic words", () => {
  it('has an Arabic word for every key of every definition, and no stale or unsafe one', () => {
    const problems = checkDefinitionWords(SETTINGS_RESOURCES, arabic).filter((problem) => !(problem.startsWith(`${MERGE_FIELDS}:`) && problem.includes('braces that are not')));
    expect(problems).toEqual([]);
    // The one exception keeps the merge fields exactly as the English writes them.
    expect(arabic[MERGE_FIELDS]).toContain('{{customer.name}}, {{unit.code}}');
  });

  it('localizes every definition with no English left in what a person reads', () => {
    for (const def of SETTINGS_RESOURCES) {
      const localized = localizeResource(def, arabic);
      for (const { key, english } of definitionKeys(localized)) if (!key.includes('.options.')) expect(english, key).toBe(arabic[key]);
      for (const [name, field] of Object.entries(localized.fields)) {
        for (const option of field.options ?? []) expect(optionLabelOf(field, option)).toBe(arabic[`${def.name}.fields.${name}.options.${option}`]);
      }
    }
  });
});
