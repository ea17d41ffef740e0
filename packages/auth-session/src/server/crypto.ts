import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@propdesk/server-kit';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Keys derived from the one server secret, one per purpose. */
export type Keys = { jwt: Uint8Array; csrf: Buffer };

export function deriveKeys(secret: string): Keys {
  return {
    jwt: new Uint8Array(createHmac('sha256', secret).update('propdesk:jwt').digest()),
    csrf: createHmac('sha256', secret).update('propdesk:csrf').digest(),
  };
}

/**
 * The signing secret: PROPDESK_SECRET when given, else one generated on first start and kept
 * in the database, so restarts keep sessions valid and several processes share it.
 */
export async function loadSecret(db: Queryable, configured?: string): Promise<string> {
  if (configured) return configured;
  await db.query("insert into app_secrets (name, value) values ('signing', $1) on conflict (name) do nothing", [randomToken(48)]);
  const result = await db.query<{ value: string }>("select value from app_secrets where name = 'signing'");
  const value = result.rows[0]?.value;
  if (!value) throw new Error('Could not load the signing secret');
  return value;
}

/** OWASP signed double-submit: `random.HMAC(key, boundId + "." + random)`. */
export function createCsrfToken(key: Buffer, boundId: string): string {
  const nonce = randomToken(24);
  return `${nonce}.${hmac(key, `${boundId}.${nonce}`)}`;
}

export function verifyCsrfToken(key: Buffer, token: string, boundId: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const nonce = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), hmac(key, `${boundId}.${nonce}`));
}
