import { useCallback, useState } from 'react';
import { z } from 'zod';

/** The browser-storage item of spec section 3 that keeps the sidebar pinned. */
export const SIDEBAR_PINNED_KEY = 'sidebar-pinned';

const storedFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Reads the pin state; anything missing or malformed means unpinned. */
export function readSidebarPinned(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    const parsed = storedFlag.safeParse(storage?.getItem(SIDEBAR_PINNED_KEY));
    return parsed.success ? parsed.data : false;
  } catch {
    return false;
  }
}

export function writeSidebarPinned(pinned: boolean, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(SIDEBAR_PINNED_KEY, String(pinned));
  } catch {
    // Storage can be full or blocked; the pin then lasts for this page only.
  }
}

/** The pin state, kept in localStorage under `sidebar-pinned`. */
export function useSidebarPinned(): [boolean, () => void] {
  const [pinned, setPinned] = useState(() => readSidebarPinned());
  const toggle = useCallback(() => {
    setPinned((current) => {
      writeSidebarPinned(!current);
      return !current;
    });
  }, []);
  return [pinned, toggle];
}
