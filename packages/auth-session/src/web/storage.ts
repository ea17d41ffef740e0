import * as z from 'zod/mini';
import { LANGUAGE_STORAGE_KEY } from './language.js';

/** The browser storage items of spec section 3 (all in localStorage). */
export const STORAGE_KEYS = {
  username: 'username',
  userId: 'userId',
  departmentId: 'departmentId',
  /** The encrypted privilege list (see roleCipher.ts). */
  role: 'role',
  token: 'token',
  /** Owned by the shell's sidebar; listed here so every storage name lives in one place. */
  sidebarPinned: 'sidebar-pinned',
  /** The language of the last account signed in on this browser (issue 29; kept across sign-out). */
  language: LANGUAGE_STORAGE_KEY,
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The items logout clears (spec section 4, Session). */
export const SESSION_STORAGE_KEYS = [
  STORAGE_KEYS.role,
  STORAGE_KEYS.token,
  STORAGE_KEYS.username,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.departmentId,
] as const;

const nonEmpty = z.string().check(z.trim(), z.minLength(1));
const tokenSchema = z.string().check(z.regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'not a compact JWT'));

export const storedUserSchema = z.object({
  username: nonEmpty,
  userId: nonEmpty,
  departmentId: z.nullable(nonEmpty),
});

export type SessionUser = z.infer<typeof storedUserSchema>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings): behave as if empty
  }
}

/** Reads one item and validates it; anything missing or invalid reads as null. */
export function readStorageItem<T>(key: StorageKey, schema: z.core.$ZodType<T>): T | null {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined) return null;
  const parsed = z.safeParse(schema, raw);
  return parsed.success ? parsed.data : null;
}

export function writeStorageItem(key: StorageKey, value: string | null): void {
  const target = storage();
  if (!target) return;
  try {
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch (error) {
    console.error(`Could not write the ${key} item to browser storage.`, error);
  }
}

/** The signed-in user from storage, or null when username or userId is missing or invalid. */
export function readStoredUser(): SessionUser | null {
  const parsed = storedUserSchema.safeParse({
    username: readStorageItem(STORAGE_KEYS.username, nonEmpty),
    userId: readStorageItem(STORAGE_KEYS.userId, nonEmpty),
    departmentId: readStorageItem(STORAGE_KEYS.departmentId, nonEmpty),
  });
  return parsed.success ? parsed.data : null;
}

export function writeStoredUser(user: SessionUser): void {
  writeStorageItem(STORAGE_KEYS.username, user.username);
  writeStorageItem(STORAGE_KEYS.userId, user.userId);
  writeStorageItem(STORAGE_KEYS.departmentId, user.departmentId);
}

export function readStoredToken(): string | null {
  return readStorageItem(STORAGE_KEYS.token, tokenSchema);
}

export function writeStoredToken(token: string | null): void {
  writeStorageItem(STORAGE_KEYS.token, token);
}

/** Removes role, token, username, userId and departmentId; sidebar-pinned stays. */
export function clearStoredSession(): void {
  for (const key of SESSION_STORAGE_KEYS) writeStorageItem(key, null);
}
