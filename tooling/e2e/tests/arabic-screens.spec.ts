import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';

/**
 * Issue 29, "how it is measured": an Arabic browser (ar-EG) signed in as admin visits every screen of
 * the sidebar (its links read from the page, following the links each mode's sidebar adds) and on each
 * finds `<html dir="rtl" lang="ar">`, the sidebar on the right and no word of the product's own in Latin
 * letters. The test collects every screen's problems and fails once, listing each screen and its words.
 *
 * What counts as data (dropped before looking for Latin words), a narrow rule:
 * - text inside `<bdi>` (the product's rule: data in Arabic text is in `<bdi>`), inside an element with
 *   `dir="ltr"` (codes, phones) or `translate="no"` (the brand mark), a chart's drawing (`role="img"`: its axes
 *   name projects and weeks; its words are in its `aria-label` and its legend, outside the drawing), inside a data grid cell (`role="gridcell"`: records as typed), and the
 *   value of a form field (not text nodes at all);
 * - a word (whitespace separated) with a digit, `@`, `.`, `_`, `/`, `:` or `#` in it: codes, e-mails,
 *   addresses, numbers (`A-0402`, `admin@propdesk.test`, `EOI-2026-001`);
 * - the product's name `Propdesk`, ISO currency codes (`EGP`) and the technical acronyms an Egyptian
 *   office writes in Latin inside Arabic text (IBAN, SWIFT, ISO, API, URL, PNG, JPEG, KB, MB, webhook);
 * - text isolated inside a sentence between U+2068 and U+2069 (a filter chip's values).
 * Anything else in Latin letters is a product word left in English.
 */
const KEPT_IN_LATIN = new Set(['Propdesk', 'EGP', 'USD', 'IBAN', 'SWIFT', 'ISO', 'API', 'URL', 'PNG', 'JPEG', 'KB', 'MB', 'Webhook', 'Webhooks', 'webhook', 'webhooks']);

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

async function latinWords(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const skip = (element: Element | null) => !!element?.closest('bdi, [dir="ltr"], [translate="no"], [role="gridcell"], [role="img"] svg, script, style, noscript');
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

test('every sidebar screen is Arabic, right to left, with the sidebar on the right', async ({ browser }) => {
  // 83 screens in 2.4 minutes on a quiet machine; a loaded CI machine takes three times as long.
  test.setTimeout(720_000);
  const context = await browser.newContext({ locale: 'ar-EG' });
  const page = await context.newPage();
  await signIn(page, 'admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  const opened = new Set<string>();
  const queue = await sidebarLinks(page, opened);
  expect(queue.length, 'the sidebar has links').toBeGreaterThan(0);
  const seen = new Set(queue);
  const failures: ScreenProblem[] = [];
  const width = page.viewportSize()!.width;

  while (queue.length) {
    const path = queue.shift()!;
    const problems: string[] = [];
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

    // English can show for a moment while a screen's Arabic words load (useT never suspends): a word counts only if it stays.
    let latin = await latinWords(page);
    for (let attempt = 0; latin.length > 0 && attempt < 4; attempt += 1) {
      await page.waitForTimeout(1_500);
      latin = await latinWords(page);
    }
    if (latin.length) problems.push(`Latin words: ${latin.join(', ')}`);
    if (problems.length) failures.push({ screen: path, problems });

    // A screen's mode (Settings, Procurement) has a sidebar of its own: follow the links it adds.
    for (const link of await sidebarLinks(page, opened)) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  await context.close();

  const report = failures.map((failure) => `${failure.screen}\n  ${failure.problems.join('\n  ')}`).join('\n');
  expect(failures, `screens visited: ${seen.size}; failing:\n${report}`).toEqual([]);
});
