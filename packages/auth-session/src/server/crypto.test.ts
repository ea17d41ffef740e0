import { describe, expect, it } from 'vitest';
import { createCsrfToken, deriveKeys, verifyCsrfToken } from './crypto.js';
import { OWASP_ARGON2, hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('signed double-submit CSRF tokens', () => {
  const keys = deriveKeys('a-test-secret-that-is-long-enough-000');

  it('verifies only for the binding and key it was made with', () => {
    const token = createCsrfToken(keys.csrf, 'session-1');
    expect(verifyCsrfToken(keys.csrf, token, 'session-1')).toBe(true);
    expect(verifyCsrfToken(keys.csrf, token, 'session-2')).toBe(false);
    expect(verifyCsrfToken(deriveKeys('another-secret-that-is-long-enough-0').csrf, token, 'session-1')).toBe(false);
    expect(verifyCsrfToken(keys.csrf, `${token}x`, 'session-1')).toBe(false);
    expect(verifyCsrfToken(keys.csrf, 'no-dot', 'session-1')).toBe(false);
    expect(createCsrfToken(keys.csrf, 'session-1')).not.toBe(token);
  });
});

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters by default', async () => {
    expect(OWASP_ARGON2).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'wrong')).toBe(false);
    expect(needsRehash(hash, OWASP_ARGON2)).toBe(false);
    expect(needsRehash(hash, { memoryCost: 65_536, timeCost: 3, parallelism: 4 })).toBe(true);
    expect(needsRehash('$2b$10$bcrypt', OWASP_ARGON2)).toBe(true);
  });
});
