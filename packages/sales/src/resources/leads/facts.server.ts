import type { Queryable } from '@propdesk/server-kit';

/**
 * What other documents may read of customers and leads (both the `leads` folder's tables). A customer:
 * the sales documents name their buyer (an EOI's title, a reservation's buyer, a contract's parties and
 * print) and the demo seeds find theirs by national ID. A lead: an EOI made from a lead takes the lead's
 * customer, or makes one from the lead's name and contacts. Ids as text.
 */
export type CustomerFacts = {
  id: string;
  full_name: string;
  /** The national ID, else the passport number. */
  id_number: string | null;
  national_id: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  lead_id: string | null;
  active: boolean;
};

const CUSTOMER_COLUMNS = `id::text as id, full_name, coalesce(national_id, passport_no) as id_number, national_id, address, phone, email,
  lead_id::text as lead_id, coalesce(active, true) as active`;

/** The facts of the customers named (one statement); a customer that does not exist is not in the map. */
export async function customerFacts(tx: Queryable, ids: readonly string[]): Promise<Map<string, CustomerFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<CustomerFacts>(`select ${CUSTOMER_COLUMNS} from customers where id = any($1::uuid[])`, [[...new Set(ids)]]);
  return new Map(rows.rows.map((row) => [row.id, row]));
}

/** One customer's facts, or undefined when there is none. */
export async function customerFact(tx: Queryable, id: string): Promise<CustomerFacts | undefined> {
  return [...(await customerFacts(tx, [id])).values()][0];
}

/** The customer with this national ID (a demo seed's buyer), or null. */
export async function customerIdByNationalId(tx: Queryable, nationalId: string): Promise<string | null> {
  const rows = await tx.query<{ id: string }>('select id::text as id from customers where national_id = $1', [nationalId]);
  return rows.rows[0]?.id ?? null;
}

/** The first active customers, oldest first (a demo seed's buyers), at most `limit`. */
export async function firstActiveCustomerIds(tx: Queryable, limit: number): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('select id::text as id from customers where active order by created_on, id limit $1', [limit]);
  return rows.rows.map((row) => row.id);
}

/**
 * Customers as a relation, for a statement that joins them (a contract's parties, its print, a bulk
 * deal's EOIs with their buyers, statements and registers), so the read stays one statement: `left join
 * ${CUSTOMER_FACTS} cu on cu.id = c.customer_id`. Messages reach them by `language`, `email`, `phone` and
 * the opt-outs. Columns keep their types; a column not here is the customer's own.
 */
export const CUSTOMER_FACTS =
  '(select id, full_name, national_id, passport_no, address, phone, email, lead_id, active, language, email_opt_out, sms_opt_out from customers)';

export type LeadFacts = { id: string; customer_id: string | null; full_name: string; phone: string | null; email: string | null; nationality_id: string | null };

/**
 * The facts of the leads named (one statement); `forUpdate` locks them, in id order, as making a
 * customer from a lead must (two EOIs from one lead must not make two customers).
 */
export async function leadFacts(tx: Queryable, ids: readonly string[], options: { forUpdate?: boolean } = {}): Promise<Map<string, LeadFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<LeadFacts>(
    `select id::text as id, customer_id::text as customer_id, full_name, phone, email, nationality_id::text as nationality_id
       from leads where id = any($1::uuid[]) order by id${options.forUpdate ? ' for update' : ''}`,
    [[...new Set(ids)]],
  );
  return new Map(rows.rows.map((row) => [row.id, row]));
}

/** The ids of a customer's leads: those that name the customer and the one it was made from (a customer's portfolio). */
export async function customerLeadIds(tx: Queryable, customerId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    'select id::text as id from leads where customer_id = $1 union select lead_id::text from customers where id = $1 and lead_id is not null',
    [customerId],
  );
  return rows.rows.map((row) => row.id);
}

// face (facesm): a customer's language and opt-outs, locked, before the unsubscribe link sets one through the engine.
/** A customer's message language and opt-outs, locked for update (one statement), or undefined when there is none. */
export async function lockedCustomerContact(tx: Queryable, id: string): Promise<{ language: string | null; email_opt_out: boolean; sms_opt_out: boolean } | undefined> {
  const rows = await tx.query<{ language: string | null; email_opt_out: boolean; sms_opt_out: boolean }>(
    'select language, coalesce(email_opt_out, false) as email_opt_out, coalesce(sms_opt_out, false) as sms_opt_out from customers where id = $1 for update',
    [id],
  );
  return rows.rows[0];
}
