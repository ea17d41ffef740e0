import { catalogProblems } from '@propdesk/i18n/testing';
import { serverCatalogs, translate, text, validationCatalog } from '@propdesk/server-kit';
import { describe, expect, it } from 'vitest';
// The composed app: importing it defines every package's server catalog.
import './app.js';

/** Issue 29: every word the server answers with exists in English and Arabic, with the same parameters. */
describe("the server's words", () => {
  it('every server catalog of every package has each key in Arabic and English', async () => {
    const catalogs = serverCatalogs();
    expect(catalogs.map((catalog) => catalog.namespace)).toEqual(expect.arrayContaining(['server-kit', 'validation', 'auth-session', 'records', 'records-validation']));
    const problems = (await Promise.all(catalogs.map((catalog) => catalogProblems(catalog)))).flat();
    expect(problems).toEqual([]);
  });

  it('never shows a key: a word not loaded falls back to the English', () => {
    expect(translate(text(validationCatalog, 'required'), 'en')).toBe('Required');
  });
});
