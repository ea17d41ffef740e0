import { createHash, randomBytes } from 'node:crypto';

/** Every API key starts with this, so a leaked one is recognisable (secret scanners, the query-string refusal). */
export const API_KEY_PREFIX = 'pdk_';

/**
 * The stored form of a key: its sha-256 (hex). A key is 32 random bytes, so a fast hash is as safe
 * as a slow one (nothing to guess), and the lookup on every call costs microseconds, not an argon2 run.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key: shown once to its maker; only `hash` and `prefix` (to tell keys apart in a list) are kept. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/** The shape of a key (`pdk_` and 43 base64url characters); anything else is refused without a lookup. */
export const looksLikeApiKey = (value: string) => /^pdk_[A-Za-z0-9_-]{43}$/.test(value);

const QUERY_KEY_NAMES = new Set(['api_key', 'apikey', 'api-key', 'access_token', 'token']);

/**
 * The query parameter of a URL that carries a key, if any: `api_key`, `access_token` (and their
 * spellings) whatever their value, and any parameter (`key` included) whose value is a `pdk_` key.
 * `key` itself is not refused by name: the engine's import takes `?key=<field>`.
 */
export function keyInQuery(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    if (QUERY_KEY_NAMES.has(name.toLowerCase()) || value.trim().startsWith(API_KEY_PREFIX)) return name;
  }
  return null;
}
