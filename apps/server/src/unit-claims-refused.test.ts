import { notify } from '@propdesk/notifications-core/server';
import { randomUUID } from 'node:crypto';
import { engineTransaction } from '@propdesk/records/server';
import { claimUnit, lockUnit } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, seededDatabases } from './test/harness.js';

type Unit = { id: string; code: string };
const system = { auth: null, source: 'system' as const };

/**
 * The unit's one live claim stays the database's rule after the claim lost its savepoint (issue 26):
 * a claim the code let through (a stale check) is refused by the partial unique index as its INSERT's
 * arbiter, answers the same 409 naming the holder, writes nothing, and leaves the transaction usable.
 * And a claim whose unit was locked by the engine's read (`lockUnit` with the engine) writes the unit's
 * status, version, history and status event as a claim that read the unit itself.
 */
describe.each(DB_KINDS)('unit claims refused by the index on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };
  const taken = new Set<string>();

  /** An available unit with no claim at all that no other case of this file uses. */
  async function freeUnit(): Promise<Unit> {
    const rows = await db.query<Unit>(
      `select u.id::text as id, u.code from units u
        where u.active and u.status = 'available' and not (u.id = any($1::uuid[]))
          and not exists (select 1 from unit_claims c where c.unit_id = u.id)
        order by u.code limit 1`,
      [[...taken]],
    );
    const unit = rows.rows[0]!;
    taken.add(unit.id);
    return unit;
  }

  const claimsOf = async (unitId: string) =>
    (await db.query<{ document_id: string; live: boolean }>('select document_id::text as document_id, released_at is null as live from unit_claims where unit_id = $1 order by claimed_at', [unitId])).rows;
  const unitRow = async (unitId: string) => (await db.query<{ status: string; version: number }>('select status, version from units where id = $1', [unitId])).rows[0]!;
  const events = async (unitId: string) =>
    (await db.query<{ from_status: string; to_status: string; action: string; document_id: string | null; reason: string | null }>(
      'select from_status, to_status, action, document_id::text as document_id, reason from unit_status_events where unit_id = $1 order by id',
      [unitId],
    )).rows;
  const history = async (unitId: string) =>
    (await db.query<{ action: string; changes: Record<string, unknown>; reason: string | null }>("select action, changes, reason from record_history where resource = 'units' and record_id = $1 order by id", [unitId])).rows;

  beforeAll(async () => {
    db = await databases.open();
  });

  afterAll(async () => {
    await databases.cleanup();
  });

  it('a second live claim let through by a stale check is a 409 naming the holder, writes nothing, and the transaction goes on', async () => {
    const unit = await freeUnit();
    const { engine } = createEngine(db, services);
    const first = { resource: 'hold-requests', id: randomUUID() };
    await engineTransaction(engine, (tx) => claimUnit(engine, tx, system, { unitId: unit.id, kind: 'hold', document: first, holderId: null, expiresAt: null, action: 'hold', reason: 'First' }));
    const before = await unitRow(unit.id);
    expect(before.status).toBe('on_hold');

    const second = { resource: 'reservations', id: randomUUID() };
    const outcome = await engineTransaction(engine, async (tx) => {
      // The unit as a check read it before the first claim: free then. The code trusts it; the index does not.
      const stale = { ...(await lockUnit(tx, unit.id)), status: 'available' };
      const refused = await claimUnit(engine, tx, system, { unitId: unit.id, kind: 'reservation', document: second, holderId: null, expiresAt: null }, stale).then(
        () => null,
        (error: unknown) => error as { statusCode?: number; text?: unknown },
      );
      // The refusal left the transaction usable: it reads on.
      const live = await tx.query<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = $1 and released_at is null', [unit.id]);
      return { refused, live: live.rows[0]!.n };
    });
    expect(outcome.refused?.statusCode).toBe(409);
    // The same 409 as a claim the code refuses: who holds the unit (the holder's words, as the envelope translates them).
    expect(outcome.refused?.text).toMatchObject({ key: 'unitClaimed', params: { claim: 'hold', code: { en: unit.code } } });
    expect(outcome.live).toBe(1);
    expect(await claimsOf(unit.id)).toEqual([{ document_id: first.id, live: true }]);
    expect(await unitRow(unit.id)).toEqual(before);
    expect((await events(unit.id)).map((event) => [event.from_status, event.to_status, event.document_id])).toEqual([['available', 'on_hold', first.id]]);
  });

  it('a claim whose unit the engine read with its lock writes the status, version, history and event as one that read it itself', async () => {
    const { engine } = createEngine(db, services);
    const results = [];
    for (const withEngine of [false, true]) {
      const unit = await freeUnit();
      const document = { resource: 'reservations', id: randomUUID() };
      const was = await unitRow(unit.id);
      await engineTransaction(engine, async (tx) => {
        // As a reservation's source check: the unit's lock read, free, then its claim trusting that read.
        const checked = await lockUnit(tx, unit.id, withEngine ? engine : undefined);
        expect(checked).toMatchObject({ id: unit.id, code: unit.code, status: 'available' });
        await claimUnit(engine, tx, system, { unitId: unit.id, kind: 'reservation', document, holderId: null, expiresAt: null, action: 'reserve', reason: 'Claimed' }, checked);
      });
      const now = await unitRow(unit.id);
      expect(now).toEqual({ status: 'reserved', version: was.version + 1 });
      results.push({
        claims: (await claimsOf(unit.id)).map((claim) => claim.live),
        events: (await events(unit.id)).map(({ from_status, to_status, action, reason, document_id }) => ({ from_status, to_status, action, reason, same: document_id === document.id })),
        history: (await history(unit.id)).filter((entry) => entry.action !== 'create').map(({ action, changes, reason }) => ({ action, changes, reason })),
      });
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[1]!.history).toEqual([{ action: 'reserve', changes: { status: { before: 'available', after: 'reserved' } }, reason: 'Claimed' }]);
  });
});
