import { engineTransaction, resourceModule, type EngineContext } from '@propdesk/records/server';
import { seedEoiDemo } from './demo.server.js';
import { eoiHooks, eoiMigrations } from './lifecycle.server.js';

/** An EOI launch with about 300 EOIs in every state, in token order (multi-row inserts, once across processes). */
async function seedEoiLaunchDemo(engine: EngineContext): Promise<string | null> {
  const started = performance.now();
  const seeded = await engineTransaction(engine, async (tx) => {
    const claimed = await tx.query("insert into app_state (key, value) values ('demo-eois-seeded', 'true'::jsonb) on conflict (key) do nothing returning key");
    if (claimed.rows.length === 0) return 0;
    const agent = (await tx.query<{ id: string }>("select id::text as id from users where username = 'sales.agent'")).rows[0]?.id ?? null;
    return seedEoiDemo(engine, tx, { agent });
  });
  return seeded ? `demo EOIs: ${seeded} seeded in ${Math.round(performance.now() - started)} ms` : null;
}

/** Expressions of interest: numbering, preferences, their tokens (a counter per launch). */
export default resourceModule({
  id: 'eois',
  lateMigrations: eoiMigrations,
  hooks: ({ engine }) => ({ eois: eoiHooks(engine) }),
  // Last: its allocated EOIs take units nobody else's demo holds.
  demo: { after: ['leads'], run: seedEoiLaunchDemo },
});
