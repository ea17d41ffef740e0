/** A path inside the app (`/sales/leads/1`); `//host` and `/\host` are other origins, not paths. */
export function isInternalLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

/**
 * Opens a notification's link: a path inside the app through the router, an http(s) URL in a new
 * tab (without giving it a handle on this window). Anything else is ignored.
 */
export function openNotificationLink(link: string, navigate: (path: string) => void): void {
  if (isInternalLink(link)) {
    navigate(link);
    return;
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return;
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') window.open(url.href, '_blank', 'noopener,noreferrer');
}
