import type { Caller, DomainNotify, EngineContext, ResourceHooks, Rollup } from '@propdesk/records/server';
import { formatMoney } from '@propdesk/records/model';
import { dataWord, unprocessable, type LocalText, type Queryable } from '@propdesk/server-kit';
import { salesText, stateWord } from '../../server/i18n/catalog.js';
import { notice } from '../../server/i18n/notice.js';
import { reservationPayments } from './definition.js';
import { carryReservationPayments } from './carry.server.js';
import { reservationSetupFor } from '../reservations/index.server.js';
import { OPEN_RESERVATION_STATES } from '../reservations/definition.js';
import { RESERVATION_FACTS, reservationFact } from '../reservations/facts.server.js';
import { reservationPaymentLink } from './links.js';

const userOf = (caller: Caller) => caller.auth?.userId ?? null;

/** A reservation's fee paid: the sum of its approved fee payments (kept by the engine, exact in SQL numeric). */
export const reservationFeeRollup: Rollup = {
  target: 'reservations',
  source: reservationPayments.name,
  via: 'reservation',
  label: 'payment',
  compute: async (tx, reservationId) => {
    const rows = await tx.query<{ paid: string }>(
      "select coalesce(sum(amount), 0)::numeric(16, 2)::text as paid from reservation_payments where reservation_id = $1 and status = 'approved' and kind = 'fee'",
      [reservationId],
    );
    return { feePaid: rows.rows[0]?.paid ?? '0.00' };
  },
  // The same sum for many reservations in one query (the engine's batch writes: a bulk publish).
  computeMany: async (tx, reservationIds) => {
    const rows = await tx.query<{ id: string; paid: string }>(
      `select r.id::text as id, coalesce(sum(p.amount), 0)::numeric(16, 2)::text as paid
         from unnest($1::uuid[]) as r(id) left join reservation_payments p on p.reservation_id = r.id and p.status = 'approved' and p.kind = 'fee'
        group by r.id`,
      [reservationIds],
    );
    return new Map(rows.rows.map((row) => [row.id, { feePaid: row.paid }]));
  },
};

/**
 * Reservation payments on the engine: taken only on an open reservation (its row locked, so a cancel
 * cannot slip between); finance's approvers are told of each one recorded, and whoever recorded it of
 * the decision. Approved ones count towards the reservation's fee paid (the roll-up above), and
 * towards its contract's price once it has one (`carryReservationPayments`).
 */
export function reservationPaymentHooks(engine: EngineContext, notify: DomainNotify): ResourceHooks {
  const notifyRecorder = async (tx: Queryable, createdBy: unknown, title: LocalText, body: LocalText | string, id: string, caller: Caller) => {
    if (typeof createdBy === 'string' && createdBy !== userOf(caller)) await notify(tx, { userId: createdBy, title, body, link: reservationPaymentLink(id), category: 'sales', createdBy: userOf(caller) });
  };
  return {
    beforeCreate: async (tx, _extra, _caller, values) => {
      const reservation = await reservationFact(tx, String(values.reservation), { forUpdate: true });
      if (!reservation) throw unprocessable(salesText('noReservation'));
      if (!OPEN_RESERVATION_STATES.includes(reservation.status)) throw unprocessable(salesText('reservationPaymentNotNow', { number: dataWord(reservation.number), status: stateWord('reservations', reservation.status) }));
      if (typeof values.description === 'string' && values.description.trim() !== '') return {};
      return { description: `${values.kind === 'down_payment' ? 'Down payment' : 'Reservation fee'} for ${reservation.number}` };
    },
    afterCreate: async (tx, id, _extra, caller) => {
      const rows = await tx.query<{ number: string; amount: string; status: string; reservation: string; project: string | null }>(
        `select p.number, p.amount::text as amount, p.status, r.number as reservation, r.project_id::text as project
           from reservation_payments p join ${RESERVATION_FACTS} r on r.id = p.reservation_id where p.id = $1`,
        [id],
      );
      const payment = rows.rows[0]!;
      if (payment.status !== 'recorded') return;
      const setup = await reservationSetupFor(tx, payment.project);
      if (setup.approverDepartment) {
        await notify(tx, { departmentId: setup.approverDepartment, title: notice('noticePaymentToApprove', { number: payment.number }), body: notice('noticePaymentToApproveBody', { amount: formatMoney(payment.amount), reservation: payment.reservation }), link: reservationPaymentLink(id), category: 'sales', createdBy: userOf(caller) });
      }
    },
    actions: {
      approve: {
        before: async (_tx, _id, _current, caller) => ({ values: { decidedBy: userOf(caller), decidedAt: new Date().toISOString() } }),
        after: async (tx, id, record, caller) => {
          // Approved after its reservation became a contract: it counts towards the contract's price now.
          await carryReservationPayments(engine, tx, caller, String(record.reservation), id);
          await notifyRecorder(tx, record.createdBy, notice('noticePaymentApproved', { number: String(record.number) }), notice('noticePaymentApprovedBody', { amount: formatMoney(record.amount) }), id, caller);
        },
      },
      reject: {
        before: async (_tx, _id, _current, caller) => ({ values: { decidedBy: userOf(caller), decidedAt: new Date().toISOString() } }),
        after: (tx, id, record, caller, reason) => notifyRecorder(tx, record.createdBy, notice('noticePaymentRejected', { number: String(record.number) }), reason ?? notice('noticeRejected'), id, caller),
      },
    },
  };
}
