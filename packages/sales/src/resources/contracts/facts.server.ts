import type { Queryable } from '@propdesk/server-kit';
import { RESERVATION_FACTS } from '../reservations/facts.server.js';
import type { ContractState } from './definition.js';

/**
 * What other documents may read of a contract, and all they may read of it: commissions accrue and
 * evaluate from its price, date, state and the broker of its sale; installments and cheques tell its
 * agent (the agent of its reservation). Ids as text, money as text, the date as YYYY-MM-DD.
 */
export type ContractFacts = {
  id: string;
  number: string;
  status: ContractState;
  net_price: string;
  contract_date: string;
  project_id: string | null;
  reservation_id: string;
  customer_id: string | null;
  schedule_version: number;
  cancel_reason: string | null;
  /** The agent and the broker of the sale: its reservation's. */
  agent_id: string | null;
  broker_id: string | null;
};

/**
 * The same facts as a relation, for a statement that joins or filters them (one statement): the
 * contract with its sale's agent and broker. Columns keep their types (uuid, numeric, date).
 */
export const CONTRACT_FACTS = `(select c.id, c.number, c.status, c.net_price, c.contract_date, c.project_id, c.reservation_id, c.customer_id, c.schedule_version, c.cancel_reason,
    r.agent_id, r.broker_id
   from contracts c left join ${RESERVATION_FACTS} r on r.id = c.reservation_id)`;

/** One contract's facts, or undefined when there is none (one statement). */
export async function contractFact(tx: Queryable, id: string): Promise<ContractFacts | undefined> {
  const rows = await tx.query<ContractFacts>(
    `select c.id::text as id, c.number, c.status, c.net_price::text as net_price, to_char(c.contract_date, 'YYYY-MM-DD') as contract_date, c.project_id::text as project_id,
            c.reservation_id::text as reservation_id, c.customer_id::text as customer_id, c.schedule_version, c.cancel_reason, c.agent_id::text as agent_id, c.broker_id::text as broker_id
       from ${CONTRACT_FACTS} c where c.id = $1`,
    [id],
  );
  return rows.rows[0];
}

/** The contracts whose sale names a broker (or the one given, if its sale does), by number: the ones commissions are accrued for. */
export async function contractsWithBroker(tx: Queryable, contractId: string | null): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `select c.id::text as id from ${CONTRACT_FACTS} c where c.broker_id is not null and ($1::uuid is null or c.id = $1::uuid) order by c.number`,
    [contractId],
  );
  return rows.rows.map((row) => row.id);
}

/**
 * What the ledger reads of a contract it changes: a fee row added to its schedule (a bounce or late
 * charge), its paid and covered brought in line with its rows, a new schedule version, a change of unit.
 */
export type LockedContract = {
  number: string;
  status: ContractState;
  customer_id: string | null;
  unit_id: string | null;
  project_id: string | null;
  net_price: string;
  paid: string;
  covered: string;
  schedule_version: number;
  day: string;
};

/**
 * A contract locked for update (one statement), or undefined when there is none: the lock a bounce
 * takes before its installments (as a receipt's settle does, so the two wait for each other rather
 * than deadlock), and the ledger before it changes the contract; `paid` and `covered` are 0 when not
 * set; `day` is the day given, else the database's today (YYYY-MM-DD), for a fee's due date.
 */
export async function lockedContract(tx: Queryable, id: string, options: { day?: string | null } = {}): Promise<LockedContract | undefined> {
  const rows = await tx.query<LockedContract>(
    `select c.number, c.status, c.customer_id::text as customer_id, c.unit_id::text as unit_id, c.project_id::text as project_id, c.net_price::text as net_price,
            coalesce(c.paid, 0)::text as paid, coalesce(c.covered, 0)::text as covered, c.schedule_version, coalesce($2::date, current_date)::text as day
       from contracts c where c.id = $1 for update of c`,
    [id, options.day ?? null],
  );
  return rows.rows[0];
}
