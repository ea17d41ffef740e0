import type { Privilege } from '@propdesk/privileges';
import { privilegeListSchema } from '../model/index.js';
import { STORAGE_KEYS, writeStorageItem } from './storage.js';

/*
 * The `role` item holds the privilege list encrypted with AES-GCM under a key embedded in this
 * code, as the spec describes. This is a UI cache, NOT a security boundary: anyone with the
 * bundle has the key, and the privileges only shape what the UI shows. The server checks every
 * call against the privileges it stores. Encryption just keeps the item from being edited casually;
 * a tampered item fails authentication and reads as "no permissions", which makes the client
 * fetch the list from the server again.
 */
const FIXED_KEY = new Uint8Array([
  0x3e, 0x91, 0x5a, 0x0c, 0xd7, 0x42, 0x88, 0x1f, 0x6b, 0xe3, 0x27, 0x94, 0xc0, 0x5d, 0x13, 0xaf,
  0x72, 0x08, 0xbe, 0x4c, 0x99, 0x31, 0xf6, 0x2a, 0x5e, 0xd0, 0x87, 0x16, 0x4b, 0xfa, 0x63, 0xc9,
]);
const FORMAT_PREFIX = 'v1.';
const IV_BYTES = 12;

let keyPromise: Promise<CryptoKey> | null = null;

function cipherKey(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle.importKey('raw', FIXED_KEY, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
  return keyPromise;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `v1.` + base64(IV ‖ ciphertext), with a fresh random IV on every call. */
export async function encryptPrivileges(privileges: readonly Privilege[]): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(privileges));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await cipherKey(), plain));
  const packed = new Uint8Array(IV_BYTES + cipher.length);
  packed.set(iv, 0);
  packed.set(cipher, IV_BYTES);
  return FORMAT_PREFIX + toBase64(packed);
}

/** The decrypted, validated list, or null when the value is malformed, tampered or invalid. */
export async function decryptPrivileges(value: string): Promise<Privilege[] | null> {
  try {
    if (!value.startsWith(FORMAT_PREFIX)) return null;
    const packed = fromBase64(value.slice(FORMAT_PREFIX.length));
    if (packed.length <= IV_BYTES) return null;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: packed.slice(0, IV_BYTES) },
      await cipherKey(),
      packed.slice(IV_BYTES),
    );
    const parsed = privilegeListSchema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The cached privileges from the `role` item; null when there is none or it cannot be decrypted
 * (no permissions: the caller then asks the server). An unreadable item is removed.
 */
export async function readStoredPrivileges(): Promise<Privilege[] | null> {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEYS.role);
  } catch {
    return null;
  }
  if (!raw) return null;
  const privileges = await decryptPrivileges(raw);
  if (!privileges) {
    console.warn('The stored privileges could not be read; they will be fetched again.');
    writeStorageItem(STORAGE_KEYS.role, null);
  }
  return privileges;
}

export async function writeStoredPrivileges(privileges: readonly Privilege[]): Promise<void> {
  try {
    writeStorageItem(STORAGE_KEYS.role, await encryptPrivileges(privileges));
  } catch (error) {
    console.error('Could not store the privileges.', error);
  }
}
