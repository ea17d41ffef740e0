import { USER_PRIVILEGES_SQL } from '@propdesk/auth-session/server';
import { createChecker, type Privilege } from '@propdesk/privileges';
import type { Caller } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';

const SYSTEM: Caller = { auth: null, source: 'system' };

/**
 * A demo person as their session would be: the privileges the demo seed gave them through their roles
 * (the app composes the demo roles: apps/server's `DEMO_ROLES`), and their department. No such user: the system.
 */
export async function demoCaller(tx: Queryable, username: string): Promise<Caller> {
  const user = (
    await tx.query<{ id: string; department: string | null; privileges: Privilege[] }>(
      `select u.id::text as id, u.department_id::text as department,
              coalesce(${USER_PRIVILEGES_SQL}, '[]'::json) as privileges
         from users u where u.username = $1`,
      [username],
    )
  ).rows[0];
  if (!user) return SYSTEM;
  return { auth: { userId: user.id, username, sessionId: 'demo', departmentId: user.department, checker: createChecker(user.privileges) }, source: 'system' };
}
