import { describe, expect, it } from 'vitest';
import { hardCodedWords, webSources, type AllowedLiteral } from '@propdesk/i18n/scan';

/** The settings web code: `src/**\/*.web.ts(x)` and everything under `src/web/`. */
const scanned = { from: import.meta.url, folder: '../../' };

/** English the scan finds that is not a screen's word, each with why. */
const ALLOWED: AllowedLiteral[] = [
  {
    file: 'web/webhooks/webhookExtensions.tsx',
    text: '`At least ${WEBHOOK_SECRET_MIN_LENGTH} characters`',
    why: "a schema's message, the common validation words' 'At least {min} characters': the form shows it in the page's language, found by its English (records' translateErrors)",
  },
];

describe("the settings screens' words come from the catalogs (issue 29)", () => {
  it('finds the settings web sources it checks', () => {
    const sources = webSources(scanned);
    expect(sources).toContain('web/webhooks/webhookExtensions.tsx');
    expect(sources.length).toBeGreaterThan(10);
  });

  it('shows no English literal in JSX text, shown attributes, snackbars or template sentences', () => {
    expect(hardCodedWords({ ...scanned, allowed: ALLOWED })).toEqual([]);
  });
});
