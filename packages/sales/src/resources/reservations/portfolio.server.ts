import { listRecords, type Caller, type EngineContext } from '@propdesk/records/server';
import { parseSort, type RecordRow } from '@propdesk/records/model';
import type { Queryable } from '@propdesk/server-kit';
import { customerEoiIds } from '../eois/facts.server.js';
import { eoiPaymentIdsOf } from '../eoi-payments/facts.server.js';
import { customerHoldIds } from '../hold-requests/facts.server.js';
import { customerLeadIds } from '../leads/facts.server.js';
import { reservationPaymentIdsOf } from '../reservation-payments/facts.server.js';

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
  const eoiIds = engine.registry.find('eois') ? await customerEoiIds(db, customerId) : [];
  return {
    leads: await section('leads', await customerLeadIds(db, customerId)),
    eois: await section('eois', eoiIds),
    eoiPayments: engine.registry.find('eoi-payments') ? await section('eoi-payments', await eoiPaymentIdsOf(db, eoiIds)) : null,
    holds: await section('hold-requests', await customerHoldIds(db, customerId)),
    reservations: await section('reservations', reservationIds),
    reservationPayments: await section('reservation-payments', await reservationPaymentIdsOf(db, reservationIds)),
  };
}
