import type { Caller, DomainNotify, EngineContext, ResourceHooks } from '@propdesk/records/server';
import { formatMoney, type RecordRow } from '@propdesk/records/model';
import { badRequest, dataWord, fieldError, notFound, unprocessable, type FieldError, type LocalText, type Queryable } from '@propdesk/server-kit';
import { optionWord, salesText, stateWord } from '../../server/i18n/catalog.js';
import { notice } from '../../server/i18n/notice.js';
import { assertWindowOpen, settleEoi } from '../eois/index.server.js';
import { EOI_FACTS, eoiFact } from '../eois/facts.server.js';
import { EOI_SETUP_FACTS, setupRow } from '../eoi-setups/facts.server.js';
import { eoiPaymentLink as paymentLink } from './links.js';

const CATEGORY = 'sales';
const userOf = (caller: Caller) => caller.auth?.userId ?? null;

type LockedEoi = {
  id: string;
  number: string;
  status: string;
  setup_id: string;
  refund_due: boolean | null;
  /** What is still owed (amount due less payments recorded). */
  owed: string;
  /** Paid less refunds asked, approved or completed: what a new refund may take at most. */
  refundable_amount: string;
  paid: string;
  refunds: string;
};

/** The EOI's row lock and its money; every payment and refund of one EOI queues here. */
async function lockEoi(tx: Queryable, eoiId: string, exceptPayment: string | null): Promise<LockedEoi> {
  const eoi = await eoiFact(tx, eoiId, { forUpdate: true });
  if (!eoi) throw notFound(salesText('noEoi'));
  const rows = await tx.query<Pick<LockedEoi, 'owed' | 'refundable_amount' | 'paid' | 'refunds'>>(
    `select greatest($3::numeric - m.paid, 0)::text as owed, (m.paid - m.refunds)::text as refundable_amount, m.paid::text as paid, m.refunds::text as refunds
       from (select coalesce(sum(p.amount) filter (where p.kind = 'payment' and p.status = 'recorded'), 0) as paid,
                    coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status in ('requested', 'approved', 'completed')), 0) as refunds
               from eoi_payments p where p.eoi_id = $1 and ($2::uuid is null or p.id <> $2::uuid)) m`,
    [eoiId, exceptPayment, eoi.amount_due ?? '0'],
  );
  return { id: eoi.id, number: eoi.number, status: eoi.status, setup_id: eoi.setup_id, refund_due: eoi.refund_due, ...rows.rows[0]! };
}

/** The payment method's own rules: a reference, a bank, a cheque's number and date. */
async function assertMethodRules(tx: Queryable, values: Readonly<Record<string, unknown>>) {
  if (typeof values.method !== 'string' || !values.method) throw badRequest('Validation failed', [fieldError('method', salesText('eoiPaymentMethod'))]);
  const rows = await tx.query<{ name: string; kind: string; requires_reference: boolean | null; requires_bank: boolean | null }>(
    'select name, kind, requires_reference, requires_bank from payment_methods where id = $1',
    [values.method],
  );
  const method = rows.rows[0];
  if (!method) return;
  const problems: FieldError[] = [];
  if ((method.requires_reference || method.kind === 'bank_transfer') && !values.reference) problems.push(fieldError('reference', salesText('eoiPaymentNeedsReference', { method: dataWord(method.name) })));
  if ((method.requires_bank || method.kind === 'cheque' || method.kind === 'bank_transfer') && !values.bank) problems.push(fieldError('bank', salesText('eoiPaymentNeedsBank', { method: dataWord(method.name) })));
  if (method.kind === 'cheque' && !values.chequeNumber) problems.push(fieldError('chequeNumber', salesText('eoiPaymentChequeNumber')));
  if (method.kind === 'cheque' && !values.chequeDate) problems.push(fieldError('chequeDate', salesText('eoiPaymentChequeDate')));
  if (problems.length > 0) throw badRequest('Validation failed', problems);
}

const more = (a: string, b: string) => Number(a) > Number(b);

/** A payment in: on a submitted EOI of an open window, never more than still owed. */
async function checkPayment(tx: Queryable, eoi: LockedEoi, amount: string) {
  if (eoi.status !== 'submitted') throw unprocessable(salesText('eoiPaymentOnlySubmitted', { number: dataWord(eoi.number), status: stateWord('eois', eoi.status) }));
  assertWindowOpen((await setupRow(tx, eoi.setup_id, 'for share'))!);
  if (more(amount, eoi.owed)) throw unprocessable(salesText('eoiPaymentTooMuch', { number: dataWord(eoi.number), owed: dataWord(formatMoney(eoi.owed)), amount: dataWord(formatMoney(amount)) }));
}

/** A refund out: never more than paid less what is refunded or asked already; only where the launch allows it. */
async function checkRefund(tx: Queryable, eoi: LockedEoi, amount: string) {
  if (!['submitted', 'paid', 'cancelled', 'expired'].includes(eoi.status)) throw unprocessable(salesText('eoiRefundNotNow', { number: dataWord(eoi.number), status: stateWord('eois', eoi.status) }));
  const setup = (await setupRow(tx, eoi.setup_id))!;
  // Money of an EOI that cannot go on (cancelled, expired, left without a unit) always goes back.
  if (setup.refundable === false && eoi.status !== 'cancelled' && eoi.status !== 'expired' && !eoi.refund_due) throw unprocessable(salesText('eoiNotRefundable', { setup: dataWord(setup.name) }));
  if (more(amount, eoi.refundable_amount)) {
    throw unprocessable(salesText('eoiRefundTooMuch', { max: dataWord(formatMoney(eoi.refundable_amount)), number: dataWord(eoi.number), paid: dataWord(formatMoney(eoi.paid)), refunds: dataWord(formatMoney(eoi.refunds)) }));
  }
}

/**
 * EOI payments and refunds on the engine. A payment is `recorded` at once, under the EOI's row lock,
 * and settles the EOI (paid with its token when the amount is reached). A refund is `requested`
 * (its launch's refund approvers told), approved or rejected (the requester told), and `completed`
 * with the bank transfer reference, which settles the EOI (refunded when all of it went back).
 */
export function eoiPaymentHooks(engine: EngineContext, notify: DomainNotify): ResourceHooks {
  const tellRequester = async (tx: Queryable, record: RecordRow, title: LocalText, body: LocalText | string, caller: Caller) => {
    const requester = typeof record.createdBy === 'string' ? record.createdBy : null;
    if (requester && requester !== userOf(caller)) await notify(tx, { userId: requester, title, body, link: paymentLink(record.id), category: CATEGORY, createdBy: userOf(caller) });
  };
  return {
    beforeCreate: async (tx, _extra, _caller, values) => {
      const eoi = await lockEoi(tx, String(values.eoi), null);
      const amount = String(values.amount);
      if (values.kind === 'refund') {
        await checkRefund(tx, eoi, amount);
        return { status: 'requested' };
      }
      await checkPayment(tx, eoi, amount);
      await assertMethodRules(tx, values);
      return { status: 'recorded' };
    },
    afterCreate: async (tx, id, _extra, caller) => {
      const rows = await tx.query<{ eoi_id: string; kind: string; number: string; amount: string; eoi_number: string; department: string | null }>(
        `select p.eoi_id::text as eoi_id, p.kind, p.number, p.amount::text as amount, e.number as eoi_number, s.approver_department_id::text as department
           from eoi_payments p join ${EOI_FACTS} e on e.id = p.eoi_id join ${EOI_SETUP_FACTS} s on s.id = e.setup_id where p.id = $1`,
        [id],
      );
      const payment = rows.rows[0]!;
      if (payment.kind === 'payment') {
        await settleEoi(engine, tx, caller, payment.eoi_id);
        return;
      }
      if (payment.department) {
        await notify(tx, {
          departmentId: payment.department,
          title: notice('noticeRefundRequested', { eoi: String(payment.eoi_number), number: String(payment.number) }),
          body: notice('noticeRefundRequestedBody', { amount: formatMoney(payment.amount) }),
          link: paymentLink(id),
          category: CATEGORY,
          createdBy: userOf(caller),
        });
      }
    },
    beforeUpdate: async (tx, id, values, before) => {
      if (values.kind !== undefined && values.kind !== before.kind) throw unprocessable(salesText('eoiPaymentKindFixed', { number: dataWord(before.number), kind: optionWord('eoi-payments', 'kind', before.kind), other: optionWord('eoi-payments', 'kind', values.kind) }));
      if (values.eoi !== undefined && values.eoi !== before.eoi) throw unprocessable(salesText('eoiPaymentEoiFixed', { number: dataWord(before.number) }));
      const merged = { ...before, ...values };
      const eoi = await lockEoi(tx, String(before.eoi), id);
      if (before.kind === 'refund') await checkRefund(tx, eoi, String(merged.amount));
      else {
        await checkPayment(tx, eoi, String(merged.amount));
        await assertMethodRules(tx, merged);
      }
    },
    afterUpdate: async (tx, _id, _extra, changes, caller) => {
      if (changes.after.kind === 'payment' && changes.action === undefined) await settleEoi(engine, tx, caller, String(changes.after.eoi));
    },
    beforeDelete: async (tx, id) => {
      const rows = await tx.query<{ eoi_id: string; kind: string }>('select eoi_id::text as eoi_id, kind from eoi_payments where id = $1', [id]);
      const payment = rows.rows[0];
      if (!payment || payment.kind !== 'payment') return;
      const eoi = await lockEoi(tx, payment.eoi_id, id);
      if (eoi.status !== 'submitted') throw unprocessable(salesText('eoiPaymentTakeBack', { number: dataWord(eoi.number), status: stateWord('eois', eoi.status) }));
    },
    afterDelete: async (tx, _id, before, caller) => {
      if (before.kind === 'payment') await settleEoi(engine, tx, caller, String(before.eoi));
    },
    actions: {
      approve: {
        before: async (tx, _id, current, caller) => {
          const eoi = await lockEoi(tx, String(current.eoi), current.id);
          await checkRefund(tx, eoi, String(current.amount));
          return { values: { decidedBy: userOf(caller), decidedAt: new Date().toISOString() } };
        },
        after: (tx, _id, record, caller) => tellRequester(tx, record, notice('noticeRefundApproved', { number: String(record.number) }), notice('noticeRefundApprovedBody', { amount: formatMoney(record.amount) }), caller),
      },
      reject: {
        before: async (_tx, _id, _current, caller) => ({ values: { decidedBy: userOf(caller), decidedAt: new Date().toISOString() } }),
        after: (tx, _id, record, caller, reason) => tellRequester(tx, record, notice('noticeRefundRejected', { number: String(record.number) }), reason ?? notice('noticeRejected'), caller),
      },
      complete: {
        before: async (tx, _id, current, _caller, reason) => {
          await lockEoi(tx, String(current.eoi), current.id);
          return { values: { transferReference: (reason ?? '').slice(0, 60) } };
        },
        after: async (tx, _id, record, caller) => {
          await settleEoi(engine, tx, caller, String(record.eoi), 'refund');
          await tellRequester(tx, record, notice('noticeRefundPaid', { number: String(record.number) }), notice('noticeRefundPaidBody', { reference: String(record.transferReference) }), caller);
        },
      },
    },
  };
}
