import { describe, expect, it } from 'vitest';
import { hardCodedWords, webSources } from '@propdesk/i18n/scan';

/** The sales web code: `src/**\/*.web.ts(x)` and everything under `src/web/`. */
const scanned = { from: import.meta.url, folder: '../../' };

describe("the sales screens' words come from the catalogs (issue 29)", () => {
  it('finds the sales web sources it checks', () => {
    const sources = webSources(scanned);
    expect(sources).toContain('resources/unit-board/BoardPage.web.tsx');
    expect(sources).toContain('web/dashboard/charts.tsx');
    expect(sources.length).toBeGreaterThan(40);
  });

  it('shows no English literal in JSX text, shown attributes, snackbars or template sentences', () => {
    expect(hardCodedWords(scanned)).toEqual([]);
  });
});
