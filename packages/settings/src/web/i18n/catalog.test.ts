import { loadTranslator } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { describe, expect, it } from 'vitest';
import { TEST_REGISTRY } from '../../test/entityRegistry.js';
import { entityCatalogOf, settingsWebCatalog } from './catalog.js';

describe("the settings screens' words (issue 29)", () => {
  it('has every word in Arabic and English, with the same parameters', async () => {
    expect(await catalogProblems(settingsWebCatalog)).toEqual([]);
  });

  // Every entity of the app's composed registry has its Arabic word: apps/web's entities test.
  it('names the registry’s entities in Arabic, and in English by their registry label', async () => {
    const entityCatalog = entityCatalogOf(TEST_REGISTRY);
    const en = await loadTranslator(entityCatalog, 'en');
    for (const entity of TEST_REGISTRY.entities) expect(en(entity.name)).toBe(entity.label);
    const ar = await loadTranslator(entityCatalog, 'ar');
    for (const entity of TEST_REGISTRY.entities) expect(ar(entity.name), entity.name).not.toBe(entity.name);
    expect(ar('LeadValidityConfig')).toBe('إعدادات صلاحية العملاء المحتملين');
  });

  it('counts a role’s users with the six Arabic plural forms, and in English as before', async () => {
    const ar = await loadTranslator(settingsWebCatalog, 'ar');
    const users = (count: number) => ar('roles.userCount', { count, n: String(count) });
    expect(users(0)).toBe('لا يوجد مستخدم بهذا الدور.');
    expect(users(1)).toBe('مستخدم واحد بهذا الدور.');
    expect(users(2)).toBe('مستخدمان بهذا الدور.');
    expect(users(3)).toBe('3 مستخدمين بهذا الدور.');
    expect(users(11)).toBe('11 مستخدمًا بهذا الدور.');
    expect(users(100)).toBe('100 مستخدم بهذا الدور.');
    const en = await loadTranslator(settingsWebCatalog, 'en');
    expect(en('roles.userCount', { count: 1, n: '1' })).toBe('1 user has this role.');
    expect(en('roles.userCount', { count: 0, n: '0' })).toBe('0 users have this role.');
  });
});
