import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';

/**
 * Issue 29, "how it is measured": an Arabic browser (ar-EG) signed in as admin visits every screen of
 * the sidebar (its links read from the page, following the links each mode's sidebar adds, and each area the
 * user menu switches to: Procurement is reached only from there) and on each
 * finds `<html dir="rtl" lang="ar">`, the sidebar on the right and no word of the product's own in Latin
 * letters; the same words rule on each list's first record, its create form and that form submitted empty
 * (`recordAndFormProblems`). The test collects every screen's problems and fails once, listing each screen and its words.
 *
 * What counts as data (dropped before looking for Latin words), a narrow rule:
 * - text inside `<bdi>` (the product's rule: data in Arabic text is in `<bdi>`), inside an element with
 *   `dir="ltr"` (codes, phones), `translate="no"` (the brand mark) or a `lang` other than Arabic (the user menu's
 *   "English", a language named in its own words), a chart's drawing (`role="img"`: its axes
 *   name projects and weeks; its words are in its `aria-label` and its legend, outside the drawing), inside a data grid cell (`role="gridcell"`: records as typed), and the
 *   value of a form field (not text nodes at all);
 * - a word (whitespace separated) with a digit, `@`, `.`, `_`, `/`, `:` or `#` in it: codes, e-mails,
 *   addresses, numbers (`A-0402`, `admin@propdesk.test`, `EOI-2026-001`);
 * - the product's name `Propdesk`, ISO currency codes (`EGP`) and the technical acronyms an Egyptian
 *   office writes in Latin inside Arabic text (IBAN, SWIFT, ISO, API, URL, PNG, JPEG, PDF, CSV, XLSX, KB, MB, webhook);
 * - text isolated inside a sentence between U+2068 and U+2069 (a filter chip's values).
 * Anything else in Latin letters is a product word left in English.
 */
const KEPT_IN_LATIN = new Set(['Propdesk', 'EGP', 'USD', 'IBAN', 'SWIFT', 'ISO', 'API', 'URL', 'PNG', 'JPEG', 'PDF', 'CSV', 'XLSX', 'KB', 'MB', 'Webhook', 'Webhooks', 'webhook', 'webhooks']);

type ScreenProblem = { screen: string; problems: string[] };

/**
 * The sidebar's links on the current screen. Opens its collapsed groups first: only the group toggles (they
 * control a `sidebar-group-…` list; the pin and collapse buttons do not), each at most once per test
 * (`opened`), reading the links after each click since opening one group may close another.
 */
async function sidebarLinks(page: Page, opened: Set<string>): Promise<string[]> {
  const nav = page.locator('nav[data-pinned]');
  const found = new Set<string>();
  const collect = async () => {
    const hrefs = await nav.locator('a[href]').evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href, location.href)).filter((url) => url.origin === location.origin).map((url) => url.pathname),
    );
    for (const href of hrefs) found.add(href);
  };
  await collect();
  for (let round = 0; round < 3; round += 1) {
    const toggles = nav.locator('[aria-controls^="sidebar-group-"][aria-expanded="false"]');
    const ids = (await toggles.evaluateAll((found) => found.map((toggle) => toggle.getAttribute('aria-controls') ?? ''))).filter((id) => !opened.has(id));
    if (ids.length === 0) break;
    for (const id of ids) {
      opened.add(id);
      await nav.locator(`[aria-controls="${id}"][aria-expanded="false"]`).click({ timeout: 2_000 }).catch(() => undefined);
      await collect();
    }
  }
  return [...found];
}

/**
 * The areas the user menu offers (Sales, Procurement, Settings: a mode switch, not a sidebar link), chosen one
 * after another as a person would: open the menu on the user's name, choose the area, read where it lands and
 * that area's sidebar (`sidebarLinks`). The open menu's own words are read once (`menuProblems`).
 */
async function areaLinks(page: Page, opened: Set<string>, menuProblems: string[]): Promise<string[]> {
  const found = new Set<string>();
  const menuButton = page.getByTestId('topbar-username');
  const areas = page.getByRole('menu').locator('[role="menuitem"][data-area]');
  await menuButton.click();
  await expect(areas.first()).toBeVisible();
  // The area of the moment (checked) is the sidebar already read.
  const names = await areas.evaluateAll((items) => items.filter((item) => item.getAttribute('aria-current') !== 'page').map((item) => item.getAttribute('data-area') ?? ''));
  const latin = await lastingLatinWords(page);
  if (latin.length) menuProblems.push(`user menu: Latin words: ${latin.join(', ')}`);
  await page.keyboard.press('Escape');
  for (const name of names) {
    await menuButton.click();
    const item = page.getByRole('menu').locator(`[role="menuitem"][data-area="${name}"]`);
    const before = page.url();
    await item.click();
    await page.waitForURL((url) => url.href !== before, { timeout: 10_000 }).catch(() => undefined);
    await expect(page.getByRole('menu')).toHaveCount(0);
    const landing = new URL(page.url()).pathname;
    found.add(landing);
    // The area's first page is in its own sidebar: once it is there, the sidebar is the new mode's.
    await page.locator(`nav[data-pinned] a[href="${landing}"]`).first().waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
    for (const link of await sidebarLinks(page, opened)) found.add(link);
  }
  return [...found];
}

async function latinWords(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const skip = (element: Element | null) => !!element?.closest('bdi, [dir="ltr"], [translate="no"], [lang]:not([lang="ar"]), [role="gridcell"], [role="img"] svg, script, style, noscript');
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skip(parent) || !parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      // Text between U+2068 and U+2069 (first-strong isolate … pop) is data isolated inside a sentence, as <bdi> is.
      const text = (node.textContent ?? '').replace(/\u2068[^\u2069]*\u2069/g, ' ');
      for (const word of text.split(/\s+/)) if (/[A-Za-z]/.test(word)) found.push(word);
    }
    return found;
  });
  return [
    ...new Set(
      words
        .filter((word) => !/[0-9@._/:#]/.test(word))
        .map((word) => word.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, ''))
        .filter((word) => word && !KEPT_IN_LATIN.has(word)),
    ),
  ];
}

/**
 * The screen's Latin words once it has settled. English can show for a moment while a screen's Arabic words
 * load (useT never suspends): a word counts only if it stays.
 */
async function lastingLatinWords(page: Page): Promise<string[]> {
  let latin = await latinWords(page);
  for (let attempt = 0; latin.length > 0 && attempt < 4; attempt += 1) {
    await page.waitForTimeout(1_500);
    latin = await latinWords(page);
  }
  return latin;
}

/** Waits for the screen's loading (progress bars, skeletons) to end, no longer than a few seconds. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main [role="progressbar"], main .MuiSkeleton-root')).toHaveCount(0, { timeout: 8_000 }).catch(() => undefined);
  await page.waitForTimeout(200);
}

/** Submits a create form empty and reads it again: its validation messages (the client's, or the server's). */
async function emptySubmitProblems(page: Page, form: Locator): Promise<string[]> {
  const submit = form.locator('button[type="submit"]').first();
  if (!(await submit.isVisible()) || !(await submit.isEnabled())) return [];
  if (!(await submit.click({ timeout: 5_000 }).then(() => true, () => false))) return ['create form: its submit button cannot be pressed'];
  // The client's checks mark the fields; a form whose fields are all optional asks the server, which answers with its own.
  await expect(page.locator('main [aria-invalid="true"], main .Mui-error, main [role="alert"]').first())
    .toBeVisible({ timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  const latin = await lastingLatinWords(page);
  return latin.length ? [`create form submitted empty: Latin words: ${latin.join(', ')}`] : [];
}

/**
 * Beyond the list (issue 29's words in forms and records): the first record's view, opened from the list's grid
 * with Enter as a person would, then back; and the create form the list's New button opens (admin may create on
 * every list that has one), read empty and again after submitting it empty, so its validation messages show.
 * A sidebar entry that is itself a create form (its path says create or add: `/sales/leads/addlead`) is submitted
 * empty too. Each is a client-side navigation within the same page, so the added time stays small. Returns each
 * state's problems, named by the state.
 */
async function recordAndFormProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const main = page.locator('main').first();

  const firstCell = main.locator('[role="row"][data-id] [role="gridcell"]:not([data-field="__check__"])').first();
  if (await firstCell.isVisible()) {
    const before = page.url();
    await firstCell.press('Enter', { timeout: 5_000 }).catch(() => undefined);
    const moved = await page.waitForURL((url) => url.href !== before, { timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    await settled(page);
    const latin = await lastingLatinWords(page);
    if (latin.length) problems.push(`record view: Latin words: ${latin.join(', ')}`);
    if (moved) {
      await page.goBack({ timeout: 10_000 }).catch(() => undefined);
      await settled(page);
    } else await page.keyboard.press('Escape');
  }

  const create = main.locator('button[aria-keyshortcuts="n"]').first();
  const form = main.locator('form').first();
  if (await create.isVisible()) {
    if (!(await create.click({ timeout: 5_000 }).then(() => true, () => false))) return [...problems, 'create form: the New button cannot be pressed'];
    if (!(await form.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false))) {
      // A create screen of its own (a wizard, another route): read what it shows.
      await settled(page);
      const latin = await lastingLatinWords(page);
      if (latin.length) problems.push(`create screen: Latin words: ${latin.join(', ')}`);
      return problems;
    }
    await settled(page);
    const latin = await lastingLatinWords(page);
    if (latin.length) problems.push(`create form: Latin words: ${latin.join(', ')}`);
    problems.push(...(await emptySubmitProblems(page, form)));
  } else if (/create|add/i.test(path) && (await form.isVisible())) {
    // The screen is the create form: its words were read with the screen.
    problems.push(...(await emptySubmitProblems(page, form)));
  }
  return problems;
}

test('every sidebar screen is Arabic, right to left, with the sidebar on the right, and so are its forms and records', async ({ browser }) => {
  // 83 screens (88 with procurement's, reached from the user menu) in 2.4 minutes on a quiet machine, their first records and create forms about as long again; a loaded
  // CI machine takes three times as long.
  test.setTimeout(1_200_000);
  const context = await browser.newContext({ locale: 'ar-EG' });
  const page = await context.newPage();
  // An empty form has nothing to lose; should one ask before leaving, leave.
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  await signIn(page, 'admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // signIn may return while the sign-in is still on its way (the login page's URL can change first): the shell's sidebar says it is done.
  await page.locator('nav[data-pinned]').waitFor({ state: 'visible', timeout: 30_000 });

  const opened = new Set<string>();
  const queue = await sidebarLinks(page, opened);
  expect(queue.length, 'the sidebar has links').toBeGreaterThan(0);
  const seen = new Set(queue);
  const failures: ScreenProblem[] = [];
  // Procurement's sidebar is reached only from the user menu: its areas' landing screens and sidebars join the queue.
  const menuProblems: string[] = [];
  for (const link of await areaLinks(page, opened, menuProblems)) {
    if (seen.has(link)) continue;
    seen.add(link);
    queue.push(link);
  }
  expect(seen.has('/procurement/purchaseRequest'), 'the user menu leads to procurement').toBe(true);
  if (menuProblems.length) failures.push({ screen: 'user menu', problems: menuProblems });
  const width = page.viewportSize()!.width;
  // The time the lists take and the time their records and forms add, in the report (CI's time is watched).
  const started = Date.now();
  let formsTime = 0;
  const screenTimes: { path: string; ms: number; formsMs: number }[] = [];

  while (queue.length) {
    const path = queue.shift()!;
    const problems: string[] = [];
    const screenStarted = Date.now();
    await page.goto(path);
    // Not 'networkidle': the notifications stream keeps a request open on every screen.
    // The screen's own heading or grid, or at least the main region, before reading its words.
    await page.locator('main').first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => problems.push('no <main> region'));
    await expect(page.locator('[role="progressbar"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(300);

    const html = page.locator('html');
    if ((await html.getAttribute('dir')) !== 'rtl') problems.push(`html dir="${await html.getAttribute('dir')}"`);
    if ((await html.getAttribute('lang')) !== 'ar') problems.push(`html lang="${await html.getAttribute('lang')}"`);
    const box = await page.locator('nav[data-pinned]').boundingBox();
    if (!box) problems.push('no sidebar');
    else if (!(box.x + box.width > width - 2 && box.x > width / 2)) problems.push(`sidebar not on the right (x=${Math.round(box.x)}, width=${Math.round(box.width)})`);

    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > width) problems.push(`page wider than the window (${wide} > ${width})`);

    const latin = await lastingLatinWords(page);
    if (latin.length) problems.push(`Latin words: ${latin.join(', ')}`);

    // A screen's mode (Settings, Procurement) has a sidebar of its own: follow the links it adds (read before leaving the list).
    for (const link of await sidebarLinks(page, opened)) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }

    const formsStarted = Date.now();
    problems.push(...(await recordAndFormProblems(page, path)));
    formsTime += Date.now() - formsStarted;
    screenTimes.push({ path, ms: Date.now() - screenStarted, formsMs: Date.now() - formsStarted });
    if (problems.length) {
      failures.push({ screen: path, problems });
      // As it goes, so a run cut short still says what it found.
      console.log(`${path}\n  ${problems.join('\n  ')}`);
    }
  }
  await context.close();
  const slowest = [...screenTimes].sort((a, b) => b.ms - a.ms).slice(0, 10).map((screen) => `${screen.path} ${(screen.ms / 1000).toFixed(1)} s (forms ${(screen.formsMs / 1000).toFixed(1)})`);
  const timing = `${seen.size} screens in ${Math.round((Date.now() - started) / 1000)} s, of which their records and forms ${Math.round(formsTime / 1000)} s; the slowest: ${slowest.join(', ')}`;
  console.log(timing);
  test.info().annotations.push({ type: 'timing', description: timing });

  const report = failures.map((failure) => `${failure.screen}\n  ${failure.problems.join('\n  ')}`).join('\n');
  expect(failures, `screens visited: ${seen.size}; failing:\n${report}`).toEqual([]);
});
