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
      // Written through the engine (issue 30): every launch, EOI and payment has version history, one create entry naming the seed.
      for (const [resource, table] of [['eoi-setups', 'eoi_setups'], ['eois', 'eois'], ['eoi-payments', 'eoi_payments']] as const) {
        const seeded = await db.query<{ records: number; created: number }>(
          `select count(*)::int as records, count(h.id)::int as created from ${table} t
             left join record_history h on h.resource = $1 and h.record_id = t.id and h.action = 'create' and h.source = 'system' and h.reason = 'Demo data'`,
          [resource],
        );
        expect(seeded.rows[0]!.records, resource).toBeGreaterThan(1);
        expect(seeded.rows[0]!.created, resource).toBe(seeded.rows[0]!.records);
      }
      // Each allocated EOI's unit and reservation were set by an engine write, in its history.
      const allocatedHistory = await db.query<{ n: number }>(
        `select count(*)::int as n from eois e where e.status = 'allocated' and e.setup_id = $1
            and exists (select 1 from record_history h where h.resource = 'eois' and h.record_id = e.id and h.changes ? 'reservation')`,
        [launch],
      );
      expect(allocatedHistory.rows[0]!.n).toBe(12);
      // Titles name the customer and the launch; refunds' transfer references end as their numbers do; numbers are gap-free.
      const titled = await db.query<{ n: number }>(
        "select count(*)::int as n from eois e join customers c on c.id = e.customer_id join eoi_setups s on s.id = e.setup_id where e.title is distinct from c.full_name || ' — ' || s.name",
      );
      expect(titled.rows[0]!.n).toBe(0);
      const transfers = await db.query<{ n: number; wrong: number }>(
        "select count(*)::int as n, count(*) filter (where transfer_reference is distinct from 'TRF-' || substr(number, 10))::int as wrong from eoi_payments where kind = 'refund' and status = 'completed'",
      );
      expect(transfers.rows[0]).toEqual({ n: 20, wrong: 0 });
      const numbers = (await db.query<{ number: string }>('select number from eois order by number')).rows.map((row) => Number(row.number.slice(-5)));
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0]! + i));
    } finally {
      await databases.cleanup();
    }
  });
});
