import { createRecord, engineTransaction, updateMany, type Caller, type EngineContext } from '@propdesk/records/server';
import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import { collectionSettings, DEFAULT_REMIND_DAYS_BEFORE } from '../collection-settings/definition.js';
import { settleInstallments } from '../installments/index.server.js';
import { receiptItems } from '../receipt-items/definition.js';
import { COLLECTION_SETTING_FACTS } from '../collection-settings/facts.server.js';
import { RECEIPT_ITEM_FACTS } from '../receipts/facts.server.js';

export const CHEQUE_COVER_JOB = 'sales.cheque-cover';
const JOB: Caller = { auth: null, source: 'job' };
const WHY = 'A cheque in hand covers its installments; its money is paid when it clears';

/**
 * Brings a ledger written before cheques covered (issue 25) in line, through the engine and
 * idempotently (a second run finds nothing): the items of a cheque still in hand (received or
 * deposited) stop counting as cleared, those of a cleared cheque count as cleared, and their
 * installments and contracts are settled again; the bounce charges of the old side table become the
 * projects' collection settings. On a database made after it, it finds nothing to do.
 */
export async function settleChequeCover(engine: EngineContext): Promise<{ items: number; installments: number; settings: number }> {
  return engineTransaction(engine, async (tx) => {
    const items = await tx.query<{ id: string; installment_id: string | null; cleared: boolean }>(
      `select i.id::text as id, i.installment_id::text as installment_id, q.status = 'cleared' as cleared
         from ${RECEIPT_ITEM_FACTS} i join cheques q on q.receipt_id = i.receipt_id
        where i.counts and q.status in ('received', 'deposited', 'cleared') and (i.cleared is distinct from (q.status = 'cleared'))
        order by i.id`,
    );
    const touched = [...new Set(items.rows.flatMap((row) => (row.installment_id ? [row.installment_id] : [])))];
    await updateMany(engine, tx, receiptItems, JOB, items.rows.map((row) => ({ id: row.id, values: { cleared: row.cleared } })), { allowReadOnly: true, action: 'cover', reason: WHY });
    await settleInstallments(engine, tx, JOB, touched);
    const legacy = await tx.query<{ project_id: string; name: string; amount: string }>(
      `select b.project_id::text as project_id, p.name, b.amount::text as amount from cheque_bounce_charges b join projects p on p.id = b.project_id
        where not exists (select 1 from ${COLLECTION_SETTING_FACTS} s where s.project_id = b.project_id) order by p.name`,
    );
    for (const row of legacy.rows) {
      await createRecord(engine, tx, collectionSettings, JOB, { name: `${row.name} collections`.slice(0, 120), project: row.project_id, bounceCharge: row.amount, remindDaysBefore: DEFAULT_REMIND_DAYS_BEFORE });
    }
    return { items: items.rows.length, installments: touched.length, settings: legacy.rows.length };
  });
}

/** A minute after its first start (not in the start's own rush), then daily finding nothing: a database from before covering is brought in line. */
export function chequeJobs(engine: EngineContext): JobDefinition[] {
  return [defineJob({ name: CHEQUE_COVER_JOB, everyMs: 24 * 3_600_000, firstRunAfterMs: 60_000, run: () => settleChequeCover(engine) })];
}
