import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';
import { loggingDatabase } from './test/statements.js';

const privileges: Privilege[] = [
  ...['read', 'create', 'update', 'delete'].map((action) => ({ entityName: 'webhook', action })),
  ...['read', 'create', 'update', 'assign', 'readAll'].map((action) => ({ entityName: 'lead', action })),
];

let phones = 0;
const phone = () => `+2012${String(50_000_000 + process.pid * 1000 + (phones += 1)).slice(-8)}`;

/**
 * What subscriptions add to a creation's own transaction (issue 27: "no effect on the creations'
 * own latency beyond 10%"): the statements a lead's creation runs with five webhooks subscribed,
 * against none.
 */
describe.each(DB_KINDS)('webhook deliveries in a creation’s transaction on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let logged: ReturnType<typeof loggingDatabase>;
  let app: FastifyInstance;
  let admin: ReturnType<typeof createAgent>;
  let source: string;

  beforeAll(async () => {
    process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] = '1';
    db = await databases.open();
    logged = loggingDatabase(db);
    app = await testApp(logged.db, {}, { leadExpiryIntervalMs: 0 });
    const user = await createTestUser(db, privileges);
    admin = createAgent(app);
    expect((await admin.login(user.username)).statusCode).toBe(200);
    source = (await db.query<{ id: string }>("select id::text from sources where name = 'Facebook'")).rows[0]!.id;
    await db.query('update webhooks set active = false');
  });
  afterAll(async () => {
    delete process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'];
    await app?.close();
    await databases.cleanup();
  });

  const createLead = async () => {
    const made = await logged.during(() => admin.request({ method: 'POST', url: '/api/leads', payload: { fullName: unique('Lead'), phone: phone(), source } }));
    expect(made.result.statusCode, made.result.body).toBe(201);
    return made;
  };

  it('adds two cheap statements to a lead’s creation with five subscriptions, and the delivery carries the record as answered', async () => {
    await createLead();
    const bare = await createLead();
    for (let n = 0; n < 5; n += 1) {
      const hook = await admin.request({ method: 'POST', url: '/api/webhooks', payload: { name: unique('Hook'), url: `http://127.0.0.1:9/${n}`, secret: 'whsec-0123456789abcdef', events: ['lead.created', 'lead.assigned'] } });
      expect(hook.statusCode, hook.body).toBe(201);
    }
    const subscribed = await createLead();
    console.log(`${kind}: lead creation, statements in its transaction without / with 5 subscriptions: ${bare.inTx} / ${subscribed.inTx} (all: ${bare.total} / ${subscribed.total})`);
    const lead = subscribed.result.json().data as Record<string, unknown> & { id: string };
    const outbox = await db.query<{ payload: { event: string; data: Record<string, unknown> } }>("select payload from outbox where kind = 'webhook' and payload->'data'->>'id' = $1", [lead.id]);
    expect(outbox.rows.filter((row) => row.payload.event === 'lead.created')).toHaveLength(5);
    const { refLabels: answeredLabels, ...answered } = lead;
    const { refLabels: sentLabels, ...sent } = outbox.rows[0]!.payload.data;
    expect(sent).toEqual(answered);
    expect(sentLabels).toEqual(answeredLabels);
    expect(subscribed.inTx - bare.inTx).toBeLessThanOrEqual(2);
    // The deliveries take the record from the engine's read of it (its row unchanged since): no read of the lead, labels and all, of their own.
    const fullReads = (statements: string[]) => statements.filter((statement) => /from "leads" as "t"/.test(statement)).length;
    expect(fullReads(subscribed.statements)).toBe(fullReads(bare.statements));
  });
});
