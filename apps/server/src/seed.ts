import { createUser, ensureDepartment, ensureRole, findUserId, hashPassword, type Argon2Params } from '@propdesk/auth-session/server';
import { DEMO_DEPARTMENTS, DEMO_USERS } from '@propdesk/privileges';
import { createMany, engineTransaction, seedResources } from '@propdesk/records/server';
import { audit, type Database } from '@propdesk/server-kit';
import { salesDemoSetups } from '@propdesk/sales/server';
import { notify } from '@propdesk/notifications-core/server';
import { settingsDemoData } from '@propdesk/settings/server';
import { DEMO_ORDER, DEMO_ROLES, createEngine } from './domains.js';
import { appRegistry } from './resources.js';

const SEEDED_KEY = 'demo-seeded';

export async function demoSeeded(db: Database): Promise<boolean> {
  const result = await db.query('select 1 from app_state where key = $1', [SEEDED_KEY]);
  return result.rows.length > 0;
}

/**
 * Seeds the demo departments, roles and users once (idempotent: existing rows are kept, and a
 * second call does nothing). Returns true when it seeded now.
 */
export async function seedDemoData(db: Database, options: { password: string; argon2: Argon2Params; log?: (message: string) => void }): Promise<boolean> {
  if (await demoSeeded(db)) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(options.password, options.argon2)));
  // Demo documents (and the administrator's field grants) go through the engine (hooks, roll-ups, history), as the product's own writes.
  const { engine } = createEngine(db, { notify, argon2: options.argon2, announceAuthChange: async () => undefined });
  const seeded = await engineTransaction(engine, async (tx) => {
    const marked = await tx.query(
      "insert into app_state (key, value) values ($1, 'true'::jsonb) on conflict (key) do nothing returning key",
      [SEEDED_KEY],
    );
    if (marked.rows.length === 0) return false; // another process seeded meanwhile
    const departments = new Map<string, string>();
    for (const name of DEMO_DEPARTMENTS) departments.set(name, await ensureDepartment(tx, name));
    const roles = new Map<string, string>();
    for (const [key, role] of Object.entries(DEMO_ROLES)) roles.set(key, await ensureRole(tx, role.name, role.description, role.privileges));
    for (const [index, user] of DEMO_USERS.entries()) {
      if (await findUserId(tx, user.username)) continue;
      const roleId = user.role ? roles.get(user.role) : undefined;
      const userId = await createUser(tx, {
        username: user.username,
        fullName: user.fullName,
        departmentId: departments.get(user.department) ?? null,
        passwordHash: hashes[index]!,
        roleIds: roleId ? [roleId] : [],
      });
      // The account's language (issue 29): the Arabic agent reads the product and the server's messages in Arabic.
      if ('language' in user) await tx.query('update users set language = $2 where id = $1', [userId, user.language]);
    }
    // The administrator reads and writes every protected field (a broker's bank details, a unit's base price).
    const adminRole = roles.get('administrator');
    if (adminRole) {
      // The role's grants are its internal child: one set, through the engine, each with its history (those it already has aside).
      const held = new Set((await tx.query<{ key: string }>("select lower(entity_name || '.' || coalesce(field_name, '') || '.' || action) as key from role_privileges where role_id = $1", [adminRole])).rows.map((row) => row.key));
      const grants = new Map<string, { entityName: string; fieldName: string; action: string }>();
      for (const def of appRegistry.resources) {
        for (const [name, field] of Object.entries(def.fields)) {
          if (!field.protected) continue;
          for (const action of ['read', 'update']) {
            const key = `${def.entity}.${name}.${action}`.toLowerCase();
            if (!held.has(key) && !grants.has(key)) grants.set(key, { entityName: def.entity, fieldName: name, action });
          }
        }
      }
      await createMany(engine, tx, appRegistry.get('role-privileges'), { auth: null, source: 'system' }, [...grants.values()].map((grant) => ({ values: { role: adminRole, ...grant } })), { reason: 'Demo data', workflow: true });
    }
    await audit(tx, { action: 'demo.seeded', details: { users: DEMO_USERS.map((user) => user.username) } });
    return true;
  });
  await seedResources(db, appRegistry, settingsDemoData(), {
    claim: async (tx) =>
      (await tx.query("insert into app_state (key, value) values ('demo-reference-seeded', 'true'::jsonb) on conflict (key) do nothing returning key")).rows.length > 0,
  });
  // Hold request setups (one per project) and lead validity rules (per source or channel), claimed once across processes.
  await seedResources(db, appRegistry, salesDemoSetups(), {
    claim: async (tx) => (await tx.query("insert into app_state (key, value) values ('demo-sales-setups-seeded', 'true'::jsonb) on conflict (key) do nothing returning key")).rows.length > 0,
  });
  // Every domain's demo documents, each after the demos it names (`DEMO_ORDER`, computed from the manifests).
  for (const demo of DEMO_ORDER) {
    const said = await demo.run(engine);
    if (said) options.log?.(said);
  }
  return seeded;
}
