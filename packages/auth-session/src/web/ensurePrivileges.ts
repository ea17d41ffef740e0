import { PRIVILEGES_PATH, readPrivileges } from '@propdesk/api-client';
import type { Privilege } from '@propdesk/privileges';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { privilegeListSchema } from '../model/index.js';
import { privilegeFetch } from './privilegeFetch.js';
import { readStoredPrivileges, writeStoredPrivileges } from './roleCipher.js';
import type { SessionRootState } from './sessionTypes.js';

/** The privileges' call (api-client's `readPrivileges`). */
export { PRIVILEGES_PATH };

async function loadPrivileges(): Promise<Privilege[] | null> {
  const stored = await readStoredPrivileges();
  if (stored) return stored;
  try {
    const privileges = privilegeListSchema.parse(await readPrivileges());
    await writeStoredPrivileges(privileges);
    return privileges;
  } catch (error) {
    console.warn('Could not load the privileges.', error);
    return null;
  }
}

export { resetPrivilegeFetch } from './privilegeFetch.js';

/**
 * The user's privileges, fetched once and cached: the slice in memory first, then the encrypted
 * `role` item, else `GET /api/users/privileges`. Resolves to null when no session can be obtained
 * or the call fails (the shell then sends the user to /login). Concurrent calls share one fetch.
 */
export const ensurePrivileges = createAsyncThunk<Privilege[] | null, void, { state: SessionRootState }>(
  'session/ensurePrivileges',
  async (_, { getState }) => {
    const inMemory = getState().session.privileges;
    if (inMemory) return inMemory;
    if (!privilegeFetch.inFlight) {
      const started = privilegeFetch.epoch;
      const request = loadPrivileges().then((privileges) => (started === privilegeFetch.epoch ? privileges : null));
      privilegeFetch.inFlight = request;
      void request.finally(() => {
        if (privilegeFetch.inFlight === request) privilegeFetch.inFlight = null;
      });
    }
    return privilegeFetch.inFlight;
  },
);
