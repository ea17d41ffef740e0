import { addMoney, compareMoney, subtractMoney, toMoney } from '@propdesk/finance';
import { formatMoney } from '@propdesk/records/model';
import { createRecord, definitionWord, effectOf, getRecord, runAction, updateRecord, type Caller, type DomainNotify, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { dataWord, notFound, unprocessable, type LocalText, type Migration, type Queryable } from '@propdesk/server-kit';
import { salesText, stateWord } from '../../server/i18n/catalog.js';
import { notice } from '../../server/i18n/notice.js';
import { commissions, type CommissionTrigger } from './definition.js';
import { commissionViewLink } from './links.js';
import { commissionFor, nextState, triggerMet, type CommissionTerms, type TriggerFacts } from './math.js';
import { contractFact, contractsWithBroker, type ContractFacts } from '../contracts/facts.server.js';
import { CLEARED_CHEQUE_STATE } from '../cheques/definition.js';
import { CHEQUE_FACTS } from '../cheques/facts.server.js';
import { PAID_INSTALLMENT_STATE, SUPERSEDED_INSTALLMENT_STATE } from '../installments/definition.js';
import { INSTALLMENT_FACTS } from '../installments/facts.server.js';
import { ISSUED_RECEIPT_STATE } from '../receipts/definition.js';
import { RECEIPT_FACTS, RECEIPT_ITEM_FACTS } from '../receipts/facts.server.js';

/** One commission per sale and broker contract: re-running the accrual never makes a second line. */
export const commissionMigrations: Migration[] = [
  {
    id: 'sales/0501_commissions',
    up: `
      create unique index commissions_contract_broker_contract on commissions (contract_id, broker_contract_id);
      create index commissions_broker_project on commissions (broker_id, project_id);
    `,
  },
];

const CATEGORY = 'commissions';
const commissionLink = commissionViewLink;
const userOf = (caller: Caller) => caller.auth?.userId ?? null;
const today = async (tx: Queryable) => (await tx.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).rows[0]!.d;

const TRIGGER_WORDS: Record<CommissionTrigger, string> = {
  contract_signed: 'the contract is signed',
  down_payment_collected: 'the down payment is collected',
  share_collected: 'the share of the price is collected in cleared money',
  fully_paid: 'the contract is fully paid',
};

type BrokerTerms = {
  broker_contract_id: string;
  contract_no: string;
  broker_name: string;
  commission_type: CommissionTerms['commissionType'];
  pct: string | null;
  amount: string | null;
  tiers: CommissionTerms['tiers'];
  payable_on: CommissionTrigger;
  payable_share_pct: string | null;
};

/**
 * The broker contract that pays a sale: the broker's active one whose template is the contract's
 * project's and whose dates cover the contract date (several: the latest started).
 */
async function brokerTermsFor(tx: Queryable, brokerId: string, projectId: string, contractDate: string): Promise<BrokerTerms | undefined> {
  const rows = await tx.query<BrokerTerms>(
    `select bc.id::text as broker_contract_id, bc.contract_no, b.name as broker_name, t.commission_type, t.pct::text as pct, t.amount::text as amount, t.tiers,
            coalesce(t.payable_on, 'contract_signed') as payable_on, t.payable_share_pct::text as payable_share_pct
       from broker_contracts bc join broker_project_templates t on t.id = bc.template_id join brokers b on b.id = bc.broker_id
      where bc.broker_id = $1 and bc.status = 'active' and t.project_id = $2 and bc.start_date <= $3::date and (bc.end_date is null or bc.end_date >= $3::date)
      order by bc.start_date desc, bc.contract_no limit 1`,
    [brokerId, projectId, contractDate],
  );
  return rows.rows[0];
}

/**
 * Accrues a sale's commission (once): the contract's reservation names a broker with an active broker
 * contract for the project covering the contract date. The broker's row is locked first, so two sales
 * of one broker at once get consecutive sale numbers (the tiers count them). Answers the new line's
 * id, or null (no broker, no terms, or a line already there).
 */
export async function accrueCommission(engine: EngineContext, tx: Queryable, caller: Caller, contractId: string): Promise<string | null> {
  const contract = await contractFact(tx, contractId);
  if (!contract?.broker_id || !contract.project_id || contract.status === 'cancelled') return null;
  const terms = await brokerTermsFor(tx, contract.broker_id, contract.project_id, contract.contract_date);
  if (!terms) return null;
  await tx.query('select 1 from brokers where id = $1 for update', [contract.broker_id]);
  const existing = await tx.query('select 1 from commissions where contract_id = $1 and broker_contract_id = $2', [contractId, terms.broker_contract_id]);
  if (existing.rows.length > 0) return null;
  // The broker's sales in the project so far that still stand (reversed, clawed back and recovered ones were undone), then this one.
  const counted = await tx.query<{ n: number }>(
    "select count(*)::int as n from commissions where broker_id = $1 and project_id = $2 and status not in ('reversed', 'clawed_back', 'recovered')",
    [contract.broker_id, contract.project_id],
  );
  const saleNo = counted.rows[0]!.n + 1;
  const figure = commissionFor({ commissionType: terms.commission_type, pct: terms.pct, amount: terms.amount, tiers: terms.tiers }, contract.net_price, saleNo);
  const created = await createRecord(engine, tx, commissions, effectOf(caller), {
    title: `${terms.broker_name} · ${contract.number}`.slice(0, 160),
    broker: contract.broker_id,
    brokerContract: terms.broker_contract_id,
    contract: contractId,
    project: contract.project_id,
    reservation: contract.reservation_id,
    customer: contract.customer_id,
    basis: contract.net_price,
    rate: (terms.payable_on === 'share_collected' ? `${figure.rate} (payable at ${terms.payable_share_pct ?? '100'}% collected)` : figure.rate).slice(0, 160),
    saleNo,
    amount: figure.amount,
    trigger: terms.payable_on,
    status: 'accrued',
    // Accrued with the sale: the contract's date (the statement lists sales in that order).
    accruedOn: contract.contract_date,
    recoverable: '0.00',
  }, {}, { workflow: true });
  return created.id;
}

/**
 * What the triggers read of a contract now (see `TriggerFacts`). Cleared money: receipts by any
 * method but cheque, and a cheque's receipt once its cheque in the register has cleared (its receipt
 * is written before the cheque names it, so "no uncleared cheque names it" would count it too early).
 */
async function triggerFacts(tx: Queryable, contractId: string, contract: ContractFacts, sharePct: string | null): Promise<TriggerFacts> {
  const rows = await tx.query<{ down_paid: boolean | null; cleared: string }>(
    `select (select bool_and(n.status = $3) from ${INSTALLMENT_FACTS} n
              where n.contract_id = $1 and n.schedule_version = $2 and n.status <> $4 and n.kind = 'down_payment') as down_paid,
            (select coalesce(sum(i.amount), 0)::text from ${RECEIPT_ITEM_FACTS} i
               join ${RECEIPT_FACTS} r on r.id = i.receipt_id join ${INSTALLMENT_FACTS} n on n.id = i.installment_id
              where n.contract_id = $1 and n.schedule_version = $2 and n.status <> $4 and n.kind <> 'fee' and i.counts and r.status = $5
                and (r.method <> 'cheque' or exists (select 1 from ${CHEQUE_FACTS} q where q.receipt_id = r.id and q.status = $6))) as cleared`,
    [contractId, contract.schedule_version, PAID_INSTALLMENT_STATE, SUPERSEDED_INSTALLMENT_STATE, ISSUED_RECEIPT_STATE, CLEARED_CHEQUE_STATE],
  );
  const row = rows.rows[0]!;
  return { status: contract.status, netPrice: contract.net_price, downPaymentPaid: row.down_paid ?? true, clearedCollected: row.cleared, sharePct };
}

type LineRow = { id: string; number: string; status: string; trigger: CommissionTrigger; amount: string; share: string | null; broker: string };

/**
 * Brings a contract's commission lines in line with their triggers (idempotent: a second run finds
 * nothing to change): accrued (or reversed by a bounce) lines whose trigger holds turn payable; a
 * cancelled contract, or a trigger no longer met (a bounce, a void), reverses a line not yet paid and
 * records on a paid one the amount to recover. A clawed back line is settled by its recovery, not
 * by the trigger, so clawed back and recovered lines are never read here. Every change is an engine
 * write with its history. Answers how many lines changed.
 */
export async function evaluateCommissions(engine: EngineContext, tx: Queryable, caller: Caller, contractId: string, notify?: DomainNotify): Promise<number> {
  const lines = await tx.query<LineRow>(
    `select m.id::text as id, m.number, m.status, m.trigger, m.amount::text as amount, t.payable_share_pct::text as share, b.name as broker
       from commissions m join broker_contracts bc on bc.id = m.broker_contract_id join broker_project_templates t on t.id = bc.template_id
       join brokers b on b.id = m.broker_id
      where m.contract_id = $1 and m.status not in ('clawed_back', 'recovered') order by m.id for update of m`,
    [contractId],
  );
  if (lines.rows.length === 0) return 0;
  const contract = (await contractFact(tx, contractId))!;
  const cancelled = contract.status === 'cancelled';
  let changed = 0;
  for (const line of lines.rows) {
    const facts = await triggerFacts(tx, contractId, contract, line.share);
    const to = nextState(line.status, triggerMet(line.trigger, facts), cancelled);
    if (!to) continue;
    changed += 1;
    const on = await today(tx);
    const options = { ignoreVersion: true, allowReadOnly: true } as const;
    if (to === 'payable') {
      const reason = `${contract.number}: ${TRIGGER_WORDS[line.trigger]}`;
      await updateRecord(engine, tx, commissions, effectOf(caller), line.id, { status: 'payable', earnedOn: on, reversedOn: null, clawbackReason: null }, { ...options, action: 'earn', reason });
      await tellFinance(tx, notify, caller, line.id, notice('noticeCommissionToApprove', { number: line.number }), notice('noticeCommissionToApproveBody', { broker: line.broker, amount: formatMoney(line.amount), reason }));
      continue;
    }
    const why = cancelled
      ? `${contract.number} cancelled${contract.cancel_reason ? `: ${contract.cancel_reason}` : ''}`
      : `${contract.number}: no longer ${TRIGGER_WORDS[line.trigger].replace(/^the /, '').replace(' is ', ' ')} (a bounce or a void)`;
    if (to === 'reversed') {
      await updateRecord(engine, tx, commissions, effectOf(caller), line.id, { status: 'reversed', reversedOn: on, clawbackReason: why.slice(0, 300) }, { ...options, action: 'reverse', reason: why.slice(0, 300) });
    } else {
      await updateRecord(engine, tx, commissions, effectOf(caller), line.id, { status: 'clawed_back', reversedOn: on, recoverable: line.amount, clawbackReason: why.slice(0, 300) }, { ...options, action: 'clawback', reason: why.slice(0, 300) });
      await tellFinance(tx, notify, caller, line.id, notice('noticeCommissionToRecover', { number: line.number }), notice('noticeCommissionToRecoverBody', { broker: line.broker, amount: formatMoney(line.amount), reason: why }));
    }
  }
  return changed;
}

/**
 * The values a recovery of `amount` writes on a clawed back line (decimal arithmetic, to the
 * piastre): less to recover, more recovered, the date and the reference. Refused (422, nothing
 * written) when nothing is left to recover or the amount is not within what is.
 */
async function recoveryOf(tx: Queryable, line: Record<string, unknown>, amount: string, reference: string) {
  const outstanding = toMoney(String(line.recoverable ?? 0));
  if (compareMoney(outstanding, 0) <= 0) throw unprocessable(salesText('commissionNothingToRecover', { number: dataWord(line.number) }));
  if (compareMoney(amount, 0) <= 0 || compareMoney(amount, outstanding) > 0) {
    throw unprocessable(salesText('commissionRecoveryRange', { number: dataWord(line.number), amount: dataWord(formatMoney(outstanding)) }));
  }
  return {
    recoverable: subtractMoney(outstanding, amount),
    recovered: addMoney(toMoney(String(line.recovered ?? 0)), amount),
    recoveredOn: await today(tx),
    recoveryReference: reference.slice(0, 120),
  };
}

/**
 * Part (or the rest) of a clawback returned by the broker (`POST /api/commissions/{id}/recoveries`):
 * the line, locked, must be clawed back (422 otherwise); the amount, at most what is still to
 * recover, moves from `recoverable` to `recovered` in one engine write with its history (action
 * `recover`, the reference as reason). The whole rest is the `recover` action itself, so the line
 * turns `recovered` exactly as from its screen.
 */
export async function recordRecovery(engine: EngineContext, tx: Queryable, caller: Caller, id: string, amount: string, reference: string) {
  if (!(await getRecord(engine, tx, commissions, caller, id, true))) throw notFound(salesText('noCommission'));
  const line = (await tx.query<{ number: string; status: string; recoverable: string; recovered: string }>(
    'select number, status, coalesce(recoverable, 0)::text as recoverable, coalesce(recovered, 0)::text as recovered from commissions where id = $1',
    [id],
  )).rows[0]!;
  const action = commissions.actions!.recover!;
  if (line.status !== 'clawed_back') throw unprocessable(salesText('commissionActionNotInState', { action: definitionWord(commissions, 'actions.recover.label', action.label), status: stateWord('commissions', line.status) }));
  if (compareMoney(amount, line.recoverable) === 0) return runAction(engine, tx, commissions, caller, id, 'recover', action, { reason: reference });
  const values = await recoveryOf(tx, line, toMoney(amount), reference);
  return updateRecord(engine, tx, commissions, caller, id, values, { ignoreVersion: true, allowReadOnly: true, action: 'recover', reason: reference.slice(0, 300) });
}

async function tellFinance(tx: Queryable, notify: DomainNotify | undefined, caller: Caller, id: string, title: LocalText, body: LocalText) {
  if (!notify) return;
  const finance = await tx.query<{ id: string }>("select id::text as id from departments where lower(name) = 'finance' order by id limit 1");
  if (finance.rows[0]) await notify(tx, { departmentId: finance.rows[0].id, title, body, link: commissionLink(id), category: CATEGORY, createdBy: userOf(caller) });
}

/**
 * The whole re-evaluation (`POST /api/commissions/evaluate`): every contract whose reservation names
 * a broker (or the one given) is accrued if it has no line yet and brought in line with its trigger.
 * Running it twice changes nothing the second time.
 */
export async function reevaluateCommissions(engine: EngineContext, tx: Queryable, caller: Caller, notify: DomainNotify | undefined, contractId?: string): Promise<{ contracts: number; accrued: number; changed: number }> {
  const ids = await contractsWithBroker(tx, contractId ?? null);
  let accrued = 0;
  let changed = 0;
  for (const id of ids) {
    if (await accrueCommission(engine, tx, caller, id)) accrued += 1;
    changed += await evaluateCommissions(engine, tx, caller, id, notify);
  }
  return { contracts: ids.length, accrued, changed };
}

const contractOf = async (tx: Queryable, table: 'cheques' | 'receipts', id: string) =>
  (await tx.query<{ contract_id: string | null }>(`select contract_id::text as contract_id from ${table} where id = $1`, [id])).rows[0]?.contract_id ?? null;

const hasLines = async (tx: Queryable, contractId: string) => (await tx.query('select 1 from commissions where contract_id = $1 limit 1', [contractId])).rows.length > 0;

/**
 * The hooks commissions subscribe: their own (no line by hand; approve and pay record who and
 * when), and on contracts (accrued when made; every change of a contract, its paid total or its
 * status, re-evaluates), receipts (a void) and cheques (cleared money, a bounce, a re-deposit).
 */
export function commissionHooks(engine: EngineContext, notify: DomainNotify): Record<string, ResourceHooks> {
  const evaluate = async (tx: Queryable, caller: Caller, contractId: string | null) => {
    if (contractId && (await hasLines(tx, contractId))) await evaluateCommissions(engine, tx, caller, contractId, notify);
  };
  const onCheque = { after: async (tx: Queryable, id: string, _record: unknown, caller: Caller) => evaluate(tx, caller, await contractOf(tx, 'cheques', id)) };
  return {
    commissions: {
      beforeCreate: async (_tx, _extra, caller) => {
        if (caller.source === 'screen' || caller.source === 'api' || caller.source === 'import') {
          throw unprocessable(salesText('commissionNotByHand'));
        }
      },
      actions: {
        approve: {
          before: async (tx, _id, _current, caller) => ({ values: { approvedBy: userOf(caller), approvedOn: await today(tx) } }),
          after: async (tx, id, record, caller) => {
            await tellFinance(tx, notify, caller, id, notice('noticeCommissionApproved', { number: String(record.number) }), notice('noticeCommissionApprovedBody', { amount: formatMoney(String(record.amount)) }));
          },
        },
        pay: {
          before: async (tx, _id, _current, _caller, reason) => ({ values: { paidOn: await today(tx), paymentReference: (reason ?? '').slice(0, 120) } }),
        },
        // The broker returned what was still to recover: it moves from `recoverable` to `recovered`.
        recover: {
          before: async (tx, _id, current, _caller, reason) => ({ values: await recoveryOf(tx, current, toMoney(String(current.recoverable ?? 0)), reason ?? '') }),
        },
      },
    },
    contracts: {
      afterCreate: async (tx, id, _extra, caller) => {
        if (await accrueCommission(engine, tx, caller, id)) await evaluateCommissions(engine, tx, caller, id, notify);
      },
      afterUpdate: async (tx, id, _extra, _changes, caller) => evaluate(tx, caller, id),
    },
    receipts: {
      actions: { void: { after: async (tx, id, _record, caller) => evaluate(tx, caller, await contractOf(tx, 'receipts', id)) } },
    },
    cheques: {
      actions: { clear: onCheque, bounce: onCheque, redeposit: onCheque },
    },
  };
}
