import { engineTransaction, resourceModule, type EngineContext } from '@propdesk/records/server';
import { salesDemoLeads } from './demo.server.js';
import { activityHooks, leadHooks } from './lifecycle.server.js';
import { dataMigrations, migrations } from './migrations.server.js';
import { registerLeadRoutes } from './routes.server.js';
import { leadJobs } from './jobs.server.js';

/** About 5,000 leads with activities for the demo agents (the engine's set-based writes, once across processes). */
async function seedLeadDemo(engine: EngineContext): Promise<string | null> {
  const started = performance.now();
  const seeded = await engineTransaction(engine, async (tx) => {
    const claimed = await tx.query("insert into app_state (key, value) values ('demo-leads-seeded', 'true'::jsonb) on conflict (key) do nothing returning key");
    if (claimed.rows.length === 0) return 0;
    const people = await tx.query<{ id: string; username: string }>("select id::text, username from users where username in ('sales.agent', 'nadia.sales', 'sales.manager') order by username");
    const idOf = (name: string) => people.rows.find((row) => row.username === name)?.id ?? null;
    const agents = ['sales.agent', 'nadia.sales'].map(idOf).filter((id): id is string => id !== null);
    return salesDemoLeads(engine, tx, { agents, manager: idOf('sales.manager') });
  });
  return seeded ? `demo leads: ${seeded} seeded in ${Math.round(performance.now() - started)} ms` : null;
}

/** Leads, their activities, customers and the lead validity rules: hooks, calls and the validity job. */
export default resourceModule({
  id: 'leads',
  migrations,
  lateMigrations: dataMigrations,
  hooks: ({ engine, notify }) => ({ leads: leadHooks(engine, notify), 'lead-activities': activityHooks(engine) }),
  routes: (app, { engine, notify }) => registerLeadRoutes(app, engine, notify),
  jobs: ({ engine, notify }) => leadJobs(engine, notify),
  // After the documents' demos (their numbers and history as they have always been).
  demo: { after: ['commissions'], run: seedLeadDemo },
});
