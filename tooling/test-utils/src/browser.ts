/** Sets a cookie scripts can read, on the root path. */
export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

/** Expires every cookie scripts can see on the root path. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** A fresh page as far as the browser's storage goes: no cookies, no local storage. */
export function resetBrowserState(): void {
  clearCookies();
  localStorage.clear();
}

/** Stores the items a signed-in user leaves in the browser (spec section 3), without the role. */
export function storeSignedInUser(user: { username: string; userId: string; departmentId?: string | null }): void {
  localStorage.setItem('username', user.username);
  localStorage.setItem('userId', user.userId);
  if (user.departmentId) localStorage.setItem('departmentId', user.departmentId);
}
