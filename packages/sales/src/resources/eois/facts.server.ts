import type { Queryable } from '@propdesk/server-kit';
import type { EoiState } from './definition.js';

/**
 * What other documents may read of EOIs, as a relation to join (one statement): the sales dashboard
 * counts each launch's EOIs, paid ones, tokens and money kept; a bulk deal matches a launch's paid EOIs
 * (token, customer, preferences) to units; an EOI payment names its EOI. Columns keep their types.
 */
export const EOI_FACTS =
  '(select id, number, status, setup_id, project_id, customer_id, created_by, token, token_label, preferences, refund_due, amount_due, paid_at, paid_amount, refunded_amount from eois)';

/**
 * An EOI's facts: its state, launch, customer and agent (who took it: `created_by`), its token and
 * money. Ids as text, money as text.
 */
export type EoiFacts = {
  id: string;
  number: string;
  status: EoiState;
  setup_id: string;
  customer_id: string | null;
  agent_id: string | null;
  token: number | null;
  refund_due: boolean | null;
  amount_due: string | null;
};

/**
 * The facts of the EOIs named (one statement; `forUpdate` locks them, in id order, as paying into an
 * EOI or publishing a bulk deal must). An EOI that does not exist is not in the map.
 */
export async function eoiFacts(tx: Queryable, ids: readonly string[], options: { forUpdate?: boolean } = {}): Promise<Map<string, EoiFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<EoiFacts>(
    `select id::text as id, number, status, setup_id::text as setup_id, customer_id::text as customer_id, created_by::text as agent_id, token, refund_due,
            amount_due::text as amount_due
       from eois where id = any($1::uuid[]) order by id${options.forUpdate ? ' for update' : ''}`,
    [[...new Set(ids)]],
  );
  return new Map(rows.rows.map((row) => [row.id, row]));
}

/** One EOI's facts, or undefined when there is none. */
export async function eoiFact(tx: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<EoiFacts | undefined> {
  return [...(await eoiFacts(tx, [id], options)).values()][0];
}

/** The ids of a customer's EOIs (a customer's portfolio). */
export async function customerEoiIds(tx: Queryable, customerId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('select id::text as id from eois where customer_id = $1', [customerId]);
  return rows.rows.map((row) => row.id);
}
