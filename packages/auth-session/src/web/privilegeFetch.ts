import type { Privilege } from '@propdesk/privileges';

/**
 * The privilege fetch under way, shared by `ensurePrivileges` and sign-in. Its own module, free of
 * Redux, so the sign-in page can reset it without loading the store's code.
 */
export const privilegeFetch: { inFlight: Promise<Privilege[] | null> | null; epoch: number } = { inFlight: null, epoch: 0 };

/** Drops a fetch under way, so a session cleared meanwhile is not filled again (logout). */
export function resetPrivilegeFetch(): void {
  privilegeFetch.inFlight = null;
  privilegeFetch.epoch += 1;
}
