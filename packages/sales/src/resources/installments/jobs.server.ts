import { compareMoney, percentOf } from '@propdesk/finance';
import { formatMoney } from '@propdesk/records/model';
import { defineJob, translate, type JobDefinition, type LocalText, type Queryable } from '@propdesk/server-kit';
import { notice, noticeDay } from '../../server/i18n/notice.js';
import { createRecord, engineTransaction, updateRecord, type Caller, type DomainNotify, type EngineContext } from '@propdesk/records/server';
import { installments } from './definition.js';
import { settleInstallments } from './ledger.server.js';
import { CONTRACT_FACTS, contractFact, lockedContract } from '../contracts/facts.server.js';
import { RESERVATION_SETUP_FACTS } from '../reservations/facts.server.js';
import { nextInstallmentSeq } from './facts.server.js';
import { contractLinks } from '../contracts/links.js';

export const INSTALLMENT_OVERDUE_JOB = 'sales.installments-overdue';
const JOB: Caller = { auth: null, source: 'job' };
const BATCH = 200;
const CATEGORY = 'collections';

type DueRow = { id: string; contract_id: string; seq: number; kind: string; status: string; due_date: string; cheque_date: string | null; open: string; late_fee_pct: string | null };

/**
 * Flags the installments whose due date, plus their project's grace days (its reservation setup's
 * late-payment rule), has passed with money still open on them, and those covered by a cheque whose
 * own date (or the due date, if later) plus the grace days has passed without it clearing
 * (`overdue`), through the engine (history, source `job`);
 * where the rule sets a late charge, adds it once as a fee row of that percentage of what is unpaid
 * (never on a fee row), and tells finance and the contract's agent which of their contracts fell
 * overdue. Batches are taken `FOR UPDATE SKIP LOCKED`, so runs at once share the work, and a run
 * after downtime finds everything that fell due meanwhile. `today` is the calendar day to judge by
 * (tests pass one; the job uses the database's).
 */
export async function runInstallmentOverdue(engine: EngineContext, today?: string, notify?: DomainNotify): Promise<{ flagged: number; charged: number }> {
  let flagged = 0;
  let charged = 0;
  for (;;) {
    const done = await engineTransaction(engine, async (tx) => {
      const due = await tx.query<DueRow>(
        `select i.id::text as id, i.contract_id::text as contract_id, i.seq, i.kind, i.status, i.due_date::text as due_date, i.cheque_date::text as cheque_date,
                (i.amount - i.paid)::text as open, s.late_fee_pct::text as late_fee_pct
           from installments i
           join ${CONTRACT_FACTS} c on c.id = i.contract_id
           left join ${RESERVATION_SETUP_FACTS} s on s.project_id = c.project_id and s.active
          where i.status in ('open', 'partly_paid', 'covered') and not coalesce(i.overdue, false)
            and i.due_date + coalesce(s.late_grace_days, 0) < coalesce($1::date, current_date)
            and (i.status <> 'covered' or greatest(i.cheque_date, i.due_date) + coalesce(s.late_grace_days, 0) < coalesce($1::date, current_date))
          order by i.due_date, i.id limit ${BATCH} for update of i skip locked`,
        [today ?? null],
      );
      const byContract = new Map<string, DueRow[]>();
      for (const row of due.rows) {
        const reason = row.status === 'covered' ? `Its cheque's date (${row.cheque_date}) passed without it clearing` : 'Due date passed unpaid';
        await updateRecord(engine, tx, installments, JOB, row.id, { overdue: true }, { ignoreVersion: true, allowReadOnly: true, action: 'overdue', reason });
        if (row.late_fee_pct && row.kind !== 'fee' && (await chargeLate(engine, tx, row, today))) charged += 1;
        byContract.set(row.contract_id, [...(byContract.get(row.contract_id) ?? []), row]);
      }
      if (notify) for (const [contractId, rows] of byContract) await tellOverdue(tx, notify, contractId, rows);
      flagged += due.rows.length;
      return due.rows.length < BATCH;
    });
    if (done) return { flagged, charged };
  }
}

/** The late charge of one installment, once: a fee row on the contract's current schedule, due today. */
async function chargeLate(engine: EngineContext, tx: Queryable, row: DueRow, today: string | undefined): Promise<boolean> {
  const amount = percentOf(row.open, row.late_fee_pct!);
  if (compareMoney(amount, '0.01') < 0) return false;
  const found = (await lockedContract(tx, row.contract_id, { day: today ?? null }))!;
  const seq = await nextInstallmentSeq(tx, row.contract_id, found.schedule_version);
  const fee = await createRecord(engine, tx, installments, JOB, {
    label: `${found.number} late charge #${row.seq}`.slice(0, 60),
    contract: row.contract_id,
    scheduleVersion: found.schedule_version,
    seq,
    kind: 'fee',
    dueDate: found.day,
    amount,
    paid: '0.00',
    covered: '0.00',
    status: 'open',
    overdue: false,
    customer: found.customer_id,
  }, {}, { workflow: true });
  await settleInstallments(engine, tx, JOB, [fee.id]);
  return true;
}

/** The first parts whose English, joined by `; `, fits in `max` characters (at least one). */
function withinLength(parts: readonly LocalText[], max: number): LocalText[] {
  const kept: LocalText[] = [];
  let length = 0;
  for (const part of parts) {
    const added = translate(part, 'en').length + (kept.length > 0 ? 2 : 0);
    if (kept.length > 0 && length + added > max) break;
    kept.push(part);
    length += added;
  }
  return kept;
}

/** Finance and the contract's agent hear which installments of a contract fell overdue. */
async function tellOverdue(tx: Queryable, notify: DomainNotify, contractId: string, rows: DueRow[]) {
  const found = await contractFact(tx, contractId);
  if (!found) return;
  const title = notice('noticeOverdue', { number: found.number });
  // One part per installment, joined with `; ` (in Arabic `؛ `); as many as the English keeps in 500 characters.
  const parts = rows.map((row) => {
    const facts = { seq: String(row.seq), due: noticeDay(row.due_date), amount: formatMoney(row.open) };
    return row.status === 'covered' ? notice('noticeOverdueInstallmentCheque', { ...facts, chequeDate: noticeDay(row.cheque_date) }) : notice('noticeOverdueInstallment', facts);
  });
  const body = withinLength(parts, 500);
  const link = contractLinks.link(contractId);
  const finance = await tx.query<{ id: string }>("select id::text as id from departments where lower(name) = 'finance' order by id limit 1");
  if (finance.rows[0]) await notify(tx, { departmentId: finance.rows[0].id, title, body, link, category: CATEGORY });
  if (found.agent_id) await notify(tx, { userId: found.agent_id, title, body, link, category: CATEGORY });
}

/** Daily; the runner's catch-up runs it at start when a day was missed. */
export function installmentJobs(engine: EngineContext, notify?: DomainNotify, everyMs = 24 * 3_600_000): JobDefinition[] {
  return [defineJob({ name: INSTALLMENT_OVERDUE_JOB, everyMs, run: () => runInstallmentOverdue(engine, undefined, notify) })];
}
