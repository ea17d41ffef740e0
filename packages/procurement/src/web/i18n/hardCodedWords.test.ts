import { describe, expect, it } from 'vitest';
import { hardCodedWords, webSources } from '@propdesk/i18n/scan';

/** Procurement's web code: `src/**\/*.web.ts(x)` and everything under `src/web/`. */
const scanned = { from: import.meta.url, folder: '../../' };

describe("the procurement screens' words come from the catalogs (issue 29)", () => {
  it('finds the procurement web sources it checks', () => {
    const sources = webSources(scanned);
    expect(sources).toContain('resources/purchase-requests/ProcurementDashboard.web.tsx');
    expect(sources).toContain('web/common/LinesEditor.tsx');
    expect(sources.length).toBeGreaterThan(15);
  });

  it('shows no English literal in JSX text, shown attributes, snackbars or template sentences', () => {
    expect(hardCodedWords(scanned)).toEqual([]);
  });
});
