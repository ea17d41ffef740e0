import { fillNumberLater, type Caller } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';

/**
 * A change of a unit's claim that leaves its status as it is (a hold extended to a later time) put on
 * the board stream: an event row with the unit's status as both from and to (the stream sends the
 * claim as it is when read, so open boards show the new `expiresAt`), in the writing transaction; its
 * trigger NOTIFYs at commit, so a rolled-back change publishes nothing. The unit's story shows it too.
 */
export async function publishClaimChange(
  tx: Queryable,
  caller: Caller,
  unitId: string,
  change: { action: string; reason: string | null; document: { resource: string; id: string } },
) {
  await tx.query(
    `insert into unit_status_events (unit_id, from_status, to_status, actor_id, source, action, document_resource, document_id, reason)
     select u.id, u.status, u.status, $2, $3, $4, $5, $6, $7 from units u where u.id = $1`,
    [unitId, caller.auth?.userId ?? null, caller.source, change.action, change.document.resource, change.document.id, change.reason],
  );
  fillNumberLater(tx, change.reason, { table: 'unit_status_events', column: 'reason', keyColumn: 'unit_id', key: unitId });
}
