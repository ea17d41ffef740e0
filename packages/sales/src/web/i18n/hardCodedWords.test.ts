// The test reads the sales web sources from disk (web code never imports node:*, this test of it does).
// eslint-disable-next-line no-restricted-imports
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const src = new URL('../../', import.meta.url);

/** The sales web code: `src/**\/*.web.ts(x)` and everything under `src/web/`, tests aside. */
function webSources(): string[] {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).map((path) => path.replaceAll('\\', '/'));
  return files
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
    .filter((path) => /\.web\.tsx?$/.test(path) || path.startsWith('web/'))
    .filter((path) => !path.startsWith('web/i18n/'))
    .sort();
}

/**
 * What a screen shows a person written as an English literal instead of a catalog word: JSX text, a
 * shown attribute (`label=`, `title=`, `aria-label=`, `placeholder=`, `helperText=`, `noOptionsText=`,
 * `loadingText=`), a snackbar's literal, or an English sentence built in a template literal.
 */
const SHOWN_ENGLISH = [
  />[A-Z][a-z]+[^<{]*</,
  /\b(label|title|aria-label|placeholder|helperText|noOptionsText|loadingText)="[A-Za-z]/,
  /enqueueSnackbar\(['`"]/,
  /`[A-Z][a-z]+ /,
];

/** Lines that are comments: their words are for the reader of the code. */
const COMMENT = /^\s*(\/\/|\/?\*)/;

function hardCodedWords(): string[] {
  const found: string[] = [];
  for (const path of webSources()) {
    const lines = readFileSync(new URL(path, src), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (COMMENT.test(line)) return;
      if (SHOWN_ENGLISH.some((pattern) => pattern.test(line))) found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("the sales screens' words come from the catalogs (issue 29)", () => {
  it('finds the sales web sources it checks', () => {
    const sources = webSources();
    expect(sources).toContain('resources/unit-board/BoardPage.web.tsx');
    expect(sources).toContain('web/dashboard/charts.tsx');
    expect(sources.length).toBeGreaterThan(40);
  });

  it('shows no English literal in JSX text, shown attributes, snackbars or template sentences', () => {
    expect(hardCodedWords()).toEqual([]);
  });
});
