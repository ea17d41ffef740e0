import { createRecord, engineTransaction, runAction, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { cheques } from './definition.js';
import { collectionSettings } from '../collection-settings/definition.js';
import { COLLECTION_SETTING_FACTS } from '../collection-settings/facts.server.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { OPEN_INSTALLMENT_STATES } from '../installments/definition.js';
import { INSTALLMENT_BALANCE_FACTS } from '../installments/facts.server.js';
import { DEMO_SALES, demoContractOf, demoToday, flagOverdueDemo } from '../contracts/index.server.js';
import { addDays } from '../reservations/index.server.js';

const SYSTEM: Caller = { auth: null, source: 'system' };
const DEMO_KEY = 'demo-cheques-seeded';

const act = async (engine: EngineContext, tx: Queryable, id: string, name: string, reason?: string) => {
  await runAction(engine, tx, cheques, SYSTEM, id, name, cheques.actions![name]!, { reason });
  // Deposited on its date and cleared two days later (never after today), as it happened, not on the seeding day.
  const on = ({ deposit: 'least(due_date, current_date)', clear: 'least(due_date + 2, current_date)' } as Record<string, string>)[name];
  if (!on) return;
  const day = (await tx.query<{ d: string }>(`select to_char(${on}, 'YYYY-MM-DD') as d from cheques where id = $1`, [id])).rows[0]!.d;
  await updateRecord(engine, tx, cheques, SYSTEM, id, name === 'clear' ? { clearedOn: day } : { depositedOn: day }, { ignoreVersion: true, allowReadOnly: true, action: 'demo', reason: 'As it happened' });
};

type Contract = NonNullable<Awaited<ReturnType<typeof demoContractOf>>>;
/** A buyer of the contract demo, by their place in `DEMO_SALES`. */
const buyer = (index: number) => DEMO_SALES[index]!.buyer[1];

/**
 * The cheque demo, once across processes (after the contract demo): post-dated cheques on the
 * contract demo's sales through the product's own actions, each for what is open on the
 * installment its receipt covers (the oldest open one, as the ledger allocates), so every state
 * shows — received (the next installments into next year, covering them until they clear; some due
 * this week for the deposit calendar), deposited, cleared (paid), bounced (Palm Heights charges
 * 500.00; Zayed Residences has collection settings without a bounce charge), bounced and replaced,
 * re-deposited, returned. Answers the cheques made.
 */
export async function seedChequeDemo(engine: EngineContext): Promise<number> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query(`insert into app_state (key, value) values ('${DEMO_KEY}', 'true'::jsonb) on conflict (key) do nothing returning key`);
    if (claimed.rows.length === 0) return 0;
    const banks = (await tx.query<{ id: string }>('select id::text as id from banks where active order by name limit 3')).rows.map((row) => row.id);
    if (banks.length === 0) return 0;
    // Each project's collection settings: Palm Heights charges a bounce 500.00; Zayed Residences reminds 10 days ahead and charges none.
    const projects = await tx.query<{ id: string; name: string }>(
      `select id::text as id, name from projects where name in ('Palm Heights', 'Zayed Residences') and not exists (select 1 from ${COLLECTION_SETTING_FACTS} s where s.project_id = projects.id) order by name`,
    );
    for (const project of projects.rows) {
      const palm = project.name === 'Palm Heights';
      await createRecord(engine, tx, collectionSettings, SYSTEM, { name: `${project.name} collections`, project: project.id, bounceCharge: palm ? '500.00' : null, remindDaysBefore: palm ? 7 : 10 });
    }
    const today = await demoToday(tx);
    const week = (await tx.query<{ d: string }>("select to_char(date_trunc('week', current_date)::date + 3, 'YYYY-MM-DD') as d")).rows[0]!.d;
    let made = 0;
    let serial = 100200;
    /**
     * The contract's oldest open installment of its schedule: its due date, and what a cheque's receipt
     * pays up to it (what is open on it and on any bounce charge due before it, oldest due first).
     */
    const nextOpen = async (contract: Contract) =>
      (
        await tx.query<{ due_date: string; open: string }>(
          `select to_char(n.due_date, 'YYYY-MM-DD') as due_date,
                  ((n.amount - n.paid - n.covered) + coalesce((select sum(f.amount - f.paid - f.covered) from ${INSTALLMENT_BALANCE_FACTS} f where f.contract_id = n.contract_id and f.kind = 'fee'
                      and f.status = any($2::text[]) and f.due_date <= n.due_date), 0))::numeric(15,2)::text as open
             from ${INSTALLMENT_BALANCE_FACTS} n where n.contract_id = $1 and n.status = any($2::text[]) and n.kind <> 'fee' order by n.due_date, n.seq limit 1`,
          [contract.id, [...OPEN_INSTALLMENT_STATES]],
        )
      ).rows[0] ?? null;
    /** A cheque for the next open installment, dated `dueDate` (else the installment's due date). */
    const write = async (contract: Contract, bankIndex: number, options: { dueDate?: string; replaces?: string } = {}) => {
      const open = await nextOpen(contract);
      if (!open) return null;
      made += 1;
      serial += 1;
      const dueDate = options.dueDate ?? open.due_date;
      // Handed over ten days before it fell due (a post-dated one: today at the latest), never before the contract.
      const receivedOn = (
        await tx.query<{ d: string }>(`select to_char(greatest(c.contract_date, least(current_date, $2::date - 10)), 'YYYY-MM-DD') as d from ${CONTRACT_FACTS} c where c.id = $1`, [contract.id, dueDate])
      ).rows[0]!.d;
      const row = await createRecord(engine, tx, cheques, SYSTEM, {
        number: String(serial),
        bank: banks[bankIndex % banks.length],
        dueDate,
        receivedOn,
        amount: open.open,
        drawer: contract.drawer,
        customer: contract.customer_id,
        contract: contract.id,
        replaces: options.replaces ?? null,
        notes: 'Demo cheque.',
      });
      return row.id;
    };
    const contractOf = (index: number) => demoContractOf(tx, buyer(index));

    // Paid on time all year: the latest installment by a cheque that cleared, the next three post-dated.
    const onTime = await contractOf(0);
    if (onTime) {
      const cleared = await write(onTime, 0);
      if (cleared) {
        await act(engine, tx, cleared, 'deposit');
        await act(engine, tx, cleared, 'clear');
      }
      for (let n = 0; n < 3; n += 1) await write(onTime, n + 1);
    }
    // The second installment's cheque bounced; the replacement is due this week; the next one is post-dated.
    const replaced = await contractOf(1);
    if (replaced) {
      const bounced = await write(replaced, 1);
      if (bounced) {
        await act(engine, tx, bounced, 'deposit');
        await act(engine, tx, bounced, 'bounce', 'Account closed');
        await write(replaced, 2, { dueDate: week, replaces: bounced });
      }
      await write(replaced, 0);
    }
    // The next annual installment, post-dated into next year.
    const annual = await contractOf(2);
    if (annual) await write(annual, 2);
    // June's cheque cleared; July's was stopped, bounced (the bounce charge added) and handed back: the buyer is overdue since.
    const stopped = await contractOf(3);
    if (stopped) {
      const june = await write(stopped, 1);
      if (june) {
        await act(engine, tx, june, 'deposit');
        await act(engine, tx, june, 'clear');
      }
      const returned = await write(stopped, 0);
      if (returned) {
        await act(engine, tx, returned, 'deposit');
        await act(engine, tx, returned, 'bounce', 'Payment stopped');
        await act(engine, tx, returned, 'return', 'Handed back to the customer');
      }
    }
    // The rest of the second installment by a cheque that bounced and waits (the bounce charge added).
    const partly = await contractOf(4);
    if (partly) {
      const bounced = await write(partly, 1);
      if (bounced) {
        await act(engine, tx, bounced, 'deposit');
        await act(engine, tx, bounced, 'bounce', 'Signature mismatch');
      }
    }
    // September's cheque cleared; October's bounced for want of funds and was re-deposited; November's is due this week.
    const late = await contractOf(5);
    if (late) {
      const september = await write(late, 0);
      if (september) {
        await act(engine, tx, september, 'deposit');
        await act(engine, tx, september, 'clear');
      }
      const again = await write(late, 2);
      if (again) {
        await act(engine, tx, again, 'deposit');
        await act(engine, tx, again, 'bounce', 'Insufficient funds');
        await act(engine, tx, again, 'redeposit');
      }
      await write(late, 1, { dueDate: week });
    }
    // In legal review: the next installment post-dated.
    const legal = await contractOf(7);
    if (legal) await write(legal, 1);
    // Signed this week: the rest of the down payment by a cheque deposited two days ago, not yet cleared.
    const signed = await contractOf(8);
    if (signed) {
      const deposited = await write(signed, 0, { dueDate: addDays(today, -2) });
      if (deposited) await act(engine, tx, deposited, 'deposit');
    }
    await flagOverdueDemo(engine, tx);
    return made;
  });
}

