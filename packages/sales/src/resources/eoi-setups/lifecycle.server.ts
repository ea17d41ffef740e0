import { effectOf, updateRecord, type Caller, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { dataWord, unprocessable, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { eois } from '../eois/definition.js';
import { assertUnitTypes } from '../eois/index.server.js';

const amountTypes = (amounts: unknown) =>
  (Array.isArray(amounts) ? (amounts as Record<string, unknown>[]) : []).map((row) => (typeof row?.unitType === 'string' ? row.unitType : '')).filter(Boolean);

/**
 * Expires a closed launch's EOIs that were never paid (draft or submitted), through the engine; money
 * taken on a submitted one puts it in the refund queue. Idempotent: a second run finds none.
 */
export async function expireUnpaid(engine: EngineContext, tx: Queryable, caller: Caller, setupId: string): Promise<number> {
  const due = await tx.query<{ id: string; owed: boolean }>(
    `select id::text as id, paid_amount > refunded_amount as owed from eois where setup_id = $1 and status in ('draft', 'submitted') order by number for update`,
    [setupId],
  );
  for (const row of due.rows) {
    await updateRecord(engine, tx, eois, effectOf(caller), row.id, { status: 'expired', refundDue: row.owed }, { ignoreVersion: true, allowReadOnly: true, action: 'expire', reason: 'The launch’s window closed' });
  }
  return due.rows.length;
}

/**
 * EOI launches: the unit types of the amounts must be unit types; the launch's project cannot change
 * once it has EOIs; closing the window (the action, or the `sales.eoi-window` job) expires the EOIs
 * that were never paid.
 */
export function eoiSetupHooks(engine: EngineContext): ResourceHooks {
  return {
    beforeCreate: async (tx, _extra, _caller, values) => {
      await assertUnitTypes(tx, amountTypes(values.amounts), 'amounts');
      return { status: 'open' };
    },
    beforeUpdate: async (tx, id, values, before) => {
      if (values.amounts !== undefined) await assertUnitTypes(tx, amountTypes(values.amounts), 'amounts');
      if (values.project !== undefined && values.project !== before.project) {
        const used = await tx.query<{ n: number }>('select count(*)::int as n from eois where setup_id = $1', [id]);
        if ((used.rows[0]?.n ?? 0) > 0) throw unprocessable(salesText('eoiSetupProjectFixed', { setup: dataWord(before.name) }));
      }
    },
    actions: {
      close: {
        before: async () => ({ values: { closedAt: new Date().toISOString() } }),
        after: async (tx, id, _record, caller) => {
          await expireUnpaid(engine, tx, caller, id);
        },
      },
    },
  };
}
