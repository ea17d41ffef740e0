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

/**
 * `count` consecutive numbers of a type and year at once (a batch of documents), in one statement
 * on the same counter row: gap-free and in order, as `count` calls of `nextDocumentNumber` would be.
 */
export async function reserveDocumentNumbers(tx: Queryable, prefix: string, year: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const result = await tx.query<{ last: number }>(
    `insert into document_counters (prefix, year, last) values ($1, $2, $3)
     on conflict (prefix, year) do update set last = document_counters.last + $3
     returning last`,
    [prefix, year, count],
  );
  const last = result.rows[0]!.last;
  return Array.from({ length: count }, (_, index) => `${prefix}-${year}-${String(last - count + 1 + index).padStart(5, '0')}`);
}
