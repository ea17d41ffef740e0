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

/** The attributes whose value a person reads or hears. */
const SHOWN = 'label|title|aria-label|aria-valuetext|aria-description|placeholder|helperText|noOptionsText|loadingText|alt';

/**
 * What a screen shows a person written as an English literal instead of a catalog word: JSX text or a
 * JSX string child (`{'Loading…'}`), a shown attribute as a string or a literal in braces
 * (`title="…"`, `aria-label={'…'}`, `<Tooltip title="…">`), an `'aria-label': '…'` of a slot's props,
 * a snackbar's literal, or an English sentence built in a template literal.
 */
const SHOWN_ENGLISH = [
  />[A-Z][a-z]+[^<{]*</,
  new RegExp(`\\b(${SHOWN})=\\{?\\s*['"][A-Za-z]`),
  /['"]aria-label['"]\s*:\s*['"`][A-Za-z]/,
  /\{\s*['"][A-Z][a-z]+[^'"]*['"]\s*\}/,
  /enqueueSnackbar\(['`"]/,
  /`[A-Z][a-z]+ /,
];

/** A template literal's text once its `${…}` parts are taken out (nested braces included). */
function templateText(template: string): string {
  let text = template;
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/\{[^{}]*\}/g, '').replace(/\$(?=[^{]|$)/g, '');
  }
  return text;
}

/** A shown attribute's template literal (`` aria-label={`… ${code}`} ``) with English words of its own. */
const SHOWN_TEMPLATE = new RegExp(`\\b(?:${SHOWN})=\\{\\s*\`([^\`]*)\`\\s*\\}`);
const templateWords = (line: string) => {
  const template = SHOWN_TEMPLATE.exec(line)?.[1];
  return template !== undefined && /[A-Za-z]{2,}/.test(templateText(template));
};

/** Lines that are comments: their words are for the reader of the code. */
const COMMENT = /^\s*(\/\/|\/?\*)/;

/** A line of code showing an English literal. */
const shownEnglish = (line: string) => !COMMENT.test(line) && (SHOWN_ENGLISH.some((pattern) => pattern.test(line)) || templateWords(line));

function hardCodedWords(): string[] {
  const found: string[] = [];
  for (const path of webSources()) {
    const lines = readFileSync(new URL(path, src), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (shownEnglish(line)) found.push(`${path}:${index + 1}: ${line.trim()}`);
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

  it('recognises the shapes of an English literal, and not data or catalog words', () => {
    const english = [
      '<Typography>Loading…</Typography>',
      "<span>{'Loading…'}</span>",
      '<Tooltip title="Open the unit">',
      "aria-label={'Unit board'}",
      'title={"Legend"}',
      'placeholder="Search units"',
      'aria-label={`Unit ${unit.code}`}',
      'title={`${unit.code} on floor ${unit.floor}`}',
      "slotProps={{ htmlInput: { 'aria-label': 'Amount' } }}",
      "enqueueSnackbar('Saved')",
      'const text = `Sold ${n} units`;',
    ];
    const fine = [
      "<Typography>{t('unit.loadingStory')}</Typography>",
      "aria-label={t('board.legend')}",
      'aria-label={`${t(\'board.cellLabel\', { code: unit.code, status: humanize(unit.status) })}${holder}`}',
      'title={`${unit.code} · ${status?.label ?? unit.status}${holder}`}',
      "slotProps={{ htmlInput: { 'aria-label': t('receipt.amount') } }}",
      '// <Tooltip title="Open the unit"> in a comment',
    ];
    expect(english.filter((line) => !shownEnglish(line))).toEqual([]);
    expect(fine.filter(shownEnglish)).toEqual([]);
  });

  it('shows no English literal in JSX text, shown attributes, snackbars or template sentences', () => {
    expect(hardCodedWords()).toEqual([]);
  });
});
