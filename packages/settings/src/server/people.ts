import { announceSessionsEnded, hashPassword, type Argon2Params } from '@propdesk/auth-session/server';
import { createMany, deleteMany, recordKeptChange, type Caller, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { badRequest, conflict, fieldError, type Queryable } from '@propdesk/server-kit';
import { counted, settingsText } from './i18n/catalog.js';
import { z } from 'zod';
import { passwordSchema, privilegeListSchema } from '../model/people.js';
import { rolePrivileges as rolePrivilegesDef, roles as rolesDef, userRoles as userRolesDef, users as usersDef } from '../model/definitions/people.js';

/** What a list of grants became, for the history's reason: `Granted: a, b; taken away: c.` */
function grantReason(before: readonly string[], after: readonly string[]): string {
  const added = after.filter((item) => !before.includes(item));
  const removed = before.filter((item) => !after.includes(item));
  return [added.length > 0 ? `Granted: ${added.join(', ')}` : null, removed.length > 0 ? `taken away: ${removed.join(', ')}` : null].filter(Boolean).join('; ') + '.';
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** The privileges engine's cache (issue 7) hears of these through `announceAuthChange`; until then this is a no-op seam. */
export type AuthChangeAnnouncer = (tx: Queryable, change: { userIds?: readonly string[]; roleIds?: readonly string[] }) => Promise<void>;

const roleIdsSchema = z.array(z.uuid({ error: 'Must be a role' })).max(50, 'At most 50 roles');

async function checkRoles(tx: Queryable, roleIds: readonly string[]) {
  if (roleIds.length === 0) return;
  const found = await tx.query<{ n: number }>('select count(*)::int as n from roles where id = any($1::uuid[])', [roleIds]);
  if ((found.rows[0]?.n ?? 0) !== new Set(roleIds).size) throw badRequest('Validation failed', [fieldError('roles', settingsText('roleMissing'))]);
}

/**
 * A user's roles (`user_roles`, the user's internal child), written through the engine in the user's
 * transaction: the roles taken away in one delete, those given in one insert, each row with its
 * history; and the change in the user's history: the role ids before and after, and the roles' names
 * given and taken away as the reason.
 */
async function setUserRoles(engine: EngineContext, tx: Queryable, caller: Caller, userId: string, roleIds: readonly string[]) {
  await checkRoles(tx, roleIds);
  const current = async () =>
    (await tx.query<{ rowId: string; id: string; name: string }>('select ur.id::text as "rowId", r.id::text as id, r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1 order by r.id', [userId])).rows;
  const before = await current();
  const wanted = new Set(roleIds);
  const held = new Set(before.map((role) => role.id));
  await deleteMany(engine, tx, userRolesDef, caller, before.filter((role) => !wanted.has(role.id)).map((role) => role.rowId), { workflow: true });
  await createMany(engine, tx, userRolesDef, caller, [...wanted].filter((id) => !held.has(id)).map((role) => ({ values: { user: userId, role } })), { workflow: true });
  const after = await current();
  if (sameList(before.map((role) => role.id), after.map((role) => role.id))) return;
  await recordKeptChange(tx, usersDef, caller, userId, 'roles', { roles: { before: before.map((role) => role.id), after: after.map((role) => role.id) } }, grantReason(before.map((role) => role.name), after.map((role) => role.name)));
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
export function userHooks(options: { engine: EngineContext; argon2: Argon2Params; announce: AuthChangeAnnouncer }): ResourceHooks {
  return {
    extraCreate: { password: passwordSchema, roles: roleIdsSchema.default([]) },
    extraUpdate: { roles: roleIdsSchema.optional() },
    async beforeCreate(_tx, extra) {
      return { password_hash: await hashPassword(String(extra.password), options.argon2) };
    },
    async afterCreate(tx, id, extra, caller) {
      await setUserRoles(options.engine, tx, caller, id, (extra.roles as string[] | undefined) ?? []);
    },
    async afterUpdate(tx, id, extra, { before, after }, caller) {
      if (extra.roles) {
        await setUserRoles(options.engine, tx, caller, id, extra.roles as string[]);
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

/** A grant as the history names it: `lead:assign`, `lead.phone:read`. */
const grantName = (privilege: { entityName: string; fieldName?: string | null | undefined; action: string }) =>
  `${privilege.entityName}${privilege.fieldName ? `.${privilege.fieldName}` : ''}:${privilege.action}`;

/** A grant's identity as the table's unique key compares it: entity, field and action, case aside. */
const grantKey = (privilege: { entityName: string; fieldName?: string | null | undefined; action: string }) =>
  `${privilege.entityName.toLowerCase()}|${(privilege.fieldName ?? '').toLowerCase()}|${privilege.action.toLowerCase()}`;

/**
 * A role's privilege matrix (`role_privileges`, the role's internal child the privileges engine reads),
 * written through the engine in the role's transaction: the grants taken away (or respelled) in one
 * delete, the new ones in one insert, each row with its history; and the change in the role's history:
 * every grant before and after, and what was granted and taken away as the reason.
 */
async function setRolePrivileges(engine: EngineContext, tx: Queryable, caller: Caller, roleId: string, privileges: z.infer<typeof privilegeListSchema>) {
  const current = async () =>
    (await tx.query<{ id: string; entityName: string; fieldName: string | null; action: string }>('select id::text as id, entity_name as "entityName", field_name as "fieldName", action from role_privileges where role_id = $1', [roleId])).rows;
  const names = (rows: readonly { entityName: string; fieldName: string | null; action: string }[]) => rows.map(grantName).sort();
  const rows = await current();
  // As the key compares them, the first spelling of a grant wins (as `on conflict do nothing` did).
  const wanted = new Map<string, { entityName: string; fieldName: string | null; action: string }>();
  for (const privilege of privileges) {
    const grant = { entityName: privilege.entityName, fieldName: privilege.fieldName || null, action: privilege.action };
    if (!wanted.has(grantKey(grant))) wanted.set(grantKey(grant), grant);
  }
  // A grant stays when it is wanted as it is spelled; one respelled ("Lead" for "lead") goes and comes back.
  const kept = rows.filter((row) => {
    const grant = wanted.get(grantKey(row));
    return grant !== undefined && grantName(grant) === grantName(row);
  });
  const keptIds = new Set(kept.map((row) => row.id));
  const keptKeys = new Set(kept.map(grantKey));
  await deleteMany(engine, tx, rolePrivilegesDef, caller, rows.filter((row) => !keptIds.has(row.id)).map((row) => row.id), { workflow: true });
  await createMany(engine, tx, rolePrivilegesDef, caller, [...wanted].filter(([key]) => !keptKeys.has(key)).map(([, grant]) => ({ values: { role: roleId, ...grant } })), { workflow: true });
  const before = names(rows);
  const after = names(await current());
  if (sameList(before, after)) return false;
  await recordKeptChange(tx, rolesDef, caller, roleId, 'privileges', { privileges: { before, after } }, grantReason(before, after));
  return true;
}

/** Roles carry their privilege matrix; a change applies to the role's users on their next request. */
export function roleHooks(options: { engine: EngineContext; announce: AuthChangeAnnouncer }): ResourceHooks {
  return {
    async beforeDelete(tx, id) {
      const users = await tx.query<{ n: number }>('select count(*)::int as n from user_roles ur join users u on u.id = ur.user_id where ur.role_id = $1', [id]);
      const count = users.rows[0]?.n ?? 0;
      if (count > 0) throw conflict(settingsText('roleInUse', counted(count)));
    },
    extraCreate: { privileges: privilegeListSchema.default([]) },
    extraUpdate: { privileges: privilegeListSchema.optional() },
    async afterCreate(tx, id, extra, caller) {
      await setRolePrivileges(options.engine, tx, caller, id, (extra.privileges as z.infer<typeof privilegeListSchema>) ?? []);
    },
    async afterUpdate(tx, id, extra, _changes, caller) {
      if (!extra.privileges) return;
      // The role's version and modified time move with the engine's update; the grants' change is in its history.
      await setRolePrivileges(options.engine, tx, caller, id, extra.privileges as z.infer<typeof privilegeListSchema>);
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
