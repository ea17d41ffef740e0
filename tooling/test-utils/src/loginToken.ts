import type { Privilege } from '@propdesk/privileges';

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export type LoginTokenOptions = {
  username?: string;
  id?: string;
  department?: { id: string; name: string } | null;
  roles?: { id: string; name: string; entityprivileges: Privilege[] }[];
  expiresInSeconds?: number;
};

/**
 * A compact JWT with api.md's login payload. The signature is not valid: the client only decodes
 * the token (the server never accepts it as a credential), so tests need no key.
 */
export function makeLoginToken(options: LoginTokenOptions = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    data: {
      username: options.username ?? 'sara.sales',
      id: options.id ?? 'user-1',
      department: options.department === undefined ? { id: 'dep-1', name: 'Sales' } : options.department,
      roles: options.roles ?? [],
    },
    iat: now,
    exp: now + (options.expiresInSeconds ?? 3600),
    iss: 'propdesk',
    aud: 'propdesk-web',
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}
