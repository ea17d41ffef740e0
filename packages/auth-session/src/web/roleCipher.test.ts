// @vitest-environment jsdom
import { createChecker } from '@propdesk/privileges';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decryptPrivileges, encryptPrivileges, readStoredPrivileges, writeStoredPrivileges } from './roleCipher.js';
import { SALES_PRIVILEGES } from './test-utils/session.js';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function flipOneCiphertextByte(value: string): string {
  const bytes = Uint8Array.from(atob(value.slice(3)), (c) => c.charCodeAt(0));
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x01;
  return `v1.${btoa(String.fromCharCode(...bytes))}`;
}

describe('role item encryption', () => {
  it('round-trips the privilege list', async () => {
    const encrypted = await encryptPrivileges(SALES_PRIVILEGES);
    expect(encrypted).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    expect(encrypted).not.toContain('lead');
    await expect(decryptPrivileges(encrypted)).resolves.toEqual(SALES_PRIVILEGES);
  });

  it('uses a fresh IV on every write', async () => {
    const first = await encryptPrivileges(SALES_PRIVILEGES);
    const second = await encryptPrivileges(SALES_PRIVILEGES);
    expect(first).not.toBe(second);
    expect(first.slice(0, 19)).not.toBe(second.slice(0, 19));
  });

  it('reads a tampered item as no permissions and removes it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await writeStoredPrivileges(SALES_PRIVILEGES);
    const stored = localStorage.getItem('role') ?? '';
    localStorage.setItem('role', flipOneCiphertextByte(stored));
    const privileges = await readStoredPrivileges();
    expect(privileges).toBeNull();
    expect(createChecker(privileges).can('lead', 'read')).toBe(false);
    expect(localStorage.getItem('role')).toBeNull();
  });

  it.each([['plain JSON', JSON.stringify(SALES_PRIVILEGES)], ['garbage', 'v1.%%%'], ['too short', 'v1.AAAA']])(
    'reads %s as no permissions',
    async (_name, value) => {
      await expect(decryptPrivileges(value)).resolves.toBeNull();
    },
  );

  it('reads encrypted content of the wrong shape as no permissions', async () => {
    const encrypted = await encryptPrivileges([{ entity: 'lead' } as never]);
    await expect(decryptPrivileges(encrypted)).resolves.toBeNull();
  });

  it('reads a missing item as nothing cached', async () => {
    await expect(readStoredPrivileges()).resolves.toBeNull();
  });
});
