import { effectOf, updateMany, updateRecord, type Caller, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { HttpError, dataWord, fieldError, notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import { salesText, salesWord, stateWord } from '../../server/i18n/catalog.js';
import { contracts } from './definition.js';
import { installments } from '../installments/definition.js';
import { reviseSchedule, writeSchedule } from '../installments/index.server.js';
import { lockUnsettledInstallments } from '../installments/facts.server.js';
import { markReservationContracted } from '../reservations/index.server.js';
import { CONTRACTABLE_RESERVATION_STATE } from '../reservations/definition.js';
import { RESERVATION_BUYER_FACTS, RESERVATION_FACTS, reservationFact } from '../reservations/facts.server.js';
import { carryReservationPayments } from '../reservation-payments/index.server.js';
import { CUSTOMER_FACTS, customerFact } from '../leads/facts.server.js';


/** The contract's first step: the configured steps' lowest order (none configured: no step). */
async function firstStep(tx: Queryable): Promise<string | null> {
  const rows = await tx.query<{ id: string }>('select id::text as id from contract_steps where active and not coalesce(is_final, false) order by sort_order, name limit 1');
  return rows.rows[0]?.id ?? null;
}

/** The buyers of a reservation with their shares (none listed: the customer alone, 100%). */
async function buyerParties(tx: Queryable, reservationId: string, customerId: string) {
  const rows = await tx.query<{ customer_id: string; share: string; full_name: string; id_number: string | null }>(
    `select b.customer_id::text as customer_id, b.share::text as share, c.full_name, coalesce(c.national_id, c.passport_no) as id_number
       from ${RESERVATION_BUYER_FACTS} b join ${CUSTOMER_FACTS} c on c.id = b.customer_id where b.reservation_id = $1 order by b.created_on, b.id`,
    [reservationId],
  );
  if (rows.rows.length > 0) {
    return rows.rows.map((row) => ({ role: row.customer_id === customerId ? 'buyer' : 'co_buyer', name: row.full_name, idNumber: row.id_number, share: row.share }));
  }
  const row = await customerFact(tx, customerId);
  return row ? [{ role: 'buyer', name: row.full_name, idNumber: row.id_number, share: '100' }] : [];
}

/**
 * Contracts on the engine: made from a confirmed reservation (locked, so two contracts cannot take
 * one reservation; the unique index on `reservation_id` refuses it too), taking its unit, customer,
 * prices and plan; the reservation and unit turn `contracted` (`markReservationContracted`) and the
 * schedule's version 1 is written as installment rows, in the same transaction, and the reservation's
 * approved payments are carried over to it as receipts (paid towards the price). A new contract
 * date reschedules (version 2, payments carried over). Cancelling closes the open installments and
 * makes the unit available again.
 */
export function contractHooks(engine: EngineContext): ResourceHooks {
  return {
    // The broker of the sale (its reservation's), with every answer: the view names and links it.
    extendRecord: async (db, id) => {
      const rows = await db.query<{ id: string; name: string }>(
        `select b.id::text as id, b.name from contracts c join ${RESERVATION_FACTS} r on r.id = c.reservation_id join brokers b on b.id = r.broker_id where c.id = $1`,
        [id],
      );
      return { broker: rows.rows[0] ?? null };
    },
    onImport: true,
    beforeCreate: async (tx, _extra, _caller, values) => {
      const reservationId = String(values.reservation);
      const reservation = await reservationFact(tx, reservationId, { forUpdate: true });
      if (!reservation) throw notFound(salesText('noReservation'));
      if (reservation.status === 'contracted') {
        const existing = await tx.query<{ number: string }>('select number from contracts where reservation_id = $1', [reservationId]);
        const number = existing.rows[0]?.number;
        if (number) throw new HttpError(409, salesText('contractAlready', { reservation: dataWord(reservation.number), number: dataWord(number) }), { errors: [fieldError('reservation', salesText('contractAlreadyField', { number: dataWord(number) }))] });
      }
      if (reservation.status !== CONTRACTABLE_RESERVATION_STATE) {
        throw unprocessable(salesText('contractFromConfirmed', { number: dataWord(reservation.number), status: stateWord('reservations', reservation.status) }));
      }
      if (!reservation.payment_plan_id || reservation.net_price === null) throw unprocessable(salesText('contractNoPlanOrPrice', { number: dataWord(reservation.number) }));
      const template = await tx.query<{ project_id: string | null; name: string }>('select project_id::text as project_id, name from contract_templates where id = $1', [String(values.template)]);
      const templateRow = template.rows[0];
      if (templateRow?.project_id && templateRow.project_id !== reservation.project_id) {
        throw unprocessable(salesText('contractTemplateOtherProject', { template: dataWord(templateRow.name) }));
      }
      const names = await tx.query<{ unit: string; customer: string }>('select u.code as unit, c.full_name as customer from units u, customers c where u.id = $1 and c.id = $2', [reservation.unit_id, reservation.customer_id]);
      const named = names.rows[0];
      return {
        ...(values.title ? {} : { title: named ? `${named.unit} · ${named.customer}`.slice(0, 160) : reservation.number }),
        unit_id: reservation.unit_id,
        project_id: reservation.project_id,
        customer_id: reservation.customer_id,
        payment_plan_id: reservation.payment_plan_id,
        list_price: reservation.list_price,
        discount_amount: reservation.discount_amount ?? '0',
        net_price: reservation.net_price,
        paid: '0',
        schedule_version: 1,
        status: 'active',
        step_id: await firstStep(tx),
      };
    },
    afterCreate: async (tx, id, _extra, caller) => {
      const rows = await tx.query<{ number: string; reservation_id: string; customer_id: string; net_price: string; payment_plan_id: string; contract_date: string; parties: unknown }>(
        `select number, reservation_id::text as reservation_id, customer_id::text as customer_id, net_price::text as net_price, payment_plan_id::text as payment_plan_id,
                to_char(contract_date, 'YYYY-MM-DD') as contract_date, parties from contracts where id = $1`,
        [id],
      );
      const contract = rows.rows[0]!;
      await markReservationContracted(engine, tx, contract.reservation_id, id, caller);
      await writeSchedule(engine, tx, caller, {
        contractId: id,
        contractNumber: contract.number,
        customerId: contract.customer_id,
        version: 1,
        netPrice: contract.net_price,
        planId: contract.payment_plan_id,
        startDate: contract.contract_date,
      });
      // The money paid on the reservation (its fee, EOI payments carried to it) counts towards the price.
      await carryReservationPayments(engine, tx, caller, contract.reservation_id);
      if (!Array.isArray(contract.parties) || contract.parties.length === 0) {
        const parties = await buyerParties(tx, contract.reservation_id, contract.customer_id);
        await updateRecord(engine, tx, contracts, effectOf(caller), id, { parties }, { ignoreVersion: true, allowReadOnly: true, foldIntoCreate: true });
      }
    },
    beforeUpdate: async (_tx, _id, values, before) => {
      if (values.reservation !== undefined && values.reservation !== before.reservation) throw unprocessable(salesText('contractKeepsReservation'));
    },
    afterUpdate: async (tx, id, _extra, changes, caller) => {
      if (changes.action || changes.before.contractDate === changes.after.contractDate || !changes.after.contractDate) return;
      await reviseSchedule(engine, tx, caller, id, {
        netPrice: String(changes.after.netPrice),
        planId: String(changes.after.paymentPlan),
        startDate: String(changes.after.contractDate),
        reason: `Contract date ${String(changes.before.contractDate)} → ${String(changes.after.contractDate)}`,
      });
    },
    actions: {
      cancel: {
        before: (_tx, _id, _current, _caller, reason) => Promise.resolve({ values: { cancelReason: reason } }),
        after: async (tx, id, record, caller, reason) => {
          // What is not paid is closed, covered rows too (their cheques go back to the drawer).
          const open = await lockUnsettledInstallments(tx, id);
          // All of them in one set-based write, each with its version and history entry.
          await updateMany(engine, tx, installments, effectOf(caller), open.map((rowId) => ({ id: rowId, values: { status: 'cancelled', overdue: false } })), { allowReadOnly: true, action: 'cancel', reason });
          // The sale is off: its reservation ends with it (it said "contracted" for a unit on sale again).
          if (typeof record.reservation === 'string') {
            const why = `${String(record.number)} cancelled: ${reason ?? ''}`.slice(0, 300);
            await updateRecord(engine, tx, engine.registry.get('reservations'), effectOf(caller), record.reservation, { status: 'cancelled', cancelReason: why }, {
              ignoreVersion: true,
              allowReadOnly: true,
              action: 'cancel',
              reason: why,
            });
          }
          if (typeof record.unit === 'string') {
            await updateRecord(engine, tx, engine.registry.get('units'), effectOf(caller), record.unit, { status: 'available' }, {
              ignoreVersion: true,
              allowReadOnly: true,
              action: 'cancel',
              reason: `${String(record.number)} cancelled: ${reason ?? ''}`.slice(0, 300),
            });
          }
        },
      },
    },
  };
}

type StepAction = { id: string; name: string; label: string; from_step_id: string; to_step_id: string; needs_reason: boolean | null; to_name: string; to_final?: boolean | null };

/**
 * The configured actions that start from the contract's current step, in the order a person takes
 * them: the moves forward first, then the moves back (Return), and last the moves into a final step
 * (Signed, then Cancelled: by the steps' order), so Cancel is never the first button.
 */
export async function stepActions(tx: Queryable, contractId: string) {
  const rows = await tx.query<StepAction & { from_name: string }>(
    `select a.id::text as id, a.name, a.label, a.from_step_id::text as from_step_id, a.to_step_id::text as to_step_id, a.needs_reason, t.name as to_name, f.name as from_name,
            coalesce(t.is_final, false) as to_final
       from contracts c join contract_actions a on a.from_step_id = c.step_id and a.active
       join contract_steps t on t.id = a.to_step_id join contract_steps f on f.id = a.from_step_id
      where c.id = $1
      order by case when coalesce(t.is_final, false) then 2 when t.sort_order >= f.sort_order then 0 else 1 end, t.sort_order, a.label, a.name`,
    [contractId],
  );
  return rows.rows.map((row) => ({
    id: row.id,
    name: row.name,
    label: row.label,
    fromStepName: row.from_name,
    toStep: row.to_step_id,
    toStepName: row.to_name,
    toStepFinal: row.to_final === true,
    needsReason: row.needs_reason === true,
  }));
}

/**
 * Moves a contract by a configured contract action: only while it is active and at the action's
 * from-step (422 naming where it is), with a reason where the action needs one; the step change is
 * recorded in the contract's history under the action's name, with the reason.
 */
export async function moveStep(engine: EngineContext, tx: Queryable, caller: Caller, contractId: string, actionId: string, body: { reason?: string | undefined; version?: number | undefined }) {
  const locked = await tx.query<{ number: string; status: string; step_id: string | null; version: number; step_name: string | null }>(
    'select c.number, c.status, c.step_id::text as step_id, c.version, s.name as step_name from contracts c left join contract_steps s on s.id = c.step_id where c.id = $1 for update of c',
    [contractId],
  );
  const contract = locked.rows[0];
  if (!contract) throw notFound(salesText('noContract'));
  const found = await tx.query<StepAction>(
    `select a.id::text as id, a.name, a.label, a.from_step_id::text as from_step_id, a.to_step_id::text as to_step_id, a.needs_reason, t.name as to_name
       from contract_actions a join contract_steps t on t.id = a.to_step_id where a.id = $1 and a.active`,
    [actionId],
  );
  const action = found.rows[0];
  if (!action) throw notFound(salesText('noContractAction'));
  if (contract.status !== 'active') throw unprocessable(salesText('contractActionNotInState', { action: dataWord(action.label), status: stateWord('contracts', contract.status) }));
  if (action.from_step_id !== contract.step_id) {
    throw unprocessable(salesText('contractActionNotAtStep', { action: dataWord(action.label), step: contract.step_name === null ? salesWord('contractNoStep') : dataWord(contract.step_name) }));
  }
  if (body.version !== undefined && body.version !== contract.version) throw unprocessable(salesText('contractChanged'));
  const reason = body.reason?.trim() || null;
  if (action.needs_reason && !reason) throw unprocessable(salesText('contractActionNeedsReason', { action: dataWord(action.label) }));
  return updateRecord(engine, tx, contracts, effectOf(caller), contractId, { step: action.to_step_id }, {
    ignoreVersion: true,
    allowReadOnly: true,
    action: `step: ${action.name}`.slice(0, 60),
    reason: reason ? `${action.label} → ${action.to_name}: ${reason}` : `${action.label} → ${action.to_name}`,
  });
}
