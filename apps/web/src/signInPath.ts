/**
 * True for the sign-in route as the router matches it (case-insensitive, an optional trailing
 * slash). The bootstrap decides on it which app to load: the small sign-in app or the shell.
 */
export function isSignInPath(pathname: string): boolean {
  return /^\/login\/?$/i.test(pathname);
}
