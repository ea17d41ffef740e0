import type { Queryable } from '@propdesk/server-kit';

/**
 * Raised (NOTIFY, payload '') whenever sessions may have ended: logout, forced sign-out, a
 * refresh token replayed, a user deactivated. Listeners (the notification streams) re-check the
 * sessions they hold. Any code that ends sessions or deactivates users calls `announceSessionsEnded`.
 */
export const SESSIONS_ENDED_CHANNEL = 'propdesk_sessions';

/** NOTIFY on `SESSIONS_ENDED_CHANNEL`; inside a transaction it is delivered only if that commits. */
export async function announceSessionsEnded(tx: Queryable): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [SESSIONS_ENDED_CHANNEL, '']);
}
