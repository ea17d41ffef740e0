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
              coalesce((select json_agg(json_build_object('entityName', rp.entity_name, 'fieldName', rp.field_name, 'action', rp.action) order by rp.entity_name, rp.field_name, rp.action)
                          from user_roles ur join role_privileges rp on rp.role_id = ur.role_id where ur.user_id = u.id), '[]'::json) as privileges
         from users u where u.username = $1`,
      [username],
    )
  ).rows[0];
  if (!user) return SYSTEM;
  return { auth: { userId: user.id, username, sessionId: 'demo', departmentId: user.department, checker: createChecker(user.privileges) }, source: 'system' };
}
