import { defineCatalog } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { loadServerCatalogs, translate } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from './ar.js';
import { counted, settingsCatalog, settingsText, settingsValidationCatalog } from './catalog.js';

describe("settings' server words (issue 29)", () => {
  beforeAll(() => loadServerCatalogs());

  it('every key in Arabic and English, with the same parameters, for the refusals and the schemas’ words', async () => {
    expect(await catalogProblems(settingsCatalog)).toEqual([]);
    expect(await catalogProblems(settingsValidationCatalog)).toEqual([]);
  });

  it('a key without its Arabic fails the check', async () => {
    const { roleInUse: _dropped, ...rest } = ar;
    const missing = defineCatalog('settings', settingsCatalog.en, () => Promise.resolve({ default: rest }));
    expect(await catalogProblems(missing)).toEqual(['settings.roleInUse has no Arabic']);
  });

  it('a role in use: "1 user" / "2 users" in English as before, the six Arabic forms with Latin digits', () => {
    const inUse = (count: number, language: 'en' | 'ar') => translate(settingsText('roleInUse', counted(count)), language);
    expect(inUse(1, 'en')).toBe('This role is given to 1 user; take it away from them first.');
    expect(inUse(2, 'en')).toBe('This role is given to 2 users; take it away from them first.');
    expect(inUse(1200, 'en')).toBe('This role is given to 1200 users; take it away from them first.');
    expect(inUse(1, 'ar')).toBe('هذا الدور مُسنَد إلى مستخدم واحد؛ انزعه عنهم أولًا.');
    expect(inUse(2, 'ar')).toBe('هذا الدور مُسنَد إلى مستخدمَين؛ انزعه عنهم أولًا.');
    expect(inUse(3, 'ar')).toBe('هذا الدور مُسنَد إلى 3 مستخدمين؛ انزعه عنهم أولًا.');
    expect(inUse(11, 'ar')).toBe('هذا الدور مُسنَد إلى 11 مستخدمًا؛ انزعه عنهم أولًا.');
    expect(inUse(100, 'ar')).toBe('هذا الدور مُسنَد إلى 100 مستخدم؛ انزعه عنهم أولًا.');
  });
});
