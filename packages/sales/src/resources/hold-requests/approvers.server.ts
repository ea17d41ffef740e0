import { createChecker, type Privilege } from '@propdesk/privileges';
import type { Queryable } from '@propdesk/server-kit';

/**
 * The active users of a department who hold `action` on `entity` (by their roles), but `except`: the
 * people a request waits for. A department notification would reach everyone in it, the requester too.
 */
export async function approversIn(tx: Queryable, departmentId: string, entity: string, action: string, except: string | null): Promise<string[]> {
  const rows = await tx.query<{ id: string; privileges: Privilege[] | null }>(
    `select u.id::text as id,
            (select json_agg(json_build_object('entityName', rp.entity_name, 'fieldName', rp.field_name, 'action', rp.action))
               from user_roles ur join role_privileges rp on rp.role_id = ur.role_id
              where ur.user_id = u.id) as privileges
       from users u
      where u.department_id = $1 and u.active and u.id is distinct from $2::uuid
      order by u.id`,
    [departmentId, except],
  );
  return rows.rows.filter((row) => createChecker(row.privileges ?? []).can(entity, action)).map((row) => row.id);
}
