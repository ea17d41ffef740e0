import type { Queryable } from '@propdesk/server-kit';

// face (facesm): what other documents may read of a customer (the leads folder owns customers).
/**
 * A customer as a relation to join (one statement): prints, statements and registers name them
 * (`full_name`, `national_id`), messages reach them (`language`, `email`, `phone`, the opt-outs).
 * Columns keep their types; a column not here is the customer's own.
 */
export const CUSTOMER_FACTS = '(select id, full_name, national_id, language, email, phone, email_opt_out, sms_opt_out from customers)';

// face (facesm): a customer's language and opt-outs, locked, before the unsubscribe link sets one through the engine.
/** A customer's message language and opt-outs, locked for update (one statement), or undefined when there is none. */
export async function lockedCustomerContact(tx: Queryable, id: string): Promise<{ language: string | null; email_opt_out: boolean; sms_opt_out: boolean } | undefined> {
  const rows = await tx.query<{ language: string | null; email_opt_out: boolean; sms_opt_out: boolean }>(
    'select language, coalesce(email_opt_out, false) as email_opt_out, coalesce(sms_opt_out, false) as sms_opt_out from customers where id = $1 for update',
    [id],
  );
  return rows.rows[0];
}
