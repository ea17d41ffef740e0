import { describe, expect, it } from 'vitest';
import { checkDefinitionWords, definitionKeys, localizeResource, optionLabelOf } from '@propdesk/records/model';
import { PROCUREMENT_RESOURCES } from '../resources/manifest.js';
import arabic from './definitions.ar.js';

describe("procurement's Arabic words", () => {
  it('has an Arabic word for every key of every definition, and no stale or unsafe one', () => {
    expect(checkDefinitionWords(PROCUREMENT_RESOURCES, arabic)).toEqual([]);
  });

  it('localizes every definition with no English left in what a person reads', () => {
    for (const def of PROCUREMENT_RESOURCES) {
      const localized = localizeResource(def, arabic);
      // Option values stay data, so the localized copy's own keys still humanize them: those are checked by their labels.
      for (const { key, english } of definitionKeys(localized)) if (!key.includes('.options.')) expect(english, key).toBe(arabic[key]);
      for (const [name, field] of Object.entries(localized.fields)) {
        for (const option of field.options ?? []) expect(optionLabelOf(field, option)).toBe(arabic[`${def.name}.fields.${name}.options.${option}`]);
      }
    }
  });
});
