import { describe, expect, it } from 'vitest';
import { DB_KINDS, seededDatabases } from './test/harness.js';

/** The EOI demo of the seed: a launch with about 300 EOIs in every state, tokens gap-free in payment order. */
describe.each(DB_KINDS)('EOI demo on %s', (kind) => {
  const databases = seededDatabases(kind);

  it('seeds a launch in every state, tokens 1..N in the order of payment, money that adds up', async () => {
    const db = await databases.open();
    try {
      const launch = (await db.query<{ id: string }>("select id::text as id from eoi_setups where name = 'Spring launch 2026'")).rows[0]!.id;
      const states = await db.query<{ status: string; n: number }>('select status, count(*)::int as n from eois where setup_id = $1 group by status order by status', [launch]);
      const byState = Object.fromEntries(states.rows.map((row) => [row.status, row.n]));
      expect(byState).toEqual({ allocated: 12, cancelled: 15, draft: 30, paid: 168, refunded: 20, submitted: 45 });
      const expired = await db.query<{ n: number }>("select count(*)::int as n from eois e join eoi_setups s on s.id = e.setup_id where s.status = 'closed' and e.status = 'expired'");
      expect(expired.rows[0]!.n).toBe(12);
      const tokens = (await db.query<{ token: number }>('select token from eois where setup_id = $1 and token is not null order by paid_at, number', [launch])).rows.map((row) => row.token);
      expect(tokens).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect((await db.query<{ last: number }>('select last from eoi_token_counters where setup_id = $1', [launch])).rows[0]!.last).toBe(200);
      // Paid and refunded amounts are the sums of their payments; every allocated EOI holds its unit.
      const wrong = await db.query<{ n: number }>(
        `select count(*)::int as n from eois e
          where e.paid_amount <> coalesce((select sum(amount) from eoi_payments p where p.eoi_id = e.id and p.kind = 'payment' and p.status = 'recorded'), 0)
             or e.refunded_amount <> coalesce((select sum(amount) from eoi_payments p where p.eoi_id = e.id and p.kind = 'refund' and p.status = 'completed'), 0)`,
      );
      expect(wrong.rows[0]!.n).toBe(0);
      // Every allocated EOI became a reservation of its unit, which holds the unit's claim.
      const held = await db.query<{ n: number }>(
        `select count(*)::int as n from eois e join reservations r on r.id = e.reservation_id and r.unit_id = e.unit_id and r.source = 'eoi'
           join unit_claims c on c.unit_id = e.unit_id and c.document_id = r.id and c.released_at is null
          where e.status = 'allocated' and e.setup_id = $1`,
        [launch],
      );
      expect(held.rows[0]!.n).toBe(12);
    } finally {
      await databases.cleanup();
    }
  });
});
