import type { EngineContext, ResourceHooks } from '@propdesk/records/server';
import { dataWord, unprocessable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { EOI_FACTS } from '../eois/facts.server.js';
import { assertUnitTypes, expireUnpaid } from '../eois/index.server.js';

const amountTypes = (amounts: unknown) =>
  (Array.isArray(amounts) ? (amounts as Record<string, unknown>[]) : []).map((row) => (typeof row?.unitType === 'string' ? row.unitType : '')).filter(Boolean);

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
        const used = await tx.query<{ n: number }>(`select count(*)::int as n from ${EOI_FACTS} e where e.setup_id = $1`, [id]);
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
