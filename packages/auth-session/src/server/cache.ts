import type { Language } from '@propdesk/i18n';
import type { PrivilegeChecker } from '@propdesk/privileges';
import type { Database, Unlisten } from '@propdesk/server-kit';

/**
 * Raised by the database's own triggers (migration 0002) in the transaction that changes a
 * session (`s:<id>`), a user or a user's roles (`u:<id>`) or a role's privileges (`r:<id>`).
 */
export const AUTH_CHANNEL = 'propdesk_auth';

export type CachedSession = {
  userId: string;
  username: string;
  departmentId: string | null;
  /** The account's language (issue 29); the users trigger's NOTIFY drops the entry when it changes. */
  language?: Language | null;
  roleIds: readonly string[];
  checker: PrivilegeChecker;
  /** The session's own `expires_at` (epoch ms): past it the entry is not used. */
  expiresAt: number;
  /** An API key's entry (kept under `apikey:<hash>`): the key's id. */
  apiKeyId?: string;
};

const MAX_ENTRIES = 50_000;

/**
 * Sessions and their compiled privilege checkers, kept until a NOTIFY on `AUTH_CHANNEL` says
 * they changed. Answers only while the LISTEN connection is up: once it is lost everything is
 * dropped and every request reads the database, until the connection is back (`''`, the
 * catch-up) and nothing missed meanwhile can be in the cache.
 */
export function createSessionCache(db: Database) {
  const bySession = new Map<string, CachedSession>();
  let listening = false;
  let generation = 0;
  let unlisten: Unlisten | null = null;
  const stats = { hits: 0, misses: 0, invalidations: 0 };

  const clear = () => {
    bySession.clear();
    generation++;
  };

  function invalidate(scope: string): void {
    stats.invalidations++;
    generation++;
    const [kind, id] = [scope.slice(0, 2), scope.slice(2)];
    if (kind === 's:') bySession.delete(id);
    else if (kind === 'u:') {
      for (const [sid, entry] of bySession) if (entry.userId === id) bySession.delete(sid);
    } else if (kind === 'r:') {
      for (const [sid, entry] of bySession) if (entry.roleIds.includes(id)) bySession.delete(sid);
    } else clear();
  }

  return {
    stats,
    get listening() {
      return listening;
    },
    async start(): Promise<void> {
      if (unlisten) return;
      unlisten = await db.listen(
        AUTH_CHANNEL,
        (payload) => {
          // '' comes only after a lost connection is open again: anything may have changed.
          if (payload === '') {
            clear();
            listening = true;
          } else invalidate(payload);
        },
        {
          onLost: () => {
            listening = false;
            clear();
          },
          // A change written by this process (bulk actions, import, any SQL) is heard before its COMMIT returns.
          echo: true,
        },
      );
      listening = true;
    },
    /** Take before reading the database; `set` keeps the row only if nothing changed meanwhile. */
    get generation() {
      return generation;
    },
    /** `userId` undefined: any user (an API key's entry is found by the key alone). */
    get(sessionId: string, userId: string | undefined): CachedSession | undefined {
      if (!listening) return undefined;
      const entry = bySession.get(sessionId);
      if (!entry || (userId !== undefined && entry.userId !== userId) || entry.expiresAt <= Date.now()) {
        stats.misses++;
        return undefined;
      }
      stats.hits++;
      return entry;
    },
    set(sessionId: string, entry: CachedSession, readAt: number): void {
      if (!listening || readAt !== generation) return;
      if (bySession.size >= MAX_ENTRIES) bySession.delete(bySession.keys().next().value!);
      bySession.set(sessionId, entry);
    },
    /** This process's own writes, applied before the answer leaves (the NOTIFY follows). */
    invalidate,
    async stop(): Promise<void> {
      listening = false;
      clear();
      const off = unlisten;
      unlisten = null;
      await off?.().catch(() => undefined);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
