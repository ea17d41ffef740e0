import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hardCodedWords, webSources } from './hardCodedWords.js';

const dir = mkdtempSync(join(tmpdir(), 'hard-coded-words-'));
const write = (path: string, text: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};
// A package's src: its web folder, a resource's web file, server code, a catalog and a test.
write(
  'web/Page.tsx',
  [
    "export const Page = ({ t, n }: { t: (key: string) => string; n: number }) => (",
    '  <div aria-label="Orders" title={t(\'title\')}>',
    '    Loading',
    '    <span>{t(\'ok\')}</span>',
    '    <Tooltip title={`Delete ${n}`} />',
    '    <span translate="no">Propdesk</span>',
    '    {/* Only a comment */}',
    '  </div>',
    ');',
    'export const fail = (name: string) => { throw new Error(`Unknown resource ${name}`); };',
    'export const tell = (enqueueSnackbar: (text: string) => void) => enqueueSnackbar(\'Saved.\');',
    "export const Child = ({ open }: { open: boolean }) => <p>{'Loading…'}{open ? 'Hide' : '—'}{`${1}`}</p>;",
    "export const slot = { htmlInput: { 'aria-label': 'Amount', 'data-code': 'AB' } };",
  ].join('\n'),
);
write('resources/things/Panel.web.tsx', 'export const Panel = () => <p>{`${1} items`}</p>;\nexport const sentence = (n: number) => `Award ${n} lines`;');
write('resources/things/lifecycle.server.ts', 'export const said = `Created ${1} things`;');
write('web/i18n/en.ts', "export const en = { title: 'Title' };");
write('web/Page.test.tsx', 'export const x = <p>Hello</p>;');
const from = pathToFileURL(join(dir, 'test', 'scan.test.ts')).href;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('hardCodedWords (issue 29)', () => {
  it('reads the web code only: src/web and *.web.ts(x), catalogs and tests aside', () => {
    expect(webSources({ from, folder: '../' })).toEqual(['resources/things/Panel.web.tsx', 'web/Page.tsx']);
    expect(webSources({ from, folder: '../', isWebCode: () => true })).toContain('resources/things/lifecycle.server.ts');
  });

  it('finds JSX text, a string child, a shown attribute (a slot prop too), a snackbar and a template sentence; not a brand, a comment, an Error or a key', () => {
    expect(hardCodedWords({ from, folder: '../' })).toEqual([
      'resources/things/Panel.web.tsx:2: sentence `Award ${n} lines`',
      'web/Page.tsx:2: aria-label="Orders"',
      'web/Page.tsx:3: text "Loading"',
      'web/Page.tsx:5: title=`Delete ${n}`',
      'web/Page.tsx:5: sentence `Delete ${n}`',
      "web/Page.tsx:11: snackbar 'Saved.'",
      "web/Page.tsx:12: text {'Loading…'}",
      "web/Page.tsx:12: text {open ? 'Hide' : '—'}",
      "web/Page.tsx:13: 'aria-label': 'Amount'",
    ]);
  });

  it('lets an allowed literal through, and reports an allowance that matches nothing', () => {
    const allowed = [
      { file: 'web/Page.tsx', text: "'Saved.'", why: 'a probe' },
      { file: 'web/Page.tsx', text: 'Gone', why: 'stale' },
    ];
    const found = hardCodedWords({ from, folder: '../', allowed });
    expect(found).not.toContain("web/Page.tsx:11: snackbar 'Saved.'");
    expect(found).toContain('allowed but not found (remove it): web/Page.tsx: Gone');
  });
});
