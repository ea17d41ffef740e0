import type { Caller, DomainNotify, EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { createReservation, createReservationsFromEois } from '../reservations/index.server.js';

export type AllocationInput = { eoiId: string; unitId: string; customerId: string; paymentPlanId: string; agentId: string | null; dealNumber: string };

/**
 * Turns an EOI's allocation into a reservation, in the caller's transaction: the reservations code
 * hands the EOI's allocation claim to the reservation in place and carries the EOI's payments over
 * as its fee payments. Answers the reservation's id.
 */
export async function allocateToReservation(engine: EngineContext, tx: Queryable, caller: Caller, input: AllocationInput): Promise<string> {
  const reservation = await createReservation(
    engine,
    tx,
    {
      unitId: input.unitId,
      customerId: input.customerId,
      paymentPlanId: input.paymentPlanId,
      agentId: input.agentId,
      notes: `Bulk deal ${input.dealNumber}`,
      source: { kind: 'eoi', eoiId: input.eoiId },
    },
    caller,
    { answer: 'id' },
  );
  return reservation.id;
}

/**
 * `allocateToReservation` for every match of a publish at once: the reservations code makes them
 * through the engine's set-based writes (claims handed over, payments carried, submitted). Answers
 * the reservations' ids in input order.
 */
export async function allocateManyToReservations(engine: EngineContext, tx: Queryable, caller: Caller, inputs: readonly AllocationInput[], notify: DomainNotify): Promise<string[]> {
  return createReservationsFromEois(
    engine,
    tx,
    inputs.map((input) => ({ eoiId: input.eoiId, unitId: input.unitId, customerId: input.customerId, paymentPlanId: input.paymentPlanId, agentId: input.agentId, notes: `Bulk deal ${input.dealNumber}` })),
    caller,
    notify,
  );
}
