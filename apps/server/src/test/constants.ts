import type { Argon2Params } from '@propdesk/auth-session/server';

/** Cheap hashing for tests only; production uses the OWASP parameters (config.ts). */
export const TEST_ARGON2: Argon2Params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const DEMO_PASSWORD = 'Propdesk#2026';
