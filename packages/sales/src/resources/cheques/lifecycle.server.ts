import { formatMoney } from '@propdesk/finance';
import { formatDate, formatMoney as displayMoney } from '@propdesk/records/model';
import { createRecord, effectOf, fieldWord, updateRecord, type Caller, type DomainNotify, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { badRequest, dataWord, fieldError, unprocessable, type LocalText, type Migration, type Queryable } from '@propdesk/server-kit';
import { salesText, salesWord, stateWord } from '../../server/i18n/catalog.js';
import { notice } from '../../server/i18n/notice.js';
import { cheques } from './definition.js';
import { bounceChargeOf } from '../collection-settings/facts.server.js';
import { installments } from '../installments/definition.js';
import { settleInstallments } from '../installments/index.server.js';
import { ISSUED_RECEIPT_STATE, receipts } from '../receipts/definition.js';
import { lockedReceiptState, receiptInstallments } from '../receipts/facts.server.js';
import { clearAllocations, reverseAllocations } from '../receipts/index.server.js';
import { contractFact, lockedContract } from '../contracts/facts.server.js';
import { nextInstallmentSeq } from '../installments/facts.server.js';
import { bouncedChequeLink } from './links.js';

/**
 * One cheque per (bank, number); the deposit calendar reads open cheques by due date. The bounce
 * charge was a side table here (`cheque_bounce_charges`); it is now each project's collection
 * settings (an engine resource), and the table is only read once to move what it held
 * (`moveBounceCharges`).
 */
export const chequeMigrations: Migration[] = [
  {
    id: 'sales/0401_cheques',
    up: `
      create unique index cheques_bank_number on cheques (bank_id, number);
      create index cheques_to_deposit on cheques (due_date) where status = 'received';
      create table cheque_bounce_charges (
        project_id uuid primary key references projects (id) on delete cascade,
        amount numeric(15, 2) not null check (amount > 0),
        updated_on timestamptz not null default now()
      );
    `,
  },
];

const CATEGORY = 'cheques';
const chequeLink = bouncedChequeLink;
const userOf = (caller: Caller) => caller.auth?.userId ?? null;

type ChequeFacts = { number: string; amount: string; customer_id: string; contract_id: string | null; bank: string; status: string; received_on: string | null };

const factsOf = async (tx: Queryable, id: string) =>
  (
    await tx.query<ChequeFacts>(
      `select c.number, c.amount::text as amount, c.customer_id::text as customer_id, c.contract_id::text as contract_id, coalesce(b.code, b.name, '') as bank, c.status,
              to_char(c.received_on, 'YYYY-MM-DD') as received_on
         from cheques c left join banks b on b.id = c.bank_id where c.id = $1`,
      [id],
    )
  ).rows[0]!;

const today = async (tx: Queryable) => (await tx.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).rows[0]!.d;

/**
 * Issues the cheque's receipt (method cheque), allocated oldest due first, and links it: dated the day
 * the cheque was received when it is first recorded, today when a bounced one is re-deposited.
 */
async function issueReceipt(engine: EngineContext, tx: Queryable, caller: Caller, id: string, when: 'received' | 'today') {
  const cheque = await factsOf(tx, id);
  const receipt = await createRecord(engine, tx, receipts, effectOf(caller), {
    customer: cheque.customer_id,
    contract: cheque.contract_id,
    receiptDate: when === 'received' && cheque.received_on ? cheque.received_on : await today(tx),
    method: 'cheque',
    reference: `${cheque.bank} ${cheque.number}`.trim().slice(0, 80),
    amount: cheque.amount,
  }, {}, { workflow: true });
  await updateRecord(engine, tx, cheques, effectOf(caller), id, { receipt: receipt.id }, { ignoreVersion: true, allowReadOnly: true, action: 'receipt' });
  // The receipt allocated before the cheque named it: settle again so the rows it covers take the cheque's date.
  await settleInstallments(engine, tx, caller, await receiptInstallments(tx, receipt.id));
}

/**
 * What the deposit dialog says of a received cheque: whether its date is still to come (the bank
 * refuses it until then, so depositing it now needs a reason), in a person's words.
 */
async function depositNoteOf(tx: Queryable, id: string): Promise<{ depositEarly: boolean; depositNote: string }> {
  const rows = await tx.query<{ due_date: string; days: number }>("select to_char(due_date, 'YYYY-MM-DD') as due_date, (due_date - current_date)::int as days from cheques where id = $1", [id]);
  const row = rows.rows[0];
  if (!row) return { depositEarly: false, depositNote: '' };
  if (row.days <= 0) return { depositEarly: false, depositNote: `It is dated ${formatDate(row.due_date)}: the bank takes it.` };
  const when = row.days === 1 ? 'tomorrow' : `in ${row.days} days`;
  return {
    depositEarly: true,
    depositNote: `It is dated ${formatDate(row.due_date)} (${when}): the bank will not take it before then. To deposit it now, give the reason; it is kept in the history.`,
  };
}

/** The bounced reason the action's reason names (its name, or its name then ": a note", or its id). */
async function bouncedReasonOf(tx: Queryable, reason: string): Promise<string> {
  const rows = await tx.query<{ id: string; name: string }>('select id::text as id, name from bounced_reasons where active order by name');
  const text = reason.trim().toLowerCase();
  const match = rows.rows.find((row) => row.id === text || text === row.name.toLowerCase() || text.startsWith(`${row.name.toLowerCase()}:`));
  if (!match) {
    const names = rows.rows.map((row) => row.name).join(', ');
    throw badRequest('Validation failed', [fieldError('reason', salesText('chequeNameBouncedReason', { reasons: names ? dataWord(names) : salesWord('chequeNoBouncedReasons') }))]);
  }
  return match.id;
}

/**
 * The project's bounce charge (its collection settings, read as the bounce dialog read them), as a fee
 * row at the end of the contract's current schedule. Answers the row and its amount, or null when the
 * project has none.
 */
async function chargeBounce(engine: EngineContext, tx: Queryable, caller: Caller, contractId: string, chequeNumber: string, dueDate: string): Promise<{ id: string; amount: string } | null> {
  const contract = await lockedContract(tx, contractId);
  const charge = await bounceChargeOf(tx, contractId);
  if (!contract || !charge.amount) return null;
  const seq = await nextInstallmentSeq(tx, contractId, contract.schedule_version);
  const fee = await createRecord(engine, tx, installments, effectOf(caller), {
    label: `${contract.number} bounce charge ${chequeNumber}`.slice(0, 60),
    contract: contractId,
    scheduleVersion: contract.schedule_version,
    seq,
    kind: 'fee',
    dueDate,
    amount: charge.amount,
    paid: '0.00',
    covered: '0.00',
    status: 'open',
    overdue: false,
    customer: contract.customer_id,
  }, {}, { workflow: true });
  await settleInstallments(engine, tx, caller, [fee.id]);
  return { id: fee.id, amount: charge.amount };
}

/**
 * Cheques on the engine: receiving one issues its receipt; a cheque naming the bounced one it
 * replaces turns that one `replaced` (under its row lock, so two replacements of one cheque cannot
 * both succeed); amounts, customers and contracts do not change once the receipt is out.
 */
export function chequeHooks(engine: EngineContext, notify: DomainNotify): ResourceHooks {
  const tell = async (tx: Queryable, id: string, title: LocalText, body: LocalText, caller: Caller, contractId: string | null) => {
    const finance = await tx.query<{ id: string }>("select id::text as id from departments where lower(name) = 'finance' order by id limit 1");
    if (finance.rows[0]) await notify(tx, { departmentId: finance.rows[0].id, title, body, link: chequeLink(id), category: CATEGORY, createdBy: userOf(caller) });
    if (!contractId) return;
    const agentId = (await contractFact(tx, contractId))?.agent_id;
    if (agentId && agentId !== userOf(caller)) await notify(tx, { userId: agentId, title, body, link: chequeLink(id), category: CATEGORY, createdBy: userOf(caller) });
  };

  return {
    // What its action dialogs say: whether it can be deposited yet, and what a bounce would charge.
    extendRecord: async (db, id) => {
      const contract = (await db.query<{ contract_id: string | null }>('select contract_id::text as contract_id from cheques where id = $1', [id])).rows[0];
      if (!contract) return {};
      const charge = await bounceChargeOf(db, contract.contract_id);
      return { ...(await depositNoteOf(db, id)), bounceChargeNote: charge.note };
    },
    beforeCreate: async (tx, _extra, _caller, values) => {
      // Received today unless an earlier day is given; never a day still to come.
      const on = await today(tx);
      if (typeof values.receivedOn === 'string' && values.receivedOn > on) {
        throw badRequest('Validation failed', [fieldError('receivedOn', salesText('chequeReceivedByToday'))]);
      }
      const received = typeof values.receivedOn === 'string' ? {} : { received_on: on };
      if (values.title) return received;
      const bank = await tx.query<{ code: string | null; name: string }>('select code, name from banks where id = $1', [String(values.bank)]);
      const name = bank.rows[0]?.code ?? bank.rows[0]?.name ?? 'Cheque';
      return { ...received, title: `${name} ${String(values.number)} · ${formatMoney(String(values.amount))}`.slice(0, 160) };
    },
    afterCreate: async (tx, id, _extra, caller) => {
      const replaces = await tx.query<{ replaces_id: string | null; customer_id: string }>('select replaces_id::text as replaces_id, customer_id::text as customer_id from cheques where id = $1', [id]);
      const old = replaces.rows[0]?.replaces_id;
      if (old) {
        const locked = await tx.query<{ number: string; status: string; customer_id: string }>('select number, status, customer_id::text as customer_id from cheques where id = $1 for update', [old]);
        const row = locked.rows[0];
        if (!row) throw badRequest('Validation failed', [fieldError('replaces', salesText('noCheque'))]);
        if (row.status !== 'bounced') throw unprocessable(salesText('chequeReplacesOnlyBounced', { number: dataWord(row.number), status: stateWord('cheques', row.status) }));
        if (row.customer_id !== replaces.rows[0]!.customer_id) throw badRequest('Validation failed', [fieldError('replaces', salesText('chequeOtherCustomer', { number: dataWord(row.number) }))]);
        await updateRecord(engine, tx, cheques, effectOf(caller), old, { status: 'replaced', replacement: id }, { ignoreVersion: true, allowReadOnly: true, action: 'replace' });
      }
      await issueReceipt(engine, tx, caller, id, 'received');
    },
    beforeUpdate: async (_tx, _id, values, before) => {
      for (const name of ['customer', 'contract', 'amount', 'replaces', 'receivedOn'] as const) {
        const changed = values[name] !== undefined && String(values[name] ?? '') !== String(before[name] ?? '');
        if (changed && !(name === 'amount' && Number.isFinite(Number(values[name])) && formatMoney(String(values[name])) === formatMoney(String(before[name])))) {
          throw unprocessable(salesText('chequeFieldFixed', { field: fieldWord(cheques, name, true) }));
        }
      }
    },
    actions: {
      deposit: {
        // The bank takes a cheque from its date on: before it, only with finance's reason (kept in the history).
        before: async (tx, id, current, _caller, reason) => {
          const note = await depositNoteOf(tx, id);
          if (note.depositEarly && !reason) {
            throw unprocessable(salesText('chequeDepositEarly', { number: dataWord(current.number), date: dataWord(formatDate(current.dueDate)) }));
          }
          return { values: { depositedOn: await today(tx) } };
        },
      },
      clear: {
        before: async (tx) => ({ values: { clearedOn: await today(tx) } }),
        // Cleared money: what its receipt covered is paid now.
        after: async (tx, _id, record, caller, reason) => {
          if (typeof record.receipt === 'string') await clearAllocations(engine, tx, caller, record.receipt, reason);
        },
      },
      bounce: {
        before: async (tx, _id, current, _caller, reason) => {
          const bounceReason = await bouncedReasonOf(tx, reason ?? '');
          // The contract first, then its installments (as a receipt's settle does): a receipt being
          // written holds a key-share lock on the contract, so taking its installments first could
          // deadlock with it on PostgreSQL; this way the bounce waits for the receipt or the receipt for it.
          if (typeof current.contract === 'string') await lockedContract(tx, current.contract);
          return { values: { bounceReason, bouncedOn: await today(tx) } };
        },
        after: async (tx, id, record, caller, reason) => {
          const cheque = await factsOf(tx, id);
          const receiptId = typeof record.receipt === 'string' ? record.receipt : null;
          let reopened: string[] = [];
          if (receiptId) {
            const receiptState = await lockedReceiptState(tx, receiptId);
            reopened = await reverseAllocations(engine, tx, caller, receiptId, 'bounce', reason);
            if (receiptState === ISSUED_RECEIPT_STATE) {
              await updateRecord(engine, tx, receipts, effectOf(caller), receiptId, { status: 'void', voidReason: `Cheque ${cheque.number} bounced: ${reason ?? ''}`.slice(0, 300) }, { ignoreVersion: true, allowReadOnly: true, action: 'bounce', reason });
            }
          }
          const fee = cheque.contract_id ? await chargeBounce(engine, tx, caller, cheque.contract_id, cheque.number, await today(tx)) : null;
          if (fee) await updateRecord(engine, tx, cheques, effectOf(caller), id, { bounceFee: fee.id }, { ignoreVersion: true, allowReadOnly: true, action: 'bounceCharge', reason: `${displayMoney(fee.amount)} added` });
          const facts = { amount: displayMoney(cheque.amount), reason: reason ?? '', count: reopened.length, shown: String(reopened.length) };
          const body = fee ? notice('noticeChequeBouncedCharged', { ...facts, fee: displayMoney(fee.amount) }) : notice('noticeChequeBouncedNoCharge', facts);
          await tell(tx, id, notice('noticeChequeBounced', { bank: String(cheque.bank), number: String(cheque.number) }), body, caller, cheque.contract_id);
        },
      },
      redeposit: {
        before: async (tx) => ({ values: { depositedOn: await today(tx), clearedOn: null } }),
        // Expected money again: a new receipt covers what is open now, oldest due first, and pays it when the cheque clears.
        after: (tx, id, _record, caller) => issueReceipt(engine, tx, caller, id, 'today'),
      },
    },
  };
}
