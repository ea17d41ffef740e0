import type { Caller } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { documentTotals, type DocumentTotals } from '../model/money.js';

/** The first row of a query, typed. */
export const one = async <T>(tx: Queryable, text: string, params: unknown[]): Promise<T | undefined> => (await tx.query<T & Record<string, unknown>>(text, params)).rows[0];

/** Who acted (null for the server's own writes). */
export const userOf = (caller: Caller) => caller.auth?.userId ?? null;

/** A decimal text as the engine answers it (no trailing zeros), so kept values compare with stored ones. */
export const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

/**
 * The totals of a document from its priced lines (each line rounded to the cent, the totals their sums):
 * `table` holds the lines, `parent` their document's column, `price` and `tax` the priced columns.
 */
export async function linesTotals(tx: Queryable, lines: { table: string; parent: string; price: string; tax?: string }, id: string): Promise<DocumentTotals> {
  const rows = await tx.query<{ quantity: string; price: string | null; tax: string | null }>(
    `select quantity::text as quantity, ${lines.price}::text as price, ${lines.tax ? `${lines.tax}::text` : 'null'} as tax from ${lines.table} where ${lines.parent} = $1 order by id`,
    [id],
  );
  return documentTotals(rows.rows.map((line) => ({ quantity: line.quantity, unitPrice: line.price ?? 0, taxPct: line.tax })));
}
