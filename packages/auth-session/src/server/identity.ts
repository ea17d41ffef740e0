import { isLanguage, type Language } from '@propdesk/i18n';
import type { Privilege } from '@propdesk/privileges';
import type { Queryable } from '@propdesk/server-kit';

/** Creates the department when missing (case-insensitive name); returns its id. */
export async function ensureDepartment(db: Queryable, name: string): Promise<string> {
  const existing = await db.query<{ id: string }>('select id from departments where lower(name) = lower($1)', [name]);
  if (existing.rows[0]) return existing.rows[0].id;
  const created = await db.query<{ id: string }>('insert into departments (name) values ($1) returning id', [name]);
  return created.rows[0]!.id;
}

/**
 * Creates the role when missing and adds any of `privileges` it lacks; existing privileges are
 * kept. Returns the role id.
 */
export async function ensureRole(db: Queryable, name: string, description: string, privileges: readonly Privilege[]): Promise<string> {
  const existing = await db.query<{ id: string }>('select id from roles where lower(name) = lower($1)', [name]);
  const id =
    existing.rows[0]?.id ??
    (await db.query<{ id: string }>('insert into roles (name, description) values ($1, $2) returning id', [name, description])).rows[0]!.id;
  for (const privilege of privileges) {
    await db.query(
      `insert into role_privileges (role_id, entity_name, field_name, action) values ($1, $2, $3, $4)
       on conflict (role_id, lower(entity_name), coalesce(lower(field_name), ''), lower(action)) do nothing`,
      [id, privilege.entityName, privilege.fieldName ?? null, privilege.action],
    );
  }
  return id;
}

export type NewUser = {
  username: string;
  fullName: string;
  email?: string | null;
  departmentId?: string | null;
  passwordHash: string;
  roleIds?: readonly string[];
};

export async function findUserId(db: Queryable, username: string): Promise<string | null> {
  const result = await db.query<{ id: string }>('select id from users where lower(username) = lower($1)', [username.trim()]);
  return result.rows[0]?.id ?? null;
}

/** Inserts a user and their roles; returns the id. */
export async function createUser(db: Queryable, user: NewUser): Promise<string> {
  const created = await db.query<{ id: string }>(
    'insert into users (username, full_name, email, department_id, password_hash) values ($1, $2, $3, $4, $5) returning id',
    [user.username.trim(), user.fullName, user.email ?? null, user.departmentId ?? null, user.passwordHash],
  );
  const id = created.rows[0]!.id;
  for (const roleId of user.roleIds ?? []) await grantRole(db, id, roleId);
  return id;
}

export async function grantRole(db: Queryable, userId: string, roleId: string): Promise<void> {
  await db.query('insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing', [userId, roleId]);
}

/**
 * The privileges a user holds through their roles, as one JSON array (null when none): a subquery of a
 * statement that reads the user as `u`, so a session's, an API key's or a demo person's caller is one read.
 */
export const USER_PRIVILEGES_SQL = `(select json_agg(json_build_object('entityName', rp.entity_name, 'fieldName', rp.field_name, 'action', rp.action))
                 from user_roles ur join role_privileges rp on rp.role_id = ur.role_id
                where ur.user_id = u.id)`;

export type TokenRoleRow = { id: string; name: string; entityprivileges: Privilege[] };

/** The user's roles with their privileges, as the login token carries them. */
export async function loadRoles(db: Queryable, userId: string): Promise<TokenRoleRow[]> {
  const result = await db.query<{ id: string; name: string; entityprivileges: Privilege[] | null }>(
    `select r.id::text as id, r.name,
            (select json_agg(json_build_object('entityName', rp.entity_name, 'fieldName', rp.field_name, 'action', rp.action)
                             order by rp.entity_name, rp.action)
               from role_privileges rp where rp.role_id = r.id) as entityprivileges
       from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = $1
      order by r.name`,
    [userId],
  );
  return result.rows.map((row) => ({ id: row.id, name: row.name, entityprivileges: row.entityprivileges ?? [] }));
}

export type UserProfile = {
  id: string;
  username: string;
  fullName: string;
  email: string | null;
  department: { id: string; name: string } | null;
  language: Language | null;
};

export async function loadProfile(db: Queryable, userId: string): Promise<UserProfile | null> {
  const result = await db.query<{ id: string; username: string; full_name: string; email: string | null; department_id: string | null; department_name: string | null; language: string | null }>(
    `select u.id::text as id, u.username, u.full_name, u.email, d.id::text as department_id, d.name as department_name, u.language
       from users u left join departments d on d.id = u.department_id
      where u.id = $1`,
    [userId],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    department: row.department_id && row.department_name ? { id: row.department_id, name: row.department_name } : null,
    language: isLanguage(row.language) ? row.language : null,
  };
}
