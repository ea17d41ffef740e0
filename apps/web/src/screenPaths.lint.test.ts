// @vitest-environment node
// The test reads the project's sources from disk.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30: a screen's path is written once, where the screen is declared (its definition's `route`,
 * its `screens.web.ts`, a module's manifest) and in its folder's `links.ts`, which builds its links
 * (`link(id)`, `linkToCreate(params)`, the spec's `/view?id=` links notifications carry). Everything
 * else (pages, panels, server answers, notification links) calls those, so a route renamed in one place
 * cannot leave a dead link in another. This scans the non-test source of every package and app.
 */
const root = new URL('../../../', import.meta.url);

/** Non-test TypeScript under `packages/*\/src` and `apps/*\/src`, as paths from the project's root. */
function sources(): string[] {
  const found: string[] = [];
  for (const top of ['packages', 'apps']) {
    for (const name of readdirSync(new URL(`${top}/`, root))) {
      const src = new URL(`${top}/${name}/src/`, root);
      let files: string[];
      try {
        files = readdirSync(src, { recursive: true, encoding: 'utf8' });
      } catch {
        continue;
      }
      for (const file of files.map((path) => path.replaceAll('\\', '/'))) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || /(^|\/)(test|test-utils)\//.test(file)) continue;
        found.push(`${top}/${name}/src/${file}`);
      }
    }
  }
  return found.sort();
}

/** Where screens are declared and their links built: a path written there is the declaration itself. */
const DECLARING = [
  /\/links\.ts$/,
  /\/definitions?\.ts$/,
  /\/model\/definitions\//,
  /\/screens\.web\.ts$/,
  /\/manifest\.ts$/,
  // The domain modules' manifests: each area's mode prefixes (`/sales`, `/settings`, `/receipt`).
  /\/web\/(sales|settings|procurement)Module\.ts$/,
  // Settings' screen declarations (the Settings › Leads section), as its screens.web.ts would be.
  /^packages\/settings\/src\/web\/leadsSettings\.ts$/,
];

/** Files below the domains, which cannot import a domain's links, each for its reason. */
const BELOW_THE_DOMAINS: Readonly<Record<string, string>> = {
  'packages/privileges/src/landing.ts': "the landing fallback and the sign-in and Access Denied paths, the engine's own",
  'packages/privileges/src/testing/index.ts': "the spec's landing table, a test fixture the composed landing list is checked against",
  'packages/privileges/src/demo.ts': "the demo users' expected landing pages, checked against the landing table",
  'packages/shell-ui/src/layout/SidebarContent.tsx': "the Settings sidebar's home, the shell's own (it imports no domain)",
  // The announcement dialog's link field shows an example path as its placeholder: a word of the shell's catalogs, not a link.
  'packages/shell-ui/src/i18n/account.en.ts': 'an example path in the link field’s placeholder, not a link',
  'packages/shell-ui/src/i18n/account.ar.ts': 'an example path in the link field’s placeholder, not a link',
};

/**
 * A screen path by hand: a record link (`?record=`), the spec's view links (`/view?id=`, `/view?record=`),
 * or a string or template that starts with a screen area's path.
 */
const HAND_WRITTEN = [/\?record=/, /\/view\?(id|record)=/, /['"`]\/(sales|settings|procurement|Reservations|reservations|receipt)(\/|['"`?$])/];

/** Lines that are comments: their paths are for the reader of the code. */
const COMMENT = /^\s*(\/\/|\/?\*)/;

export function handWrittenPaths(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => (!COMMENT.test(line) && HAND_WRITTEN.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : []));
}

function allowed(path: string): boolean {
  return DECLARING.some((pattern) => pattern.test(path)) || path in BELOW_THE_DOMAINS;
}

describe('screen paths are written only where screens are declared (issue 30)', () => {
  it('finds the sources it checks, in every package and app', () => {
    const files = sources();
    expect(files).toContain('packages/sales/src/resources/unit-board/UnitCard.web.tsx');
    expect(files).toContain('packages/settings/src/server/webhooks/index.ts');
    expect(files).toContain('packages/records/src/server/records.ts');
    expect(files).toContain('apps/web/src/App.tsx');
    expect(files.some((file) => file.endsWith('.test.ts'))).toBe(false);
    expect(files.length).toBeGreaterThan(500);
  });

  it('finds no screen path written by hand outside definitions, screens, manifests and links.ts', () => {
    const found = sources()
      .filter((path) => !allowed(path))
      .flatMap((path) => handWrittenPaths(path, readFileSync(new URL(path, root), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches each way of writing one (a probe), and lets a declared link and a comment through', () => {
    const probe = [
      'const a = `/sales/leads?record=${id}`;',
      "const b = '/settings/leads/holdRequests';",
      'const c = `${HOLD_ROUTE}/view?id=${id}`;',
      'const d = `${route}/view?record=${id}`;',
      '<Button to="/Reservations">',
      'navigate(`/receipt/createNewReceipt?customer=${customer}`);',
      "const e = '/procurement/purchaseOrder';",
      'const fine = leadLinks.link(id);',
      '// `/sales/leads?record=` in a comment',
      " * '/settings/leads/Customers' in a doc comment",
      "const api = '/api/sales/leads';",
    ].join('\n');
    expect(handWrittenPaths('probe.ts', probe).map((line) => line.split(':')[1])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('allows the declaring files only, and names a reason for each file below the domains', () => {
    expect(allowed('packages/sales/src/resources/leads/links.ts')).toBe(true);
    expect(allowed('packages/sales/src/resources/leads/screens.web.ts')).toBe(true);
    expect(allowed('packages/sales/src/resources/leads/LeadPanel.web.tsx')).toBe(false);
    expect(allowed('packages/sales/src/resources/leads/lifecycle.server.ts')).toBe(false);
    expect(allowed('packages/settings/src/web/roles/RolesPage.tsx')).toBe(false);
    const files = new Set(sources());
    for (const [file, reason] of Object.entries(BELOW_THE_DOMAINS)) {
      expect(files.has(file), file).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
