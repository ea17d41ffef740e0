import type { Queryable } from '@propdesk/server-kit';
import type { ReservationState } from './definition.js';

/**
 * What other documents may read of a reservation, and all they may read of it: contracts take its
 * unit, customer, plan and prices; contracts, installments, cheques and commissions name its agent and
 * broker; the sales dashboard counts its prices by state and day of approval. A column not here is the
 * reservation's own (its revisions, fee, sign-by date, claim…). Ids as text, money as text.
 */
export type ReservationFacts = {
  id: string;
  number: string;
  status: ReservationState;
  unit_id: string;
  project_id: string | null;
  customer_id: string;
  payment_plan_id: string | null;
  agent_id: string | null;
  broker_id: string | null;
  list_price: string | null;
  discount_amount: string | null;
  net_price: string | null;
};

const COLUMNS = `id::text as id, number, status, unit_id::text as unit_id, project_id::text as project_id, customer_id::text as customer_id,
  payment_plan_id::text as payment_plan_id, agent_id::text as agent_id, broker_id::text as broker_id,
  list_price::text as list_price, discount_amount::text as discount_amount, net_price::text as net_price`;

/**
 * The facts of the reservations named (one statement; `forUpdate` locks them, in id order, as taking
 * a reservation for a contract must). A reservation that does not exist is not in the map.
 */
export async function reservationFacts(tx: Queryable, ids: readonly string[], options: { forUpdate?: boolean } = {}): Promise<Map<string, ReservationFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<ReservationFacts>(
    `select ${COLUMNS} from reservations where id = any($1::uuid[]) order by id${options.forUpdate ? ' for update' : ''}`,
    [[...new Set(ids)]],
  );
  return new Map(rows.rows.map((row) => [row.id, row]));
}

/** One reservation's facts (the id as given, in any case), or undefined when there is none. */
export async function reservationFact(tx: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<ReservationFacts | undefined> {
  return [...(await reservationFacts(tx, [id], options)).values()][0];
}

/**
 * The same facts as a relation, for a statement that joins them (a contract's agent or broker, the
 * dashboard's counts), so the join stays one statement: `left join ${RESERVATION_FACTS} r on
 * r.id = c.reservation_id`. Its columns keep the table's types (uuid, numeric, timestamps) so joins and
 * sums work as on the table; beyond `ReservationFacts`' columns it has `approved_at` and `modified_on`
 * (when it was confirmed: the dashboard's week and month). PostgreSQL flattens the subquery, so the
 * plan is the table's.
 */
export const RESERVATION_FACTS =
  '(select id, number, status, unit_id, project_id, customer_id, payment_plan_id, agent_id, broker_id, list_price, discount_amount, net_price, approved_at, modified_on from reservations)';

/**
 * A reservation's buyers as a relation to join (`reservation_id`, `customer_id`, `share`, and `created_on`
 * and `id` to keep their order): the contract's parties are its reservation's buyers.
 */
export const RESERVATION_BUYER_FACTS = '(select id, reservation_id, customer_id, share, created_on from reservation_buyers)';

/**
 * Each project's reservation setup as a relation to join (its late-payment rule: the installments'
 * overdue job charges `late_fee_pct` after `late_grace_days`). Columns keep their types.
 */
export const RESERVATION_SETUP_FACTS = '(select project_id, active, late_fee_pct, late_grace_days from reservation_setups)';

// face (facesm): when each reservation was made, by customer, for a message preview's latest reservation.
/** A reservation's customer and when it was made, as a relation to join (one statement). Columns keep their types. */
export const RESERVATION_CREATED_FACTS = '(select id, customer_id, created_on from reservations)';
