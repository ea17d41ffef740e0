import { callerOf, getRecord, recordsCatalog, thingOf, type Caller, type EngineContext } from '@propdesk/records/server';
import { accessDenied, notFound, sendError, text, unauthorized, type AuthHook, type Queryable } from '@propdesk/server-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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

/** A record id in a call's path (one schema for every procurement call). */
export const idParams = z.object({ id: z.uuid({ error: 'Must be a record id' }) });

/** A call's guard: 401 without a session, 403 without the privilege. */
export const can =
  (entity: string, action: string): AuthHook =>
  async (request, reply) => {
    if (!request.auth) await sendError(reply, unauthorized());
    else if (!request.auth.checker.can(entity, action)) await sendError(reply, accessDenied());
  };

/** Today (UTC) as a date text, as the calls compare validity and receipt dates. */
export const today = () => new Date().toISOString().slice(0, 10);

/** The record as the caller may see it (the engine's read, row scope and all), or 404. */
export async function visibleRecord(ctx: EngineContext, request: FastifyRequest, resource: string, id: string) {
  const record = await getRecord(ctx, ctx.db, ctx.registry.get(resource), callerOf(request), id);
  if (!record) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(ctx.registry.get(resource)) }));
  return record;
}
