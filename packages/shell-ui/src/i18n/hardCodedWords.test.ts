import { describe, expect, it } from 'vitest';
import { hardCodedWords, webSources, type AllowedLiteral } from '@propdesk/i18n/scan';

/** The shell's sources: every file under src is web code. */
const scanned = { from: import.meta.url, folder: '../', isWebCode: () => true };

/** English the scan finds that is not a screen's word, each with why. */
const ALLOWED: AllowedLiteral[] = [
  ...['Create', 'Edit', 'View'].map((verb) => ({
    file: 'compose/declare.ts',
    text: `\`${verb} \${singular}\``,
    why: "a placeholder's title is its English name; the breadcrumb shows it through the domains' manifest words, found by that English (domainWords.ts)",
  })),
  ...['`Loading CSS chunk', '`Loading chunk'].map((text) => ({
    file: 'routing/chunks.ts',
    text,
    why: "the message of ChunkLoadError (an Error subclass, for the developer and the logs); the error screen says its own words",
  })),
];

describe("the shell's words come from its catalog (issue 29)", () => {
  it('finds the shell sources it checks', () => {
    const sources = webSources(scanned);
    expect(sources).toContain('notifications/NotificationCentre.tsx');
    expect(sources).toContain('account/ProfileDialog.tsx');
    expect(sources).not.toContain('i18n/en.ts');
    expect(sources.length).toBeGreaterThan(30);
  });

  it('shows no English literal in JSX text, shown attributes, snackbars or template sentences', () => {
    expect(hardCodedWords({ ...scanned, allowed: ALLOWED })).toEqual([]);
  });
});
