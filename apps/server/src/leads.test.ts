import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { runLeadExpiry, salesRowScope } from '@propdesk/sales/server';
import { openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRegistry } from './resources.js';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

const agentPrivileges: Privilege[] = [
  ...['read', 'create', 'update', 'export'].map((action) => ({ entityName: 'lead', action })),
  ...['read', 'create'].map((action) => ({ entityName: 'customer', action })),
];
const managerPrivileges: Privilege[] = [...agentPrivileges, { entityName: 'lead', action: 'assign' }];
const allPrivileges: Privilege[] = [...managerPrivileges, { entityName: 'lead', action: 'readAll' }];

type Agent = ReturnType<typeof createAgent>;
type Person = { id: string; agent: Agent };

let phoneCounter = 0;
/** A valid Egyptian mobile in E.164 no other test uses. */
const freshPhone = () => `+2012${String(30_000_000 + process.pid * 1000 + (phoneCounter += 1)).slice(-8)}`;

/**
 * Leads and customers on top of the engine's contract: the row filter on every call, duplicates,
 * claims, assignment, round-robin, activities and validity, conversion, merge and the expiry job.
 */
describe.each(DB_KINDS)('leads on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let agentA: Person;
  let agentB: Person;
  let manager: Person;
  let boss: Person;
  let sourceId: string;
  let projectId: string;
  let activityType: string;

  async function person(privileges: Privilege[]): Promise<Person> {
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent };
  }

  async function newLead(who: Person, extra: Record<string, unknown> = {}) {
    const response = await who.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: unique('Lead'), phone: freshPhone(), source: sourceId, ...extra } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Record<string, unknown> & { id: string; phone: string; version: number };
  }

  const notificationsOf = async (userId: string) =>
    (await db.query<{ title: string; link: string | null }>('select title, link from notifications where user_id = $1 order by seq', [userId])).rows;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    agentA = await person(agentPrivileges);
    agentB = await person(agentPrivileges);
    manager = await person(managerPrivileges);
    boss = await person(allPrivileges);
    sourceId = (await db.query<{ id: string }>("select id::text from sources where name = 'Facebook'")).rows[0]!.id;
    projectId = (await db.query<{ id: string }>('select id::text from projects order by name limit 1')).rows[0]!.id;
    activityType = (await db.query<{ id: string }>("select id::text from lead_activity_types where name = 'Call'")).rows[0]!.id;
    // The manager's team has agent A only; agent B is in no team.
    await db.query('insert into sales_teams (name, manager_id, members_ids) values ($1, $2, $3::uuid[])', [unique('Team'), manager.id, [agentA.id]]);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('an agent never receives another agent’s lead: list, search, get, history, export, options, activities', async () => {
    const mine = await newLead(agentA);
    const theirs = await newLead(agentB);
    expect(mine.assignedTo).toBe(agentA.id);
    const listed = await agentB.agent.request({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(mine.phone)}` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().total).toBe(0);
    const own = await agentB.agent.request({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(theirs.phone)}` });
    expect(own.json().data.map((row: { id: string }) => row.id)).toEqual([theirs.id]);
    const filtered = await agentB.agent.request({ method: 'GET', url: `/api/leads?filter[assignedTo][eq]=${agentA.id}` });
    expect(filtered.json().data.map((row: { id: string }) => row.id)).not.toContain(mine.id);
    for (const url of [`/api/leads/${mine.id}`, `/api/leads/${mine.id}/history`, `/api/leads/${mine.id}/activities`]) {
      expect((await agentB.agent.request({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const csv = await agentB.agent.request({ method: 'GET', url: '/api/leads/export?format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(mine.phone);
    expect(csv.body).toContain(theirs.phone);
    const byIds = await agentB.agent.request({ method: 'GET', url: `/api/leads/export?format=csv&ids=${mine.id},${theirs.id}` });
    expect(byIds.body).not.toContain(mine.phone);
    const options = await agentB.agent.request({ method: 'GET', url: `/api/leads/options?ids=${mine.id}` });
    expect(options.json().data).toEqual([]);
    // Writes through the engine are refused as if the lead did not exist.
    expect((await agentB.agent.request({ method: 'PATCH', url: `/api/leads/${mine.id}`, payload: { version: mine.version, notes: 'mine now' } })).statusCode).toBe(404);
    expect((await agentB.agent.request({ method: 'POST', url: '/api/lead-activities', payload: { lead: mine.id, type: activityType, at: new Date().toISOString() } })).statusCode).toBe(404);
    // The team's manager sees agent A's lead but not agent B's; readAll sees both.
    expect((await manager.agent.request({ method: 'GET', url: `/api/leads/${mine.id}` })).statusCode).toBe(200);
    expect((await manager.agent.request({ method: 'GET', url: `/api/leads/${theirs.id}` })).statusCode).toBe(404);
    expect((await boss.agent.request({ method: 'GET', url: `/api/leads/${theirs.id}` })).statusCode).toBe(200);
    // The row filter is SQL the engine adds to every read.
    expect(salesRowScope(appRegistry.get('leads'), null)).toBeNull();
  });

  it('the unassigned pool is seen by every agent', async () => {
    const pooled = await newLead(boss, { assignTo: null });
    expect(pooled.assignedTo).toBeNull();
    expect((await agentB.agent.request({ method: 'GET', url: `/api/leads/${pooled.id}` })).statusCode).toBe(200);
    expect((await agentA.agent.request({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(pooled.phone)}` })).json().total).toBe(1);
  });

  it('the duplicate check names only the owner and validity of a lead the caller cannot see; saving one is 409 without readAll', async () => {
    const mine = await newLead(agentA, { email: `${unique('dup')}@example.com`.toLowerCase() });
    const check = await agentB.agent.request({ method: 'GET', url: `/api/leads/duplicates?phone=${encodeURIComponent(mine.phone)}` });
    expect(check.statusCode).toBe(200);
    const [match] = check.json().data.matches;
    expect(match).toMatchObject({ id: mine.id, visible: false, fullName: null, link: null, ownerName: 'Test User', matchedOn: 'phone' });
    expect(match.validUntil).toBe(mine.validUntil);
    expect(JSON.stringify(check.json())).not.toContain(String(mine.fullName));
    // A local number is read in the chosen country.
    const local = await agentB.agent.request({ method: 'GET', url: `/api/leads/duplicates?phone=${encodeURIComponent(`0${mine.phone.slice(3)}`)}&country=EG` });
    expect(local.json().data.matches).toHaveLength(1);
    const own = await agentA.agent.request({ method: 'GET', url: `/api/leads/duplicates?email=${encodeURIComponent(String(mine.email).toUpperCase())}` });
    expect(own.json().data.matches[0]).toMatchObject({ visible: true, fullName: mine.fullName, link: `/sales/leads?record=${mine.id}`, matchedOn: 'email' });
    const refused = await agentB.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: 'Copy', phone: mine.phone, source: sourceId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Test User');
    expect(refused.body).not.toContain(String(mine.fullName));
    const byEmail = await agentB.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: 'Copy', phone: freshPhone(), email: mine.email, source: sourceId } });
    expect(byEmail.statusCode).toBe(409);
    // Changing a phone to one on another open lead is refused too.
    const other = await newLead(agentB);
    expect((await agentB.agent.request({ method: 'PATCH', url: `/api/leads/${other.id}`, payload: { version: other.version, phone2: mine.phone } })).statusCode).toBe(409);
    expect((await boss.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: 'Copy', phone: mine.phone, source: sourceId } })).statusCode).toBe(201);
    // Not E.164 or not a valid number: 400, nothing written.
    const before = (await db.query<{ n: number }>('select count(*)::int as n from leads')).rows[0]!.n;
    expect((await agentA.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: 'Bad', phone: '+2012345', source: sourceId } })).statusCode).toBe(400);
    expect((await db.query<{ n: number }>('select count(*)::int as n from leads')).rows[0]!.n).toBe(before);
  });

  it('a CSV import applies the duplicate rule per row in the dry run, matches the source by name and puts new leads in the pool', async () => {
    const mine = await newLead(agentA);
    const fresh = freshPhone();
    const csv = `Full name,Phone,Source\nCopy of a lead,${mine.phone},Facebook\nNew from the expo,${fresh},Property Expo\nSame file twice,${fresh},Facebook\n`;
    const dry = await agentB.agent.request({ method: 'POST', url: '/api/leads/import?dryRun=true', headers: { 'content-type': 'text/csv' }, payload: csv });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data;
    expect(report).toMatchObject({ valid: 1, invalid: 2, committed: false });
    expect(report.rows.map((row: { row: number }) => row.row)).toEqual([2, 4]);
    expect(JSON.stringify(report.rows)).toMatch(/already on a lead of/i);
    expect((await db.query('select 1 from leads where phone = $1', [fresh])).rows).toHaveLength(0);
    const good = await agentB.agent.request({ method: 'POST', url: '/api/leads/import?dryRun=false', headers: { 'content-type': 'text/csv' }, payload: `Full name,Phone,Source\nNew from the expo,${fresh},Property Expo\n` });
    expect(good.json().data).toMatchObject({ created: 1, committed: true });
    const row = (await db.query<{ assigned: string | null; source: string }>('select l.assigned_to_id::text as assigned, s.name as source from leads l join sources s on s.id = l.source_id where l.phone = $1', [fresh])).rows[0]!;
    expect(row).toEqual({ assigned: null, source: 'Property Expo' });
  });

  it('a claim notifies the owner’s manager once; asking twice is 409', async () => {
    const mine = await newLead(agentA);
    const claim = await agentB.agent.request({ method: 'POST', url: `/api/leads/${mine.id}/claim`, payload: { reason: 'He called me first' } });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().data.notified).toBe(true);
    const sent = (await notificationsOf(manager.id)).filter((row) => row.link === `/sales/leads?record=${mine.id}`);
    expect(sent).toHaveLength(1);
    expect((await agentB.agent.request({ method: 'POST', url: `/api/leads/${mine.id}/claim`, payload: {} })).statusCode).toBe(409);
    expect((await agentA.agent.request({ method: 'POST', url: `/api/leads/${mine.id}/claim`, payload: {} })).statusCode).toBe(409);
  });

  it('logging an activity moves validity by the Lead Validity Config and sets the next follow-up', async () => {
    const source = (await db.query<{ id: string }>("select id::text from sources where name = 'Website'")).rows[0]!.id;
    await db.query("insert into lead_validity_configs (name, source_id, validity_days, reminder_days_before, on_expiry) values ($1, $2, 12, 2, 'return_to_pool')", [unique('Rule'), source]);
    const lead = await newLead(agentA, { source });
    const created = new Date(String(lead.validUntil)).getTime();
    expect(Math.abs(created - Date.now() - 12 * 86_400_000)).toBeLessThan(60_000);
    const at = new Date(Date.now() + 2 * 86_400_000);
    const followUp = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const logged = await agentA.agent.request({ method: 'POST', url: '/api/lead-activities', payload: { lead: lead.id, type: activityType, at: at.toISOString(), outcome: 'Interested', nextFollowUpAt: followUp } });
    expect(logged.statusCode, logged.body).toBe(201);
    const after = (await agentA.agent.request({ method: 'GET', url: `/api/leads/${lead.id}` })).json().data;
    expect(new Date(after.validUntil).getTime()).toBe(at.getTime() + 12 * 86_400_000);
    expect(after.nextFollowUpAt).toBe(followUp);
    const timeline = (await agentA.agent.request({ method: 'GET', url: `/api/leads/${lead.id}/activities` })).json().data;
    expect(timeline.map((row: { outcome: string }) => row.outcome)).toEqual(['Interested']);
    const history = (await agentA.agent.request({ method: 'GET', url: `/api/leads/${lead.id}/history` })).json().data;
    expect(history[0]).toMatchObject({ action: 'activity' });
    expect(history[0].changes).toHaveProperty('validUntil');
  });

  it('assigning to someone else needs assign; the new agent is notified and the old one loses the lead', async () => {
    const lead = await newLead(agentA);
    expect((await agentA.agent.request({ method: 'POST', url: '/api/leads/assign', payload: { ids: [lead.id], userId: agentB.id } })).statusCode).toBe(423);
    const second = await newLead(agentA);
    // Agent B is in no team, so only someone beyond a team manager's limit (readAll) may give them these (issue 19).
    const moved = await boss.agent.request({ method: 'POST', url: '/api/leads/assign', payload: { ids: [lead.id, second.id], userId: agentB.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.changed).toBe(2);
    const told = (await notificationsOf(agentB.id)).filter((row) => row.link === `/sales/leads?record=${lead.id}` || row.link === `/sales/leads?record=${second.id}`);
    expect(told).toHaveLength(2);
    expect((await agentA.agent.request({ method: 'GET', url: `/api/leads/${lead.id}` })).statusCode).toBe(404);
    expect((await agentB.agent.request({ method: 'GET', url: `/api/leads/${lead.id}` })).json().data.assignedTo).toBe(agentB.id);
    // The agent's own pool lead may be taken without assign.
    const pooled = await newLead(boss, { assignTo: null });
    expect((await agentA.agent.request({ method: 'POST', url: '/api/leads/assign', payload: { ids: [pooled.id], userId: agentA.id } })).statusCode).toBe(200);
    // Not a plain PATCH.
    expect((await agentA.agent.request({ method: 'PATCH', url: `/api/leads/${pooled.id}`, payload: { version: 2, assignedTo: agentB.id } })).statusCode).toBe(400);
  });

  it('new unassigned leads of a team’s projects go round-robin to its active members', async () => {
    const x = await createTestUser(db, agentPrivileges);
    const y = await createTestUser(db, agentPrivileges);
    const z = await createTestUser(db, agentPrivileges);
    await db.query('update users set active = false where id = $1', [y.id]);
    const project = (await db.query<{ id: string }>("insert into projects (name, code, status, currency) values ($1, $2, 'planned', 'EGP') returning id::text", [unique('Project'), unique('P').slice(-10)])).rows[0]!.id;
    await db.query('insert into sales_teams (name, members_ids, projects_ids) values ($1, $2::uuid[], $3::uuid[])', [unique('RR team'), [x.id, y.id, z.id], [project]]);
    const owners = [];
    for (let i = 0; i < 4; i += 1) owners.push((await newLead(boss, { assignTo: null, projects: [project] })).assignedTo);
    expect(owners).toEqual([x.id, z.id, x.id, z.id]);
    const told = await notificationsOf(x.id);
    expect(told).toHaveLength(2);
  });

  it('converting a lead makes a customer linked both ways and wins the lead; a second time is 409', async () => {
    void projectId;
    const lead = await newLead(agentA, { email: `${unique('buyer')}@example.com`.toLowerCase() });
    const bad = await agentA.agent.request({ method: 'POST', url: `/api/leads/${lead.id}/convert`, payload: { kind: 'individual', nationalId: '12345' } });
    expect(bad.statusCode).toBe(400);
    const nationalId = `2900101${String(Date.now()).slice(-7)}`;
    const made = await agentA.agent.request({ method: 'POST', url: `/api/leads/${lead.id}/convert`, payload: { kind: 'individual', nationalId } });
    expect(made.statusCode, made.body).toBe(201);
    const customer = made.json().data;
    expect(customer).toMatchObject({ fullName: lead.fullName, phone: lead.phone, email: lead.email, lead: lead.id, nationalId });
    const after = (await agentA.agent.request({ method: 'GET', url: `/api/leads/${lead.id}` })).json().data;
    expect(after.customer).toBe(customer.id);
    expect(after.refLabels.status).toBe('Won');
    expect((await agentA.agent.request({ method: 'POST', url: `/api/leads/${lead.id}/convert`, payload: { kind: 'individual', passportNo: 'A1234567' } })).statusCode).toBe(409);
    // The customer duplicate check and the unique national ID.
    const dup = await agentA.agent.request({ method: 'GET', url: `/api/customers/duplicates?nationalId=${nationalId}` });
    expect(dup.json().data.map((row: { id: string }) => row.id)).toEqual([customer.id]);
    expect((await agentA.agent.request({ method: 'POST', url: '/api/customers', payload: { kind: 'individual', fullName: 'Twin', phone: freshPhone(), nationalId } })).statusCode).toBe(409);
  });

  it('a manager merges two leads: the merged one is archived naming the survivor, its activities move with history, both histories stay', async () => {
    const survivor = await newLead(agentA, { notes: 'First contact at the expo.' });
    const other = await newLead(agentA, { notes: 'Prefers a villa.' });
    const activityIds: string[] = [];
    for (const outcome of ['Called back', 'Sent the brochure']) {
      const logged = await agentA.agent.request({ method: 'POST', url: '/api/lead-activities', payload: { lead: other.id, type: activityType, at: new Date().toISOString(), outcome } });
      expect(logged.statusCode, logged.body).toBe(201);
      activityIds.push(logged.json().data.id);
    }
    const historyRows = async (id: string) => Number((await db.query<{ n: number }>("select count(*)::int as n from record_history where resource = 'leads' and record_id = $1", [id])).rows[0]!.n);
    const otherRowsBefore = await historyRows(other.id);
    expect((await agentA.agent.request({ method: 'POST', url: `/api/leads/${survivor.id}/merge`, payload: { otherId: other.id } })).statusCode).toBe(423);
    const merged = await manager.agent.request({ method: 'POST', url: `/api/leads/${survivor.id}/merge`, payload: { otherId: other.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().message).toBe('Leads merged.');
    expect(merged.json().data.id).toBe(survivor.id);
    expect(merged.json().data.notes).toContain('Prefers a villa.');
    expect(merged.json().data.phone2).toBe(other.phone);

    // The merged lead is kept, archived, and says into which lead.
    const archived = await manager.agent.request({ method: 'GET', url: `/api/leads/${other.id}` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ mergedInto: survivor.id, fullName: other.fullName, phone: other.phone, validUntil: null });
    expect(archived.json().data.refLabels.mergedInto).toBe(survivor.fullName);

    // Both histories are readable; the merged lead's past is its own (never rewritten), with the merge naming the survivor.
    expect(await historyRows(other.id)).toBe(otherRowsBefore + 1);
    const otherHistory = (await manager.agent.request({ method: 'GET', url: `/api/leads/${other.id}/history` })).json().data as { action: string; reason: string | null; changes: Record<string, { after: unknown }> }[];
    expect(otherHistory[0]).toMatchObject({ action: 'merge', reason: `Merged into ${String(survivor.fullName)} (${survivor.id}).` });
    expect(otherHistory[0]!.changes.mergedInto!.after).toBe(survivor.id);
    expect(otherHistory.map((row) => row.action)).toEqual(expect.arrayContaining(['merge', 'activity', 'create']));
    const survivorHistory = (await manager.agent.request({ method: 'GET', url: `/api/leads/${survivor.id}/history` })).json().data as { action: string; reason: string | null }[];
    expect(survivorHistory[0]).toMatchObject({ action: 'merge', reason: `Merged ${String(other.fullName)} (${other.id}) into this lead.` });
    expect(survivorHistory.filter((row) => row.action === 'create')).toHaveLength(1);

    // The activities now belong to the survivor, each with its move in its history.
    const timeline = (await manager.agent.request({ method: 'GET', url: `/api/leads/${survivor.id}/activities` })).json().data as { id: string; outcome: string; lead: string }[];
    expect(timeline.map((row) => row.outcome).sort()).toEqual(['Called back', 'Sent the brochure']);
    expect((await manager.agent.request({ method: 'GET', url: `/api/leads/${other.id}/activities` })).json().data).toEqual([]);
    for (const activityId of activityIds) {
      const moved = (await manager.agent.request({ method: 'GET', url: `/api/lead-activities/${activityId}/history` })).json().data as { action: string; reason: string | null; changes: Record<string, { before: unknown; after: unknown }> }[];
      expect(moved[0]).toMatchObject({ action: 'merge', reason: `Moved by merge of ${String(other.fullName)} (${other.id}) into ${String(survivor.fullName)} (${survivor.id}).` });
      expect(moved[0]!.changes.lead).toMatchObject({ before: other.id, after: survivor.id });
    }

    // Out of the default list, the pickers and the duplicate check; listed when asked for archived leads.
    const listed = (url: string) => manager.agent.request({ method: 'GET', url }).then((response) => (response.json().data as { id: string }[]).map((row) => row.id));
    expect(await listed(`/api/leads?q=${encodeURIComponent(other.phone)}`)).toEqual([survivor.id]);
    expect(await listed(`/api/leads?q=${encodeURIComponent(other.phone)}&active=false`)).toEqual([other.id]);
    expect(await listed(`/api/leads/options?q=${encodeURIComponent(String(other.fullName))}`)).toEqual([]);
    const duplicates = await manager.agent.request({ method: 'GET', url: `/api/leads/duplicates?phone=${encodeURIComponent(other.phone)}` });
    expect(duplicates.json().data.matches.map((row: { id: string }) => row.id)).toEqual([survivor.id]);

    // An archived lead is not merged again, nor changed.
    const again = await manager.agent.request({ method: 'POST', url: `/api/leads/${survivor.id}/merge`, payload: { otherId: other.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${String(other.fullName)} was already merged into ${String(survivor.fullName)}: open that lead instead.`);
    const third = await newLead(agentA);
    expect((await manager.agent.request({ method: 'POST', url: `/api/leads/${other.id}/merge`, payload: { otherId: third.id } })).statusCode).toBe(409);
    const patched = await manager.agent.request({ method: 'PATCH', url: `/api/leads/${other.id}`, payload: { version: archived.json().data.version, notes: 'changed' } });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().message).toContain('archived');
  });

  it('the expiry job reminds and expires each lead once, even run twice at once', async () => {
    const dead = [await newLead(agentA), await newLead(agentA), await newLead(agentA)];
    const soon = await newLead(agentA);
    await db.query("update leads set valid_until = now() - interval '1 hour' where id = any($1::uuid[])", [dead.map((lead) => lead.id)]);
    await db.query("update leads set valid_until = now() + interval '1 day' where id = $1", [soon.id]);
    const ctx = (database: Database) => ({ db: database, registry: appRegistry, rowScope: salesRowScope });
    let second: Database = db;
    if (kind === 'postgres') second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    try {
      const runs = await Promise.all([runLeadExpiry(ctx(db), notify), runLeadExpiry(ctx(second), notify), runLeadExpiry(ctx(db), notify)]);
      const ours = new Set(dead.map((lead) => lead.id));
      const expiredHistory = await db.query<{ record_id: string }>("select record_id::text from record_history where resource = 'leads' and action = 'expire' and record_id = any($1::uuid[])", [[...ours]]);
      expect(expiredHistory.rows.map((row) => row.record_id).sort()).toEqual([...ours].sort());
      expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBeGreaterThanOrEqual(3);
      const rows = await db.query<{ assigned: string | null }>('select assigned_to_id::text as assigned from leads where id = any($1::uuid[])', [[...ours]]);
      expect(rows.rows.every((row) => row.assigned === null)).toBe(true);
      const told = await notificationsOf(agentA.id);
      for (const lead of dead) expect(told.filter((row) => row.title === `Lead expired: ${String(lead.fullName)}`)).toHaveLength(1);
      expect(told.filter((row) => row.title.startsWith('Lead expiring') && row.title.endsWith(String(soon.fullName)))).toHaveLength(1);
      // The team's manager hears of each expiry too.
      for (const lead of dead) expect((await notificationsOf(manager.id)).filter((row) => row.title === `Lead expired: ${String(lead.fullName)}`)).toHaveLength(1);
      // A second run finds nothing more to do for these leads.
      await runLeadExpiry(ctx(second), notify);
      expect((await notificationsOf(agentA.id)).length).toBe(told.length);
    } finally {
      if (second !== db) await second.close();
    }
  });
});
