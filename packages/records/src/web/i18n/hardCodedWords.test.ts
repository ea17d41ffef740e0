import { describe, expect, it } from 'vitest';
import { hardCodedWords, webSources } from '@propdesk/i18n/scan';

/** The engine's web code: everything under src/web (the model and server speak through catalogs of their own). */
const scanned = { from: import.meta.url, folder: '../../' };

describe("the records engine's screens take their words from the catalog (issue 29)", () => {
  it('finds the engine web sources it checks', () => {
    const sources = webSources(scanned);
    expect(sources).toContain('web/GridLayout.tsx');
    expect(sources).toContain('web/PhoneLinks.tsx');
    expect(sources.length).toBeGreaterThan(40);
  });

  it('shows no English literal in JSX text, shown attributes, snackbars or template sentences', () => {
    expect(hardCodedWords(scanned)).toEqual([]);
  });
});
