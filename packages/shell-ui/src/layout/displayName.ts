/**
 * How the top bar shows a stored username: the part before any '@', split into words on dots,
 * underscores, hyphens and spaces, each word with its first letter upper case and the rest
 * lower case: 'sales.agent' → 'Sales Agent', 'JOHN_doe' → 'John Doe', 'a.b@x.com' → 'A B'.
 */
export function displayName(username: string | null | undefined): string {
  if (!username) return '';
  const local = username.split('@')[0] ?? '';
  return local
    .split(/[._\-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
