import { createRecord, engineTransaction, runAction, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { cheques } from './definition.js';

const SYSTEM: Caller = { auth: null, source: 'system' };
const DEMO_KEY = 'demo-cheques-seeded';

const act = (engine: EngineContext, tx: Queryable, id: string, name: string, reason?: string) => runAction(engine, tx, cheques, SYSTEM, id, name, cheques.actions![name]!, { reason });

/**
 * The cheque demo, once across processes (after the contract demo): on each demo contract a run of
 * post-dated cheques through the product's own actions, so every state shows: received (some due
 * this week, for the deposit calendar), deposited, cleared, bounced (Palm Heights charges 500.00),
 * bounced and replaced, re-deposited, returned. Answers the cheques made.
 */
export async function seedChequeDemo(engine: EngineContext): Promise<number> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query(`insert into app_state (key, value) values ('${DEMO_KEY}', 'true'::jsonb) on conflict (key) do nothing returning key`);
    if (claimed.rows.length === 0) return 0;
    const banks = (await tx.query<{ id: string }>('select id::text as id from banks where active order by name limit 3')).rows.map((row) => row.id);
    const contracts = (
      await tx.query<{ id: string; number: string; customer_id: string; project_id: string; drawer: string }>(
        `select c.id::text as id, c.number, c.customer_id::text as customer_id, c.project_id::text as project_id, cu.full_name as drawer
           from contracts c join customers cu on cu.id = c.customer_id where c.status = 'active' and c.notes = 'Demo contract.' order by c.number`,
      )
    ).rows;
    if (banks.length === 0 || contracts.length === 0) return 0;
    const palm = await tx.query<{ id: string }>("select id::text as id from projects where name = 'Palm Heights'");
    if (palm.rows[0]) await tx.query('insert into cheque_bounce_charges (project_id, amount) values ($1, 500.00) on conflict (project_id) do nothing', [palm.rows[0].id]);
    const week = (await tx.query<{ d: string }>("select to_char(date_trunc('week', current_date)::date + 3, 'YYYY-MM-DD') as d")).rows[0]!.d;
    let made = 0;
    let serial = 100200;
    const write = async (contract: (typeof contracts)[number], bankIndex: number, dueDate: string, amount: string, replaces?: string) => {
      made += 1;
      serial += 1;
      const row = await createRecord(engine, tx, cheques, SYSTEM, {
        number: String(serial),
        bank: banks[bankIndex % banks.length],
        dueDate,
        amount,
        drawer: contract.drawer,
        customer: contract.customer_id,
        contract: contract.id,
        replaces: replaces ?? null,
        notes: 'Demo cheque.',
      });
      return row.id;
    };
    for (const [index, contract] of contracts.entries()) {
      const cleared = await write(contract, index, '2026-10-01', '20000.00');
      await act(engine, tx, cleared, 'deposit');
      await act(engine, tx, cleared, 'clear');
      const deposited = await write(contract, index + 1, '2026-11-20', '15000.00');
      await act(engine, tx, deposited, 'deposit');
      await write(contract, index, week, '12000.00');
      await write(contract, index + 2, '2026-12-15', '12000.00');
      const bounced = await write(contract, index + 1, '2026-11-10', '10000.00');
      await act(engine, tx, bounced, 'deposit');
      await act(engine, tx, bounced, 'bounce', index % 2 === 0 ? 'Insufficient funds' : 'Signature mismatch');
      if (index === 0) {
        const replaced = await write(contract, index, '2026-11-05', '8000.00');
        await act(engine, tx, replaced, 'deposit');
        await act(engine, tx, replaced, 'bounce', 'Account closed');
        await write(contract, index + 2, week, '8000.00', replaced);
        const again = await write(contract, index + 1, '2026-11-12', '5000.00');
        await act(engine, tx, again, 'deposit');
        await act(engine, tx, again, 'bounce', 'Insufficient funds');
        await act(engine, tx, again, 'redeposit');
        const returned = await write(contract, index + 2, '2026-11-01', '4000.00');
        await act(engine, tx, returned, 'deposit');
        await act(engine, tx, returned, 'bounce', 'Payment stopped');
        await act(engine, tx, returned, 'return', 'Handed back to the customer');
      }
    }
    return made;
  });
}
