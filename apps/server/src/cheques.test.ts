import type { Privilege } from '@propdesk/privileges';
import { sumMoney } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './test/harness.js';
import { grant, salesCore, type Agent } from './test/sales-core.js';

const cashierPrivileges: Privilege[] = [
  ...grant('cheque', ['read', 'create', 'update']),
  ...grant('receipt', ['read', 'create']),
  ...grant('contract', ['read', 'create']),
  ...grant('contractPayment', ['read']),
  ...grant('customer', ['read']),
  ...grant('reservation', ['read']),
];
const financePrivileges: Privilege[] = [...cashierPrivileges, ...grant('cheque', ['approve'])];

/**
 * The cheque register (issue 18): a cheque's receipt allocates when it is received; a bounce takes
 * back exactly its allocations, adds the project's bounce charge and tells finance; replacements,
 * re-deposits, returns; a bounce racing a receipt; every wrong-state action refused unchanged.
 */
describe.each(DB_KINDS)('cheques on %s', (kind) => {
  const core = salesCore(kind);
  let db: Database;
  let cashier: Agent;
  let finance: Agent;
  let customerId: string;
  let banks: string[];
  /** A cheque's default date: a week ago, so the bank takes it (the post-dated ones are cheque-cover.test's). */
  let lastWeek: string;
  let serial = 500000;
  const login = core.login;

  const newContract = () => core.newContract({ by: cashier, customer: customerId });
  const rowsOf = (contractId: string) => core.rowsOf(contractId);
  const receive = (body: Record<string, unknown>) => core.receive(cashier, { customer: customerId, ...body });
  const cheque = (body: Record<string, unknown>, who: Agent = cashier) => {
    serial += 1;
    return who.request({ method: 'POST', url: '/api/cheques', payload: { number: String(serial), bank: banks[serial % banks.length], dueDate: lastWeek, drawer: 'سارة محمود', customer: customerId, ...body } });
  };
  const act = (who: Agent, id: string, name: string, reason?: string) => who.request({ method: 'POST', url: `/api/cheques/${id}/actions/${name}`, payload: reason ? { reason } : {} });
  const chequeRow = async (id: string) =>
    (
      await db.query<{ status: string; version: number; receipt_id: string | null; replacement_id: string | null; bounce_fee_id: string | null; bounce_reason: string | null }>(
        `select c.status, c.version, c.receipt_id::text as receipt_id, c.replacement_id::text as replacement_id, c.bounce_fee_id::text as bounce_fee_id, r.name as bounce_reason
           from cheques c left join bounced_reasons r on r.id = c.bounce_reason_id where c.id = $1`,
        [id],
      )
    ).rows[0]!;
  const countingOn = async (contractId: string) =>
    (
      await db.query<{ installment: string; paid: string; covered: string }>(
        `select n.id::text as installment, coalesce(sum(i.amount) filter (where i.counts and i.cleared), 0)::text as paid,
                coalesce(sum(i.amount) filter (where i.counts and not i.cleared), 0)::text as covered
           from installments n left join receipt_items i on i.installment_id = n.id
          where n.contract_id = $1 and n.status <> 'superseded' group by n.id`,
        [contractId],
      )
    ).rows;
  /** paid on every row = its counting cleared items, covered = its counting items of cheques in hand; together never beyond its amount. */
  async function assertConsistent(contractId: string) {
    const rows = await rowsOf(contractId);
    const counted = new Map((await countingOn(contractId)).map((row) => [row.installment, row]));
    for (const row of rows) {
      expect(row.paid).toBe(Number(counted.get(row.id)!.paid).toFixed(2));
      expect(row.covered).toBe(Number(counted.get(row.id)!.covered).toFixed(2));
      expect(Number(row.paid) + Number(row.covered)).toBeLessThanOrEqual(Number(row.amount));
    }
    return rows;
  }

  beforeAll(async () => {
    db = core.db;
    cashier = await login(cashierPrivileges);
    finance = await login(financePrivileges);
    customerId = await core.customer({ fullName: 'سارة محمود', nationalId: '29001017654331', phone: '+201012345693' });
    banks = (await db.query<{ id: string }>('select id::text as id from banks order by name')).rows.map((row) => row.id);
    expect(banks.length).toBeGreaterThan(0);
    lastWeek = (await db.query<{ d: string }>("select to_char(current_date - 7, 'YYYY-MM-DD') as d")).rows[0]!.d;
  });

  it('a bounce reopens exactly what the cheque paid, and nothing else; its receipt turns void and finance is told', async () => {
    const contract = await newContract();
    // No bounce charge here (the demo sets one on Palm Heights): the ledger only reopens.
    expect((await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${contract.project}`, payload: { amount: null } })).statusCode).toBe(200);
    const rows = await rowsOf(contract.id);
    // Transfer first (part of #1), then the cheque (rest of #1 and part of #2), then cash (more of #2).
    const transfer = await receive({ contract: contract.id, amount: '1000.00', method: 'bank_transfer' });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const chequeAmount = sumMoney([rows[0]!.amount, '-1000.00', '2500.00']);
    const made = await cheque({ contract: contract.id, amount: chequeAmount });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    expect(made.json().data).toMatchObject({ status: 'received' });
    const cash = await receive({ contract: contract.id, amount: '300.00' });
    expect(cash.statusCode).toBe(201);
    // The cheque in hand covers the rest of #1 and 2500.00 of #2; what is paid is the transfer and the cash.
    const before = await assertConsistent(contract.id);
    const paidBefore = before.map((row) => row.paid);
    expect(before.slice(0, 3).map((row) => [row.paid, row.covered, row.status])).toEqual([
      ['1000.00', sumMoney([rows[0]!.amount, '-1000.00']), 'covered'],
      ['300.00', '2500.00', 'partly_paid'],
      ['0.00', '0.00', 'open'],
    ]);
    const receiptId = (await chequeRow(id)).receipt_id!;
    expect((await db.query<{ method: string }>('select method from receipts where id = $1', [receiptId])).rows[0]!.method).toBe('cheque');

    expect((await act(cashier, id, 'deposit')).statusCode).toBe(200);
    const notesBefore = (await db.query<{ n: number }>("select count(*)::int as n from notifications where category = 'cheques'")).rows[0]!.n;
    const bounced = await act(finance, id, 'bounce', 'Insufficient funds');
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(await chequeRow(id)).toMatchObject({ status: 'bounced', bounce_reason: 'Insufficient funds', bounce_fee_id: null });
    const after = await assertConsistent(contract.id);
    // #1 keeps the transfer's 1000.00, #2 the cash's 300.00; the rest of the ledger did not move.
    expect(after.slice(0, 3).map((row) => [row.paid, row.covered, row.status])).toEqual([
      ['1000.00', '0.00', 'partly_paid'],
      ['300.00', '0.00', 'partly_paid'],
      ['0.00', '0.00', 'open'],
    ]);
    expect(after.slice(3).map((row) => row.paid)).toEqual(paidBefore.slice(3));
    expect((await db.query<{ status: string }>('select status from receipts where id = $1', [receiptId])).rows[0]!.status).toBe('void');
    const counts = await db.query<{ receipt_id: string; counts: boolean }>('select receipt_id::text as receipt_id, bool_and(counts) as counts from receipt_items where receipt_id = any($1::uuid[]) group by receipt_id', [[receiptId, transfer.json().data.id, cash.json().data.id]]);
    expect(Object.fromEntries(counts.rows.map((row) => [row.receipt_id, row.counts]))).toEqual({ [receiptId]: false, [transfer.json().data.id]: true, [cash.json().data.id]: true });
    const notesAfter = (await db.query<{ n: number }>("select count(*)::int as n from notifications where category = 'cheques'")).rows[0]!.n;
    expect(notesAfter).toBeGreaterThan(notesBefore);
    // Bounced Cheques lists it (the engine's list, filtered by state).
    const list = await finance.request({ method: 'GET', url: '/api/cheques?filter[status]=bounced&pageSize=200' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(id);
  });

  it('adds the project’s bounce charge as a fee row of the ledger; the charge is set by approvers with a typed amount', async () => {
    const contract = await newContract();
    expect((await cashier.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${contract.project}`, payload: { amount: '750.00' } })).statusCode).toBe(423);
    expect((await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${contract.project}`, payload: { amount: 750 } })).statusCode).toBe(400);
    const set = await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${contract.project}`, payload: { amount: '750.00' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ project: contract.project, amount: '750.00' });
    const rowsBefore = await rowsOf(contract.id);
    const made = await cheque({ contract: contract.id, amount: '5000.00' });
    const id = made.json().data.id as string;
    await act(cashier, id, 'deposit');
    expect((await act(finance, id, 'bounce', 'Signature mismatch: differs from specimen')).statusCode).toBe(200);
    const state = await chequeRow(id);
    expect(state.bounce_reason).toBe('Signature mismatch');
    const rows = await assertConsistent(contract.id);
    expect(rows.length).toBe(rowsBefore.length + 1);
    const fee = rows.at(-1)!;
    expect(fee).toMatchObject({ id: state.bounce_fee_id, kind: 'fee', amount: '750.00', paid: '0.00', status: 'open', seq: rowsBefore.at(-1)!.seq + 1 });
    // Cleared again: no fee row.
    await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${contract.project}`, payload: { amount: null } });
    const second = await cheque({ contract: contract.id, amount: '100.00' });
    await act(cashier, second.json().data.id, 'deposit');
    expect((await act(finance, second.json().data.id, 'bounce', 'Account closed')).statusCode).toBe(200);
    expect((await rowsOf(contract.id)).length).toBe(rowsBefore.length + 1);
  });

  it('a reschedule after a bounce carries the charge over with what was paid on it; the schedule without fees still adds up to the net price', async () => {
    const contract = await newContract();
    expect((await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${contract.project}`, payload: { amount: '750.00' } })).statusCode).toBe(200);
    const made = await cheque({ contract: contract.id, amount: '5000.00' });
    const id = made.json().data.id as string;
    await act(cashier, id, 'deposit');
    expect((await act(finance, id, 'bounce', 'Insufficient funds')).statusCode).toBe(200);
    const oldFee = (await chequeRow(id)).bounce_fee_id!;
    expect(oldFee).toBeTruthy();
    // Part of the charge paid, and part of the price.
    const towardsFee = await receive({ contract: contract.id, amount: '300.00', allocations: [{ installment: oldFee, amount: '300.00' }] });
    expect(towardsFee.statusCode, towardsFee.body).toBe(201);
    expect((await receive({ contract: contract.id, amount: '2000.00' })).statusCode).toBe(201);
    const before = await db.query<{ net_price: string; paid: string; schedule_version: number }>('select net_price::text as net_price, paid::text as paid, schedule_version from contracts where id = $1', [contract.id]);
    const netPrice = sumMoney([before.rows[0]!.net_price, '-10000.00']);
    const approver = await login([...financePrivileges, ...grant('contract', ['approve']), ...grant('receipt', ['approve'])]);
    const revised = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { netPrice, reason: 'Discount after the bounce' } });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json().data).toMatchObject({ version: before.rows[0]!.schedule_version + 1, total: netPrice });

    const rows = await assertConsistent(contract.id);
    const version = await db.query<{ schedule_version: number }>('select distinct schedule_version from installments where contract_id = $1 and status <> $2', [contract.id, 'superseded']);
    expect(version.rows.map((row) => row.schedule_version)).toEqual([before.rows[0]!.schedule_version + 1]);
    const fees = rows.filter((row) => row.kind === 'fee');
    expect(fees.map((row) => [row.amount, row.paid, row.status])).toEqual([['750.00', '300.00', 'partly_paid']]);
    expect(fees[0]!.seq).toBe(Math.max(...rows.filter((row) => row.kind !== 'fee').map((row) => row.seq)) + 1);
    expect(sumMoney(rows.filter((row) => row.kind !== 'fee').map((row) => row.amount))).toBe(netPrice);
    // The price's payments stayed on the price; the fee's on the fee; the cheque names the new row.
    const after = await db.query<{ paid: string }>('select paid::text as paid from contracts where id = $1', [contract.id]);
    expect(after.rows[0]!.paid).toBe(before.rows[0]!.paid);
    expect(sumMoney(rows.filter((row) => row.kind !== 'fee').map((row) => row.paid))).toBe('2000.00');
    expect((await chequeRow(id)).bounce_fee_id).toBe(fees[0]!.id);
    const old = await db.query<{ status: string; paid: string }>('select status, paid::text as paid from installments where id = $1', [oldFee]);
    expect(old.rows[0]!.status).toBe('superseded');
    // Voiding the fee's receipt later reopens exactly the carried 300.00 on the new fee row.
    const voided = await approver.request({ method: 'POST', url: `/api/receipts/${towardsFee.json().data.id}/actions/void`, payload: { reason: 'Entered twice' } });
    expect(voided.statusCode, voided.body).toBe(200);
    const reopened = (await assertConsistent(contract.id)).filter((row) => row.kind === 'fee');
    expect(reopened.map((row) => [row.paid, row.status])).toEqual([['0.00', 'open']]);
  });

  it('refuses to void a receipt its cheque still stands behind (409 naming the cheque and its state, nothing written); the bounce undoes it', async () => {
    const contract = await newContract();
    expect((await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${contract.project}`, payload: { amount: null } })).statusCode).toBe(200);
    const made = await cheque({ contract: contract.id, amount: '2500.00' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    const number = String(serial);
    const receiptId = (await chequeRow(id)).receipt_id!;
    const approver = await login([...financePrivileges, ...grant('receipt', ['approve'])]);
    const receiptState = async () =>
      (await db.query<{ status: string; version: number; counting: number }>("select r.status, r.version, (select count(*)::int from receipt_items i where i.receipt_id = r.id and i.counts) as counting from receipts r where r.id = $1", [receiptId])).rows[0]!;
    const before = await receiptState();
    expect(before).toMatchObject({ status: 'issued' });
    expect(before.counting).toBeGreaterThan(0);
    const paidBefore = (await rowsOf(contract.id)).map((row) => row.paid);
    for (const state of ['received', 'deposited']) {
      if (state === 'deposited') expect((await act(cashier, id, 'deposit')).statusCode).toBe(200);
      const refused = await approver.request({ method: 'POST', url: `/api/receipts/${receiptId}/actions/void`, payload: { reason: 'Customer asked' } });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(`This receipt is paid by cheque ${number}, which is ${state}; return or bounce the cheque instead.`);
      expect(await receiptState()).toEqual(before);
      expect((await rowsOf(contract.id)).map((row) => row.paid)).toEqual(paidBefore);
    }
    // The cheque's own path still undoes it: the bounce voids the receipt and reopens what it paid.
    expect((await act(finance, id, 'bounce', 'Insufficient funds')).statusCode).toBe(200);
    expect(await receiptState()).toMatchObject({ status: 'void', counting: 0 });
    expect((await rowsOf(contract.id)).every((row) => row.paid === '0.00')).toBe(true);
    // A cleared cheque's receipt is refused too.
    const second = await cheque({ contract: contract.id, amount: '100.00' });
    const secondNumber = String(serial);
    await act(cashier, second.json().data.id, 'deposit');
    expect((await act(finance, second.json().data.id, 'clear')).statusCode).toBe(200);
    const cleared = await approver.request({ method: 'POST', url: `/api/receipts/${(await chequeRow(second.json().data.id)).receipt_id}/actions/void`, payload: { reason: 'x' } });
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().message).toContain(`cheque ${secondNumber}, which is cleared`);
  });

  it('links a replacement to the bounced cheque, once; re-deposit pays again; return ends it', async () => {
    const contract = await newContract();
    const first = (await cheque({ contract: contract.id, amount: '4000.00' })).json().data.id as string;
    // Only a bounced cheque is replaced: nothing is written otherwise.
    const chequesBefore = (await db.query<{ n: number }>('select count(*)::int as n from cheques')).rows[0]!.n;
    const early = await cheque({ contract: contract.id, amount: '4000.00', replaces: first });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/is received; only a bounced cheque is replaced/);
    expect((await db.query<{ n: number }>('select count(*)::int as n from cheques')).rows[0]!.n).toBe(chequesBefore);
    await act(cashier, first, 'deposit');
    await act(finance, first, 'bounce', 'Payment stopped');
    const replacement = await cheque({ contract: contract.id, amount: '4000.00', replaces: first });
    expect(replacement.statusCode, replacement.body).toBe(201);
    expect(await chequeRow(first)).toMatchObject({ status: 'replaced', replacement_id: replacement.json().data.id });
    // The replacement in hand covers what the bounced one had covered; nothing is paid until it clears.
    expect((await rowsOf(contract.id))[0]).toMatchObject({ paid: '0.00', covered: '4000.00' });
    const twice = await cheque({ contract: contract.id, amount: '4000.00', replaces: first });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toMatch(/is replaced/);

    const again = (await cheque({ contract: contract.id, amount: '600.00' })).json().data.id as string;
    await act(cashier, again, 'deposit');
    await act(finance, again, 'bounce', 'Insufficient funds');
    const oldReceipt = (await chequeRow(again)).receipt_id;
    expect((await rowsOf(contract.id))[0]!.covered).toBe('4000.00');
    const redeposited = await act(finance, again, 'redeposit');
    expect(redeposited.statusCode, redeposited.body).toBe(200);
    const state = await chequeRow(again);
    expect(state.status).toBe('deposited');
    expect(state.receipt_id).not.toBe(oldReceipt);
    expect((await rowsOf(contract.id))[0]).toMatchObject({ paid: '0.00', covered: '4600.00' });
    await act(finance, again, 'bounce', 'Insufficient funds');
    const returned = await act(finance, again, 'return', 'Handed back');
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await chequeRow(again)).status).toBe('returned');
    expect((await assertConsistent(contract.id))[0]).toMatchObject({ paid: '0.00', covered: '4000.00' });
    // The replacement clears: what it covered is paid.
    await act(cashier, replacement.json().data.id, 'deposit');
    expect((await act(finance, replacement.json().data.id, 'clear')).statusCode).toBe(200);
    expect((await assertConsistent(contract.id))[0]).toMatchObject({ paid: '4000.00', covered: '0.00' });
  });

  it('dates its receipt the day it was received: today by default, an earlier day given, never a day to come; a re-deposit is dated the day it is made', async () => {
    const contract = await newContract();
    const today = (await db.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).rows[0]!.d;
    const tomorrow = (await db.query<{ d: string }>("select to_char(current_date + 1, 'YYYY-MM-DD') as d")).rows[0]!.d;
    const lastWeek = (await db.query<{ d: string }>("select to_char(current_date - 7, 'YYYY-MM-DD') as d")).rows[0]!.d;
    const receiptDateOf = async (chequeId: string) =>
      (await db.query<{ d: string }>("select to_char(r.receipt_date, 'YYYY-MM-DD') as d from cheques c join receipts r on r.id = c.receipt_id where c.id = $1", [chequeId])).rows[0]!.d;

    const plain = await cheque({ contract: contract.id, amount: '100.00' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.receivedOn).toBe(today);
    expect(await receiptDateOf(plain.json().data.id)).toBe(today);

    const earlier = await cheque({ contract: contract.id, amount: '200.00', receivedOn: lastWeek });
    expect(earlier.statusCode, earlier.body).toBe(201);
    const earlierId = earlier.json().data.id as string;
    expect(earlier.json().data.receivedOn).toBe(lastWeek);
    expect(await receiptDateOf(earlierId)).toBe(lastWeek);

    const before = (await db.query<{ n: number }>('select count(*)::int as n from cheques')).rows[0]!.n;
    const future = await cheque({ contract: contract.id, amount: '300.00', receivedOn: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([{ field: 'receivedOn', message: 'A cheque is received today or earlier' }]);
    expect((await db.query<{ n: number }>('select count(*)::int as n from cheques')).rows[0]!.n).toBe(before);
    // Its receipt is out: the day it was received stays.
    const version = (await chequeRow(earlierId)).version;
    const moved = await cashier.request({ method: 'PATCH', url: `/api/cheques/${earlierId}`, payload: { receivedOn: today, version } });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().message).toMatch(/received on cannot change/);

    await act(cashier, earlierId, 'deposit');
    await act(finance, earlierId, 'bounce', 'Insufficient funds');
    expect((await act(finance, earlierId, 'redeposit')).statusCode).toBe(200);
    expect(await receiptDateOf(earlierId)).toBe(today);
  });

  it('a bounce racing a receipt on the same installment ends consistent: never over- or under-paid', async () => {
    for (let round = 0; round < 5; round += 1) {
      const contract = await newContract();
      const rows = await rowsOf(contract.id);
      const id = (await cheque({ contract: contract.id, amount: rows[0]!.amount })).json().data.id as string;
      await act(cashier, id, 'deposit');
      expect((await rowsOf(contract.id))[0]!.status).toBe('covered');
      const [bounce, oldest, chosen] = await Promise.all([
        act(finance, id, 'bounce', 'Insufficient funds'),
        receive({ contract: contract.id, amount: '1000.00' }),
        receive({ contract: contract.id, amount: '500.00', allocations: [{ installment: rows[0]!.id, amount: '500.00' }] }),
      ]);
      expect(bounce.statusCode, bounce.body).toBe(200);
      expect(oldest.statusCode, oldest.body).toBe(201);
      // The chosen receipt either waited for the bounce (and paid #1) or saw #1 full (409, nothing written).
      expect([201, 409], chosen.body).toContain(chosen.statusCode);
      const after = await assertConsistent(contract.id);
      const expected = sumMoney(['1000.00', chosen.statusCode === 201 ? '500.00' : '0.00']);
      const allocated = await db.query<{ total: string }>(
        "select coalesce(sum(i.amount), 0)::numeric(15,2)::text as total from receipt_items i join receipts r on r.id = i.receipt_id where r.contract_id = $1 and i.counts and i.kind = 'installment'",
        [contract.id],
      );
      expect(sumMoney(after.map((row) => row.paid))).toBe(allocated.rows[0]!.total);
      const unallocated = await db.query<{ total: string }>(
        "select coalesce(sum(i.amount), 0)::numeric(15,2)::text as total from receipt_items i join receipts r on r.id = i.receipt_id where r.contract_id = $1 and i.counts and i.kind = 'unallocated'",
        [contract.id],
      );
      expect(sumMoney([allocated.rows[0]!.total, unallocated.rows[0]!.total])).toBe(expected);
    }
  });

  it('refuses every wrong-state action naming the state, and changes nothing', async () => {
    const contract = await newContract();
    const id = (await cheque({ contract: contract.id, amount: '2000.00' })).json().data.id as string;
    const history = async () => (await db.query<{ n: number }>("select count(*)::int as n from record_history where resource = 'cheques' and record_id = $1", [id])).rows[0]!.n;
    const refuse = async (name: string, state: string, label: string, reason?: string) => {
      const before = { row: await chequeRow(id), history: await history(), ledger: await rowsOf(contract.id) };
      const response = await act(finance, id, name, reason);
      expect(response.statusCode, `${name} from ${state}`).toBe(422);
      expect(response.json().message).toBe(`${label} is not possible while the cheque is ${state}.`);
      expect({ row: await chequeRow(id), history: await history(), ledger: await rowsOf(contract.id) }).toEqual(before);
    };
    await refuse('clear', 'received', 'Cleared');
    await refuse('bounce', 'received', 'Bounced', 'Insufficient funds');
    await refuse('redeposit', 'received', 'Re-deposit');
    await refuse('return', 'received', 'Return to drawer');
    // The received cheque's money does not change (its receipt is out).
    const version = (await chequeRow(id)).version;
    const edit = await cashier.request({ method: 'PATCH', url: `/api/cheques/${id}`, payload: { amount: '1.00', version } });
    expect(edit.statusCode).toBe(422);
    expect((await cashier.request({ method: 'PATCH', url: `/api/cheques/${id}`, payload: { drawer: 'Sara Mahmoud', version } })).statusCode).toBe(200);
    expect((await act(cashier, id, 'deposit')).statusCode).toBe(200);
    await refuse('deposit', 'deposited', 'Deposit');
    await refuse('redeposit', 'deposited', 'Re-deposit');
    // Bouncing needs approve, and a reason naming a bounced reason.
    expect((await act(cashier, id, 'bounce', 'Insufficient funds')).statusCode).toBe(423);
    const unknown = await act(finance, id, 'bounce', 'The dog ate it');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].message).toMatch(/^Name a bounced reason: .*Insufficient funds/);
    expect((await chequeRow(id)).status).toBe('deposited');
    expect((await act(finance, id, 'clear')).statusCode).toBe(200);
    await refuse('bounce', 'cleared', 'Bounced', 'Insufficient funds');
    await refuse('return', 'cleared', 'Return to drawer');
    await refuse('clear', 'cleared', 'Cleared');
    // Cleared money is paid, and stays paid.
    expect((await rowsOf(contract.id))[0]).toMatchObject({ paid: '2000.00', covered: '0.00' });
  });

  it('seeds demo cheques in every state, the replaced ones linked to their replacements', async () => {
    const states = await db.query<{ status: string; linked: number }>(
      "select status, count(*) filter (where replacement_id is not null)::int as linked from cheques where notes = 'Demo cheque.' group by status order by status",
    );
    expect(states.rows.map((row) => row.status)).toEqual(['bounced', 'cleared', 'deposited', 'received', 'replaced', 'returned']);
    expect(states.rows.find((row) => row.status === 'replaced')!.linked).toBeGreaterThan(0);
  });

  it('lists the cheques to deposit this week by bank', async () => {
    const contract = await newContract();
    const week = (await db.query<{ d: string; next: string }>("select to_char(date_trunc('week', current_date)::date + 2, 'YYYY-MM-DD') as d, to_char(date_trunc('week', current_date)::date + 9, 'YYYY-MM-DD') as next")).rows[0]!;
    const due = (await cheque({ contract: contract.id, amount: '100.00', dueDate: week.d })).json().data;
    const later = (await cheque({ contract: contract.id, amount: '100.00', dueDate: week.next })).json().data;
    const deposited = (await cheque({ contract: contract.id, amount: '100.00', dueDate: week.d })).json().data;
    // Its date may still be to come this week: a reason lets the bank take it now.
    expect((await act(cashier, deposited.id, 'deposit', 'Agreed with the bank')).statusCode).toBe(200);
    const response = await cashier.request({ method: 'GET', url: '/api/cheques/deposit-calendar' });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().data.banks.flatMap((bank: { cheques: { id: string }[] }) => bank.cheques.map((row) => row.id));
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(deposited.id);
    const bank = response.json().data.banks.find((entry: { bank: string }) => entry.bank === due.bank);
    expect(bank.cheques.find((row: { id: string }) => row.id === due.id)).toMatchObject({ dueDate: week.d, amount: '100.00', late: false });
    expect((await cashier.request({ method: 'GET', url: '/api/cheques/deposit-calendar?week=tomorrow' })).statusCode).toBe(400);
  });
});
