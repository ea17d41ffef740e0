import type { Caller } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';

/** The first row of a query, typed. */
export const one = async <T>(tx: Queryable, text: string, params: unknown[]): Promise<T | undefined> => (await tx.query<T & Record<string, unknown>>(text, params)).rows[0];

/** A screen link to a document. */
export const link = (route: string, id: string) => `${route}?record=${id}`;

/** Who acted (null for the server's own writes). */
export const userOf = (caller: Caller) => caller.auth?.userId ?? null;

/** A decimal text as the engine answers it (no trailing zeros), so kept values compare with stored ones. */
export const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);
