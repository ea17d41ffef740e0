import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

const OPEN = ['draft', 'submitted', 'approved', 'partially_ordered'];

/** The procurement dashboard's "Open requests": requests still in play, never rejected, ordered, closed or cancelled ones. */
describe.each(DB_KINDS)('the procurement dashboard on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('counts only open requests', async () => {
    // One request in each state that is not open, so the count would be wrong if any of them were counted.
    for (const status of ['rejected', 'ordered', 'closed', 'cancelled', 'draft']) {
      await db.query("insert into purchase_requests (number, title, status) values ($1, $2, $3)", [unique('PR').slice(-20), unique(`Dashboard ${status}`).slice(0, 160), status]);
    }
    const user = await createTestUser(db, [{ entityName: 'PurchaseRequest', action: 'read' }]);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    const response = await agent.request({ method: 'GET', url: '/api/procurement/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data.requestsByStatus as { status: string; count: number }[];
    for (const row of rows) expect(OPEN).toContain(row.status);
    const open = (await db.query<{ n: number }>('select count(*)::int as n from purchase_requests where status = any($1::text[])', [OPEN])).rows[0]!.n;
    const all = (await db.query<{ n: number }>('select count(*)::int as n from purchase_requests')).rows[0]!.n;
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(open);
    expect(all).toBeGreaterThan(open);
  });
});
