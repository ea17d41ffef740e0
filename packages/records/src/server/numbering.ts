import type { Queryable } from '@propdesk/server-kit';

/**
 * The next document number of a type and year, `PR-2026-00001`: gap-free, because the counter row
 * is updated inside the creating transaction (a rollback returns the number) and its row lock
 * makes concurrent creations wait for each other rather than share a number.
 */
export async function nextDocumentNumber(tx: Queryable, prefix: string, year: number): Promise<string> {
  const result = await tx.query<{ last: number }>(
    `insert into document_counters (prefix, year, last) values ($1, $2, 1)
     on conflict (prefix, year) do update set last = document_counters.last + 1
     returning last`,
    [prefix, year],
  );
  const last = result.rows[0]!.last;
  return `${prefix}-${year}-${String(last).padStart(5, '0')}`;
}
