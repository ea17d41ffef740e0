import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { runLeadExpiry, salesRowScope } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRegistry } from './resources.js';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

const agentPrivileges: Privilege[] = [
  ...['read', 'create', 'update'].map((action) => ({ entityName: 'lead', action })),
  ...['read', 'create'].map((action) => ({ entityName: 'customer', action })),
];
const managerPrivileges: Privilege[] = [...agentPrivileges, { entityName: 'lead', action: 'assign' }];
const adminPrivileges: Privilege[] = [...managerPrivileges, { entityName: 'lead', action: 'readAll' }];
/** Like the demo's procurement.officer: no lead privilege at all. */
const procurementPrivileges: Privilege[] = ['read', 'create', 'update'].map((action) => ({ entityName: 'PurchaseRequest', action }));

type Agent = ReturnType<typeof createAgent>;
type Person = { id: string; username: string; agent: Agent };

let phoneCounter = 0;
const freshPhone = () => `+2011${String(40_000_000 + process.pid * 1000 + (phoneCounter += 1)).slice(-8)}`;

/**
 * Issue 19, "A lead can be assigned only to someone who can own it": assignment, create's assignTo,
 * round-robin, expiry's reassign_to_manager and the assignees picker all use one rule (active, with
 * lead read, create and update through their roles; for a team manager, in the lead's team).
 */
describe.each(DB_KINDS)('lead assignment on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let agentA: Person;
  let agentB: Person;
  let outsider: Person;
  let manager: Person;
  let admin: Person;
  let officer: { id: string; username: string };
  let readOnly: { id: string; username: string };
  let sourceId: string;
  let teamId: string;

  async function person(privileges: Privilege[]): Promise<Person> {
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { id: user.id, username: user.username, agent };
  }

  async function newLead(who: Person, extra: Record<string, unknown> = {}) {
    const response = await who.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: unique('Lead'), phone: freshPhone(), source: sourceId, ...extra } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Record<string, unknown> & { id: string };
  }

  const assign = (who: Person, ids: string[], userId: string | null) => who.agent.request({ method: 'POST', url: '/api/leads/assign', payload: { ids, userId } });
  const ownerOf = async (id: string) => (await db.query<{ owner: string | null }>('select assigned_to_id::text as owner from leads where id = $1', [id])).rows[0]!.owner;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    agentA = await person(agentPrivileges);
    agentB = await person(agentPrivileges);
    outsider = await person(agentPrivileges);
    manager = await person(managerPrivileges);
    admin = await person(adminPrivileges);
    officer = await createTestUser(db, procurementPrivileges);
    // Reads leads (and even a field-level update) but cannot create or update them.
    readOnly = await createTestUser(db, [{ entityName: 'Lead', action: 'READ' }, { entityName: 'lead', fieldName: 'notes', action: 'update' }]);
    sourceId = (await db.query<{ id: string }>("select id::text from sources where name = 'Facebook'")).rows[0]!.id;
    // The manager's team: agents A and B, and the officer listed as a member by mistake.
    teamId = (
      await db.query<{ id: string }>('insert into sales_teams (name, manager_id, members_ids) values ($1, $2, $3::uuid[]) returning id::text', [
        unique('Team'),
        manager.id,
        [agentA.id, officer.id, agentB.id],
      ])
    ).rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('refuses a user with no lead privileges with 422 and the reason, and the lead stays where it was', async () => {
    const lead = await newLead(agentA);
    for (const who of [manager, admin]) {
      const refused = await assign(who, [lead.id], officer.id);
      expect(refused.statusCode, refused.body).toBe(422);
      const message = `${officer.username} cannot own leads: they have no lead privileges.`;
      expect(refused.json()).toMatchObject({ status: 'ERROR', message, errors: [{ field: 'userId', message }] });
    }
    expect(await ownerOf(lead.id)).toBe(agentA.id);
    // Holding only some of the agent's privileges is named too (read in another case; a field grant does not count).
    const partial = await assign(admin, [lead.id], readOnly.id);
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toBe(`${readOnly.username} cannot own leads: they lack the lead create and update privileges.`);
    // An inactive user is refused with why.
    const gone = await createTestUser(db, agentPrivileges);
    await db.query('update users set active = false where id = $1', [gone.id]);
    expect((await assign(admin, [lead.id], gone.id)).json().message).toBe(`${gone.username} cannot own leads: their account is inactive.`);
    // On create too.
    const created = await admin.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: unique('Lead'), phone: freshPhone(), source: sourceId, assignTo: officer.id } });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual([{ field: 'assignTo', message: `${officer.username} cannot own leads: they have no lead privileges.` }]);
  });

  it('a team manager may choose only members of the lead’s team; readAll may choose any eligible user', async () => {
    const lead = await newLead(agentA);
    const outside = await assign(manager, [lead.id], outsider.id);
    expect(outside.statusCode, outside.body).toBe(422);
    expect(outside.json().message).toMatch(new RegExp(`^${outsider.username.replace(/\./g, '\\.')} cannot be given this lead: they are not in its sales team \\(`));
    expect(await ownerOf(lead.id)).toBe(agentA.id);
    const inside = await assign(manager, [lead.id], agentB.id);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(await ownerOf(lead.id)).toBe(agentB.id);
    // The manager may take it; the admin (readAll) may give it to someone in no team.
    expect((await assign(manager, [lead.id], manager.id)).statusCode).toBe(200);
    const anywhere = await assign(admin, [lead.id], outsider.id);
    expect(anywhere.statusCode, anywhere.body).toBe(200);
    expect(await ownerOf(lead.id)).toBe(outsider.id);
    // Back to the pool is not an owner: still allowed.
    expect((await assign(admin, [lead.id], null)).statusCode).toBe(200);
  });

  it('round-robin skips a member who cannot own leads', async () => {
    const project = (
      await db.query<{ id: string }>("insert into projects (name, code, status, currency) values ($1, $2, 'planned', 'EGP') returning id::text", [unique('Project'), unique('P').slice(-10)])
    ).rows[0]!.id;
    const x = await createTestUser(db, agentPrivileges);
    const z = await createTestUser(db, agentPrivileges);
    await db.query('insert into sales_teams (name, members_ids, projects_ids) values ($1, $2::uuid[], $3::uuid[])', [unique('RR team'), [x.id, officer.id, readOnly.id, z.id], [project]]);
    const owners = [];
    for (let i = 0; i < 4; i += 1) owners.push((await newLead(admin, { assignTo: null, projects: [project] })).assignedTo);
    expect(owners).toEqual([x.id, z.id, x.id, z.id]);
  });

  it('expiry’s reassign_to_manager falls back to the pool when the manager cannot own leads', async () => {
    const source = (
      await db.query<{ id: string }>('insert into sources (name, source_type_id) select $1, id from source_types order by name limit 1 returning id::text', [unique('Source')])
    ).rows[0]!.id;
    await db.query(
      "insert into lead_validity_configs (name, source_id, validity_days, reminder_days_before, on_expiry) values ($1, $2, 10, 1, 'reassign_to_manager')",
      [unique('Rule'), source],
    );
    // A team whose manager is the procurement officer.
    const member = await person(agentPrivileges);
    await db.query('insert into sales_teams (name, manager_id, members_ids) values ($1, $2, $3::uuid[])', [unique('Odd team'), officer.id, [member.id]]);
    const good = await newLead(member, { source });
    // And one in the proper manager's team for contrast.
    const other = await newLead(agentA, { source });
    expect(other.salesTeam).toBe(teamId);
    await db.query("update leads set valid_until = now() - interval '1 hour' where id = any($1::uuid[])", [[good.id, other.id]]);
    await runLeadExpiry({ db, registry: appRegistry, rowScope: salesRowScope }, notify);
    expect(await ownerOf(good.id)).toBeNull();
    expect(await ownerOf(other.id)).toBe(manager.id);
  });

  it('the assignees endpoint lists only the users the caller may choose', async () => {
    const lead = await newLead(agentA);
    const ids = async (who: Person, query: string) => {
      const response = await who.agent.request({ method: 'GET', url: `/api/leads/assignees${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { id: string; name: string; username: string; team: { id: string; name: string } | null }[]).map((row) => row.id);
    };
    const forManager = await ids(manager, `?lead=${lead.id}`);
    expect(forManager).toEqual(expect.arrayContaining([agentA.id, agentB.id, manager.id]));
    expect(forManager).not.toContain(officer.id);
    expect(forManager).not.toContain(outsider.id);
    const forAdmin = await ids(admin, `?lead=${lead.id}&q=`);
    expect(forAdmin).toEqual(expect.arrayContaining([agentA.id, agentB.id, outsider.id, manager.id]));
    expect(forAdmin).not.toContain(officer.id);
    expect(forAdmin).not.toContain(readOnly.id);
    // The search narrows by username; each row names the user's team.
    const found = await admin.agent.request({ method: 'GET', url: `/api/leads/assignees?q=${encodeURIComponent(agentB.username)}` });
    expect(found.json().data).toEqual([{ id: agentB.id, username: agentB.username, name: 'Test User', team: { id: teamId, name: expect.any(String) } }]);
    // Without assign, only oneself.
    expect(await ids(agentA, `?lead=${lead.id}`)).toEqual([agentA.id]);
    // A lead the caller cannot see is 404; a bad id 400.
    const hidden = await newLead(outsider);
    expect((await agentA.agent.request({ method: 'GET', url: `/api/leads/assignees?lead=${hidden.id}` })).statusCode).toBe(404);
    expect((await agentA.agent.request({ method: 'GET', url: '/api/leads/assignees?lead=nope' })).statusCode).toBe(400);
  });
});
