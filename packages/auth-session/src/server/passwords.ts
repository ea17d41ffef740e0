import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id cost parameters. */
export type Argon2Params = { memoryCost: number; timeCost: number; parallelism: number };

/** OWASP Password Storage Cheat Sheet / ASVS 5.0: argon2id, m=19456 KiB, t=2, p=1. */
export const OWASP_ARGON2: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string, params: Argon2Params = OWASP_ARGON2): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...params });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters (or another algorithm). */
export function needsRehash(passwordHash: string, params: Argon2Params): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  return Number(match[1]) !== params.memoryCost || Number(match[2]) !== params.timeCost || Number(match[3]) !== params.parallelism;
}
