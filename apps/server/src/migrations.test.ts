import { DEMO_DEPARTMENTS, DEMO_USERS } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, migrate } from './database.js';
import { appRegistry } from './resources.js';
import { demoSeeded, seedDemoData } from './seed.js';
import { DB_KINDS, DEMO_PASSWORD, TEST_ARGON2, seededDatabases } from './test/harness.js';
import { DEMO_ROLES } from './domains.js';

describe.each(DB_KINDS)('migrations and demo data on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  beforeAll(async () => {
    db = await databases.open();
  });
  afterAll(() => databases.cleanup());

  it('records every migration once; running them again applies nothing', async () => {
    const ids = (await allMigrations()).map((migration) => migration.id);
    expect(ids).toEqual(expect.arrayContaining(['server-kit/0001_audit_log', 'auth-session/0001_identity', 'server/0001_app_state']));
    const recorded = await db.query<{ id: string }>('select id from schema_migrations');
    expect(recorded.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(await migrate(db)).toEqual([]);
  });

  it('seeded the demo departments, roles and users (guest without a role)', async () => {
    expect(await demoSeeded(db)).toBe(true);
    const departments = await db.query<{ name: string }>('select name from departments order by name');
    expect(departments.rows.map((row) => row.name)).toEqual([...DEMO_DEPARTMENTS].sort());
    const roles = await db.query<{ name: string; count: string | number }>(
      'select r.name, count(rp.*) as count from roles r left join role_privileges rp on rp.role_id = r.id and rp.field_name is null group by r.name',
    );
    for (const role of Object.values(DEMO_ROLES)) {
      // Entity grants here; a role's field grants (the agents' read of a unit's base price) are rows with a field name.
      expect(Number(roles.rows.find((row) => row.name === role.name)?.count)).toBe(role.privileges.filter((privilege) => !privilege.fieldName).length);
    }
    const agentFields = await db.query<{ grant: string }>(
      "select rp.entity_name || '.' || rp.field_name || '.' || rp.action as grant from role_privileges rp join roles r on r.id = rp.role_id where r.name = 'Sales Agent' and rp.field_name is not null",
    );
    expect(agentFields.rows.map((row) => row.grant)).toEqual(['unit.basePrice.read']);
    // The administrator also reads and writes every protected field of the resource definitions.
    const fieldGrants = await db.query<{ entity: string; field: string; action: string }>(
      "select rp.entity_name as entity, rp.field_name as field, rp.action from role_privileges rp join roles r on r.id = rp.role_id where r.name = 'Administrator' and rp.field_name is not null",
    );
    const expected = appRegistry.resources.flatMap((def) =>
      Object.entries(def.fields)
        .filter(([, field]) => field.protected)
        .flatMap(([name]) => ['read', 'update'].map((action) => `${def.entity}.${name}.${action}`)),
    );
    expect(fieldGrants.rows.map((row) => `${row.entity}.${row.field}.${row.action}`).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
    const units = await db.query<{ n: number }>('select count(*)::int as n from units');
    expect(units.rows[0]!.n).toBeGreaterThan(1900);
    const countries = await db.query<{ n: number }>('select count(*)::int as n from countries');
    expect(countries.rows[0]!.n).toBe(249);
    const users = await db.query<{ username: string; department: string; roles: string | number }>(
      `select u.username, d.name as department, (select count(*) from user_roles ur where ur.user_id = u.id) as roles
         from users u join departments d on d.id = u.department_id order by u.username`,
    );
    expect(users.rows.map((row) => row.username)).toEqual(DEMO_USERS.map((user) => user.username).sort());
    for (const user of DEMO_USERS) {
      const row = users.rows.find((candidate) => candidate.username === user.username)!;
      expect(row.department).toBe(user.department);
      expect(Number(row.roles)).toBe(user.role ? 1 : 0);
    }
    // Issue 29: the Arabic demo agent's account language is Arabic; the others have not chosen.
    const languages = await db.query<{ username: string; language: string | null }>('select username, language from users where language is not null');
    expect(languages.rows).toEqual([{ username: 'sales.agent.ar', language: 'ar' }]);
  });

  it('seeding again changes nothing, even when the marker is gone', async () => {
    const count = async () => Number((await db.query<{ n: string | number }>('select count(*) as n from users')).rows[0]?.n);
    const before = await count();
    const units = Number((await db.query<{ n: number }>('select count(*)::int as n from units')).rows[0]?.n);
    expect(await seedDemoData(db, { password: DEMO_PASSWORD, argon2: TEST_ARGON2 })).toBe(false);
    await db.query("delete from app_state where key = 'demo-seeded'");
    expect(await seedDemoData(db, { password: DEMO_PASSWORD, argon2: TEST_ARGON2 })).toBe(true);
    expect(await count()).toBe(before);
    expect(Number((await db.query<{ n: number }>('select count(*)::int as n from units')).rows[0]?.n)).toBe(units);
    const privileges = await db.query<{ n: string | number }>(
      "select count(*) as n from role_privileges rp join roles r on r.id = rp.role_id where r.name = 'Sales Agent'",
    );
    expect(Number(privileges.rows[0]?.n)).toBe(DEMO_ROLES.salesAgent.privileges.length);
  });
});
