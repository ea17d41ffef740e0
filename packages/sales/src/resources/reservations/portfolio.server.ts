import { listRecords, type Caller, type EngineContext } from '@propdesk/records/server';
import { parseSort, type RecordRow } from '@propdesk/records/model';
import type { Queryable } from '@propdesk/server-kit';

/** What a customer has with the company, by resource; a section the caller may not read is left out (null). */
export type CustomerPortfolio = Record<'leads' | 'eois' | 'eoiPayments' | 'holds' | 'reservations' | 'reservationPayments', RecordRow[] | null>;

const LIMIT = 200;

/**
 * A customer's leads, EOIs and their payments, holds, reservations (as the primary or a co-buyer) and
 * their payments: each read through the engine with the caller's privileges and row scope (an agent
 * sees only the leads they may see), newest first, at most 200 of each.
 */
export async function customerPortfolio(engine: EngineContext, db: Queryable, caller: Caller, customerId: string): Promise<CustomerPortfolio> {
  const ids = async (sql: string) => (await db.query<{ id: string }>(sql, [customerId])).rows.map((row) => row.id);
  const section = async (resource: string, recordIds: string[]): Promise<RecordRow[] | null> => {
    if (!engine.registry.find(resource)) return null;
    const def = engine.registry.get(resource);
    if (caller.auth && !def.readOpen && !caller.auth.checker.can(def.entity, 'read')) return null;
    if (recordIds.length === 0) return [];
    const listed = await listRecords(engine, def, caller, { criteria: { where: null, ids: recordIds, active: 'all' }, sort: parseSort(def, undefined), page: 1, pageSize: LIMIT });
    return listed.rows;
  };
  const reservationIds = await ids(
    `select id::text as id from reservations where customer_id = $1
     union select reservation_id::text from reservation_buyers where customer_id = $1`,
  );
  const eoiIds = engine.registry.find('eois') ? await ids('select id::text as id from eois where customer_id = $1') : [];
  return {
    leads: await section('leads', await ids('select id::text as id from leads where customer_id = $1 union select lead_id::text from customers where id = $1 and lead_id is not null')),
    eois: await section('eois', eoiIds),
    eoiPayments: engine.registry.find('eoi-payments') ? await section('eoi-payments', (await db.query<{ id: string }>('select id::text as id from eoi_payments where eoi_id = any($1::uuid[])', [eoiIds])).rows.map((row) => row.id)) : null,
    holds: await section('hold-requests', await ids('select id::text as id from hold_requests where customer_id = $1')),
    reservations: await section('reservations', reservationIds),
    reservationPayments: await section('reservation-payments', (await db.query<{ id: string }>('select id::text as id from reservation_payments where reservation_id = any($1::uuid[])', [reservationIds])).rows.map((row) => row.id)),
  };
}
