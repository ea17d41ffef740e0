import { announceSessionsEnded, hashPassword, type Argon2Params } from '@propdesk/auth-session/server';
import type { ResourceHooks } from '@propdesk/records/server';
import { badRequest, conflict, type Queryable } from '@propdesk/server-kit';
import { z } from 'zod';
import { passwordSchema, privilegeListSchema } from '../model/people.js';

/** The privileges engine's cache (issue 7) hears of these through `announceAuthChange`; until then this is a no-op seam. */
export type AuthChangeAnnouncer = (tx: Queryable, change: { userIds?: readonly string[]; roleIds?: readonly string[] }) => Promise<void>;

const roleIdsSchema = z.array(z.uuid({ error: 'Must be a role' })).max(50, 'At most 50 roles');

async function checkRoles(tx: Queryable, roleIds: readonly string[]) {
  if (roleIds.length === 0) return;
  const found = await tx.query<{ n: number }>('select count(*)::int as n from roles where id = any($1::uuid[])', [roleIds]);
  if ((found.rows[0]?.n ?? 0) !== new Set(roleIds).size) throw badRequest('Validation failed', [{ field: 'roles', message: 'A chosen role does not exist' }]);
}

async function setUserRoles(tx: Queryable, userId: string, roleIds: readonly string[]) {
  await checkRoles(tx, roleIds);
  await tx.query('delete from user_roles where user_id = $1', [userId]);
  if (roleIds.length > 0) await tx.query('insert into user_roles (user_id, role_id) select $1, unnest($2::uuid[]) on conflict do nothing', [userId, [...new Set(roleIds)]]);
}

/** Ends every open session of a user (deactivation, password reset); their streams close at once. */
export async function endUserSessions(tx: Queryable, userId: string, reason: string): Promise<void> {
  await tx.query('update sessions set revoked_at = now(), revoked_reason = $2 where user_id = $1 and revoked_at is null', [userId, reason]);
  await announceSessionsEnded(tx);
}

/**
 * Users add to the generated calls: a first password (hashed) and roles on create, roles on
 * update, the roles in every answer; deactivating a user ends their sessions at once.
 */
export function userHooks(options: { argon2: Argon2Params; announce: AuthChangeAnnouncer }): ResourceHooks {
  return {
    extraCreate: { password: passwordSchema, roles: roleIdsSchema.default([]) },
    extraUpdate: { roles: roleIdsSchema.optional() },
    async beforeCreate(_tx, extra) {
      return { password_hash: await hashPassword(String(extra.password), options.argon2) };
    },
    async afterCreate(tx, id, extra) {
      await setUserRoles(tx, id, (extra.roles as string[] | undefined) ?? []);
    },
    async afterUpdate(tx, id, extra, { before, after }) {
      if (extra.roles) {
        await setUserRoles(tx, id, extra.roles as string[]);
        await options.announce(tx, { userIds: [id] });
      }
      if (before.active !== false && after.active === false) {
        await endUserSessions(tx, id, 'deactivated');
        await options.announce(tx, { userIds: [id] });
      }
    },
    async extendRecord(db, id) {
      const roles = await db.query<{ id: string; name: string }>(
        'select r.id::text as id, r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1 order by lower(r.name)',
        [id],
      );
      return { roles: roles.rows.map((role) => role.id), roleNames: roles.rows.map((role) => role.name) };
    },
  };
}

async function setRolePrivileges(tx: Queryable, roleId: string, privileges: z.infer<typeof privilegeListSchema>) {
  await tx.query('delete from role_privileges where role_id = $1', [roleId]);
  if (privileges.length === 0) return;
  await tx.query(
    `insert into role_privileges (role_id, entity_name, field_name, action)
     select $1, e, nullif(f, ''), a from unnest($2::text[], $3::text[], $4::text[]) as p(e, f, a)
     on conflict do nothing`,
    [roleId, privileges.map((p) => p.entityName), privileges.map((p) => p.fieldName ?? ''), privileges.map((p) => p.action)],
  );
}

/** Roles carry their privilege matrix; a change applies to the role's users on their next request. */
export function roleHooks(options: { announce: AuthChangeAnnouncer }): ResourceHooks {
  return {
    async beforeDelete(tx, id) {
      const users = await tx.query<{ n: number }>('select count(*)::int as n from user_roles ur join users u on u.id = ur.user_id where ur.role_id = $1', [id]);
      const count = users.rows[0]?.n ?? 0;
      if (count > 0) throw conflict(`This role is given to ${count} ${count === 1 ? 'user' : 'users'}; take it away from them first.`);
    },
    extraCreate: { privileges: privilegeListSchema.default([]) },
    extraUpdate: { privileges: privilegeListSchema.optional() },
    async afterCreate(tx, id, extra) {
      await setRolePrivileges(tx, id, (extra.privileges as z.infer<typeof privilegeListSchema>) ?? []);
    },
    async afterUpdate(tx, id, extra) {
      if (!extra.privileges) return;
      await setRolePrivileges(tx, id, extra.privileges as z.infer<typeof privilegeListSchema>);
      await tx.query('update roles set updated_at = now() where id = $1', [id]);
      await options.announce(tx, { roleIds: [id] });
    },
    async extendRecord(db, id) {
      const result = await db.query<{ entityName: string; fieldName: string | null; action: string }>(
        'select entity_name as "entityName", field_name as "fieldName", action from role_privileges where role_id = $1 order by entity_name, field_name nulls first, action',
        [id],
      );
      const users = await db.query<{ n: number }>('select count(*)::int as n from user_roles where role_id = $1', [id]);
      return { privileges: result.rows, userCount: users.rows[0]?.n ?? 0 };
    },
  };
}
