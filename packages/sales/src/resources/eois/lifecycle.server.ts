import { createRecord, effectOf, updateRecord, type Caller, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import { badRequest, dataWord, fieldError, notFound, unprocessable, type Migration, type Queryable, type Word } from '@propdesk/server-kit';
import { counted, salesText, salesWord, stateWord } from '../../server/i18n/catalog.js';
import { customers } from '../../model/definitions.js';
import { isNationalIdForm } from '../../model/phones.js';
import { eois } from './definition.js';
import { whenWord } from '../unit-claims/index.server.js';
import { setupRow, type SetupRow } from '../eoi-setups/facts.server.js';
import { COMPLETED_REFUND_STATE, COUNTED_EOI_PAYMENT_STATE, EOI_PAYMENT_KIND } from '../eoi-payments/definition.js';
import { EOI_PAYMENT_FACTS } from '../eoi-payments/facts.server.js';
import { CUSTOMER_FACTS, customerFact, leadFacts } from '../leads/facts.server.js';

/** States whose EOIs count against a customer's maximum in a launch. */
export const LIVE_EOI_STATES = ['draft', 'submitted', 'paid', 'allocated'] as const;

/**
 * The token sequence per launch: one counter row per launch, taken with an upsert (its row lock holds
 * until the paying transaction ends, so concurrent payments queue and a rollback returns the number),
 * and the database's unique index on (launch, token) as the last word.
 */
export const eoiMigrations: Migration[] = [
  {
    id: 'sales/0301_eoi_tokens',
    up: `
      create table eoi_token_counters (
        setup_id uuid primary key references eoi_setups (id) on delete cascade,
        last integer not null
      );
      create unique index eois_setup_token_key on eois (setup_id, token) where token is not null;
      create index eois_setup_status_token_idx on eois (setup_id, status, token);
      create index eoi_payments_eoi_kind_idx on eoi_payments (eoi_id, kind, status);
    `,
  },
];

/** Refuses (422) when the launch's window is not open now, saying when it opens or closed. */
export function assertWindowOpen(setup: SetupRow) {
  if (setup.status !== 'open' || setup.closed) throw unprocessable(salesText('eoiWindowClosed', { setup: dataWord(setup.name), when: whenWord(setup.closes_at) }));
  if (!setup.opened) throw unprocessable(salesText('eoiWindowOpens', { setup: dataWord(setup.name), when: whenWord(setup.opens_at) }));
}

/** The amount an EOI owes: its first preference's unit type where the launch names one, else the launch's amount. */
export function amountFor(setup: Pick<SetupRow, 'amount' | 'amounts'>, preferences: unknown): string {
  const first = Array.isArray(preferences) ? (preferences[0] as Record<string, unknown> | undefined) : undefined;
  const type = typeof first?.unitType === 'string' ? first.unitType.trim().toLowerCase() : '';
  const row = type ? (setup.amounts ?? []).find((entry) => String(entry.unitType ?? '').trim().toLowerCase() === type) : undefined;
  return row?.amount !== undefined ? String(row.amount) : setup.amount;
}

/** Refuses unit type names that are not unit types (422 naming them). */
export async function assertUnitTypes(tx: Queryable, names: readonly string[], field: string) {
  const wanted = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  if (wanted.length === 0) return;
  const found = await tx.query<{ name: string }>('select lower(name) as name from unit_types where lower(name) = any($1::text[])', [wanted.map((name) => name.toLowerCase())]);
  const known = new Set(found.rows.map((row) => row.name));
  const unknown = wanted.filter((name) => !known.has(name.toLowerCase()));
  if (unknown.length > 0) throw badRequest('Validation failed', [fieldError(field, salesText('eoiNotUnitType', { names: dataWord(unknown.join(', ')) }))]);
}

const preferenceTypes = (preferences: unknown) =>
  (Array.isArray(preferences) ? (preferences as Record<string, unknown>[]) : []).map((row) => (typeof row?.unitType === 'string' ? row.unitType : '')).filter(Boolean);

/**
 * Refuses a customer's EOI beyond the launch's maximum, naming it. One customer's EOIs in a launch
 * queue on an advisory lock, so two made at once cannot both pass the count.
 */
export async function assertCustomerRoom(tx: Queryable, setup: SetupRow, customerId: string, exceptId: string | null) {
  await tx.query("select pg_advisory_xact_lock(hashtext('sales.eoi-customer'), hashtext($1))", [`${setup.id}:${customerId}`]);
  const rows = await tx.query<{ n: number; name: string | null }>(
    `select (select count(*)::int from eois where setup_id = $1 and customer_id = $2 and status = any($3::text[]) and ($4::uuid is null or id <> $4::uuid)) as n,
            (select c.full_name from ${CUSTOMER_FACTS} c where c.id = $2) as name`,
    [setup.id, customerId, [...LIVE_EOI_STATES], exceptId],
  );
  const { n, name } = rows.rows[0]!;
  if (n >= setup.max_eois_per_customer) {
    throw unprocessable(salesText('eoiCustomerMax', { ...counted(setup.max_eois_per_customer), setup: dataWord(setup.name), name: name === null ? salesWord('eoiThisCustomer') : dataWord(name), has: String(n) }));
  }
}

/** The EOI's customer: the one chosen, else the lead's, else one made from the lead now (the link kept both ways). */
async function customerFor(engine: EngineContext, tx: Queryable, caller: Caller, values: Readonly<Record<string, unknown>>): Promise<string> {
  if (typeof values.customer === 'string' && values.customer) return values.customer;
  const leadId = String(values.lead);
  const lead = (await leadFacts(tx, [leadId], { forUpdate: true })).get(leadId);
  if (!lead) throw notFound(salesText('noLead'));
  if (lead.customer_id) return lead.customer_id;
  const idNumber = typeof values.customerIdNumber === 'string' ? values.customerIdNumber.trim() : '';
  if (!idNumber) throw badRequest('Validation failed', [fieldError('customerIdNumber', salesText('eoiLeadNeedsId'))]);
  if (!lead.phone) throw badRequest('Validation failed', [fieldError('lead', salesText('eoiLeadNoPhone'))]);
  const customer = await createRecord(engine, tx, customers, effectOf(caller), {
    kind: 'individual',
    fullName: lead.full_name,
    phone: lead.phone,
    ...(lead.email ? { email: lead.email } : {}),
    ...(lead.nationality_id ? { nationality: lead.nationality_id } : {}),
    ...(isNationalIdForm(idNumber) ? { nationalId: idNumber } : { passportNo: idNumber }),
    lead: leadId,
  });
  await updateRecord(engine, tx, engine.registry.get('leads'), effectOf(caller), leadId, { customer: customer.id }, { ignoreVersion: true, allowReadOnly: true, action: 'convert', reason: 'Made a customer for an EOI' });
  return customer.id;
}

const customerName = async (tx: Queryable, id: string) => (await customerFact(tx, id))?.full_name ?? 'Customer';

type Money = { paid: string; refunded: string; covered: boolean; fully_refunded: boolean };

/**
 * Brings an EOI's paid and refunded amounts up to date from its payments and, when a submitted EOI's
 * payments reach its amount, makes it `paid` with the launch's next token. The EOI row is locked
 * first, then the launch's counter row: the token order is the order in which EOIs became paid, with
 * no gap (a rolled-back payment returns its number with the counter's update).
 */
export async function settleEoi(engine: EngineContext, tx: Queryable, caller: Caller, eoiId: string, action = 'payment') {
  const rows = await tx.query<{ status: string; setup_id: string; token: number | null; paid_amount: string; refunded_amount: string } & Money>(
    `select e.status, e.setup_id::text as setup_id, e.token, e.paid_amount::text as paid_amount, e.refunded_amount::text as refunded_amount, m.paid::text as paid, m.refunded::text as refunded,
            m.paid >= coalesce(e.amount_due, 0) and m.paid > 0 as covered, m.refunded >= m.paid and m.paid > 0 as fully_refunded
       from eois e,
            lateral (select coalesce(sum(p.amount) filter (where p.kind = $2 and p.status = $3), 0) as paid,
                            coalesce(sum(p.amount) filter (where p.kind = $4 and p.status = $5), 0) as refunded
                       from ${EOI_PAYMENT_FACTS} p where p.eoi_id = e.id) m
      where e.id = $1 for update of e`,
    [eoiId, EOI_PAYMENT_KIND.payment, COUNTED_EOI_PAYMENT_STATE, EOI_PAYMENT_KIND.refund, COMPLETED_REFUND_STATE],
  );
  const eoi = rows.rows[0];
  if (!eoi) throw notFound(salesText('noEoi'));
  const patch: Record<string, unknown> = {};
  if (Number(eoi.paid) !== Number(eoi.paid_amount)) patch.paidAmount = eoi.paid;
  if (Number(eoi.refunded) !== Number(eoi.refunded_amount)) patch.refundedAmount = eoi.refunded;
  let reason: string | null = null;
  if (eoi.status === 'submitted' && eoi.covered && eoi.token === null) {
    const counter = await tx.query<{ last: number }>(
      `insert into eoi_token_counters (setup_id, last) values ($1, 1)
       on conflict (setup_id) do update set last = eoi_token_counters.last + 1 returning last`,
      [eoi.setup_id],
    );
    const prefix = (await setupRow(tx, eoi.setup_id))?.token_prefix;
    const token = counter.rows[0]!.last;
    Object.assign(patch, { status: 'paid', token, tokenLabel: `${prefix ?? 'T'}-${String(token).padStart(4, '0')}`, paidAt: new Date().toISOString() });
    action = 'pay';
    reason = `Paid in full: token ${token}`;
  } else if (eoi.fully_refunded && ['submitted', 'paid', 'cancelled', 'expired'].includes(eoi.status)) {
    Object.assign(patch, { status: 'refunded', refundDue: false });
    action = 'refund';
    reason = 'Refunded in full';
  }
  if (Object.keys(patch).length === 0) return null;
  return updateRecord(engine, tx, eois, effectOf(caller), eoiId, patch, { ignoreVersion: true, allowReadOnly: true, action, reason });
}

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
 * EOIs on the engine: the project, customer and amount due are the server's; an EOI is made only while
 * its launch's window is open and within the launch's maximum per customer; a customer may be made
 * from a lead on the spot. Submitting needs the window open; cancelling puts money already paid in the
 * refund queue. Payments, tokens and refunds are `eoi-payments`' (see `settleEoi`).
 */
export function eoiHooks(engine: EngineContext): ResourceHooks {
  return {
    beforeCreate: async (tx, _extra, caller, values) => {
      const setup = await setupRow(tx, String(values.setup), 'for share');
      if (!setup) throw notFound(salesText('noEoiSetup'));
      assertWindowOpen(setup);
      await assertUnitTypes(tx, preferenceTypes(values.preferences), 'preferences');
      const customerId = await customerFor(engine, tx, caller, values);
      await assertCustomerRoom(tx, setup, customerId, null);
      // The ID number only makes the customer; it is not kept on the EOI.
      const title = typeof values.title === 'string' && values.title.trim() ? values.title : `${await customerName(tx, customerId)} — ${setup.name}`.slice(0, 160);
      return { title, project_id: setup.project_id, customer_id: customerId, customer_id_number: null, amount_due: amountFor(setup, values.preferences), paid_amount: 0, refunded_amount: 0 };
    },
    beforeUpdate: async (tx, id, values, before) => {
      const added: Record<string, unknown> = {};
      if (values.setup !== undefined && values.setup !== before.setup) throw unprocessable(salesText('eoiLaunchFixed', { number: dataWord(before.number) }));
      const setup = (await setupRow(tx, String(before.setup), 'for share'))!;
      if (values.preferences !== undefined) {
        await assertUnitTypes(tx, preferenceTypes(values.preferences), 'preferences');
        if (before.status === 'draft' || before.status === 'submitted') added.amountDue = amountFor(setup, values.preferences);
      }
      if (typeof values.customer === 'string' && values.customer && values.customer !== before.customer) await assertCustomerRoom(tx, setup, values.customer, id);
      if (values.customerIdNumber !== undefined) added.customerIdNumber = null;
      return added;
    },
    afterUpdate: async (tx, id, _extra, changes, caller) => {
      // A lower amount due may be met already by the payments taken.
      if (changes.action === undefined && changes.before.amountDue !== changes.after.amountDue && changes.after.status === 'submitted') await settleEoi(engine, tx, caller, id, 'amount');
    },
    actions: {
      submit: {
        before: async (tx, _id, current) => {
          const setup = (await setupRow(tx, String(current.setup), 'for share'))!;
          assertWindowOpen(setup);
        },
      },
      cancel: {
        before: async (_tx, _id, current) => ({ values: { refundDue: Number(current.paidAmount ?? 0) > Number(current.refundedAmount ?? 0) } }),
      },
    },
  };
}

/** Refuses (422 naming the state) an EOI that is not in one of the given states. */
export function assertEoiState(eoi: Pick<RecordRow, 'number' | 'status'>, states: readonly string[], what: Word) {
  if (!states.includes(String(eoi.status))) throw unprocessable(salesText('eoiActionNotInState', { action: what, number: dataWord(eoi.number), status: stateWord('eois', eoi.status) }));
}
