/**
 * The chunks a signed-in page needs, preloaded while a person signs in. The build lists them in
 * index.html as a JSON data block with this id (vite.config.ts, `listAfterSignInChunks`).
 */
export const AFTER_SIGN_IN_ID = 'propdesk-after-sign-in';

let preloaded = false;

/**
 * Adds a `modulepreload` link for each listed chunk the page has not linked yet: the browser
 * fetches and compiles them at low priority and runs nothing, so the shell that takes over after
 * the login call finds its code ready. Once per page; returns how many links it added.
 */
export function preloadAfterSignIn(doc: Document = document): number {
  if (preloaded) return 0;
  preloaded = true;
  const listed = parseList(doc.getElementById(AFTER_SIGN_IN_ID)?.textContent);
  const linked = new Set<string>();
  for (const element of doc.querySelectorAll('link[rel="modulepreload"][href], script[src]')) {
    linked.add(element.getAttribute('href') ?? element.getAttribute('src') ?? '');
  }
  let added = 0;
  for (const file of listed) {
    if (linked.has(file)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    doc.head.append(link);
    added += 1;
  }
  return added;
}

/** Only same-origin asset paths are taken from the list; anything else in it is ignored. */
function parseList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.js$/.test(file)) : [];
  } catch {
    return [];
  }
}

/** For tests: forget that this page has preloaded. */
export function resetAfterSignInPreload(): void {
  preloaded = false;
}
