import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

type Agent = ReturnType<typeof createAgent>;
type Row = Record<string, unknown> & { id: string; version: number; status: string; number: string };

const grant = (entities: string[], actions: string[]): Privilege[] => entities.flatMap((entityName) => actions.map((action) => ({ entityName, action })));
const year = new Date().getUTCFullYear();
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Issue 9: purchase requests, quotations, awards, tiered approval and receipts on the real server. */
describe.each(DB_KINDS)('procurement on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let buyer: Agent;
  let buyerId: string;
  let approver: Agent;
  const tierAgents: Agent[] = [];
  const tierIds: string[] = [];
  let both: Agent;
  let supplierA: string;
  let supplierB: string;

  async function login(privileges: Privilege[]) {
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    const role = (await db.query<{ id: string }>('select role_id::text as id from user_roles where user_id = $1', [user.id])).rows[0]?.id ?? '';
    return { agent, id: user.id, role };
  }

  const call = async (agent: Agent, method: string, url: string, payload?: unknown) => {
    const response = await agent.request({ method: method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: /^[[{]/.test(response.body) ? response.json() : response.body, raw: response };
  };
  const act = (agent: Agent, resource: string, id: string, action: string, reason?: string) =>
    call(agent, 'POST', `/api/${resource}/${id}/actions/${action}`, reason === undefined ? {} : { reason });

  async function newRequest(lines: { description: string; quantity: string; estimatedUnitPrice?: string }[] = [{ description: 'Cement bags', quantity: '100', estimatedUnitPrice: '95.50' }]) {
    const created = await call(buyer, 'POST', '/api/purchase-requests', {
      title: unique('Materials'),
      justification: 'Tower B slab',
      lines: lines.map((line, index) => ({ lineNo: index + 1, unit: 'bag', ...line })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as Row & { lines: Row[] };
  }

  async function approvedRequest(lines?: Parameters<typeof newRequest>[0]) {
    const request = await newRequest(lines);
    expect((await act(buyer, 'purchase-requests', request.id, 'submit')).status).toBe(200);
    expect((await act(approver, 'purchase-requests', request.id, 'approve', 'ok')).status).toBe(200);
    return request;
  }

  async function quote(requestId: string, supplier: string, prices: { requestLine: string; unitPrice: string; quantity: string }[], validUntil = isoDay(30)) {
    const created = await call(buyer, 'POST', '/api/quotations', {
      reference: unique('Q'),
      request: requestId,
      supplier,
      quotedOn: isoDay(-40),
      validUntil,
      leadTimeDays: 7,
      lines: prices.map((price, index) => ({ lineNo: index + 1, description: `Item ${index + 1}`, ...price })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as Row & { lines: Row[]; total: string };
  }

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
    const buyerLogin = await login([...grant(['PurchaseRequest', 'quotation', 'poheader'], ['read', 'create', 'update']), ...grant(['supplier', 'approvalTier'], ['read', 'create', 'update'])]);
    buyer = buyerLogin.agent;
    buyerId = buyerLogin.id;
    approver = (await login(grant(['PurchaseRequest'], ['read', 'approve']))).agent;
    // Three tiers: above 0, above 50,000, above 1,000,000, each approved by its own role.
    await db.query('update approval_tiers set active = false');
    const roles: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const tier = await login(grant(['poheader'], ['read', 'approve']));
      tierAgents.push(tier.agent);
      tierIds.push(tier.id);
      roles.push(tier.role);
    }
    const thresholds = ['0', '50000', '1000000'];
    for (const [index, role] of roles.entries()) {
      const created = await call(buyer, 'POST', '/api/approval-tiers', { name: unique(`Tier ${index + 1}`), level: 11 + index, aboveAmount: thresholds[index], role });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    // One person holding the first two tiers' roles.
    const bothLogin = await login([]);
    for (const role of roles.slice(0, 2)) await db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [bothLogin.id, role]);
    both = bothLogin.agent;
    supplierA = (await call(buyer, 'POST', '/api/suppliers', { name: unique('Nile Cement'), paymentTerms: 'net_30' })).body.data.id;
    supplierB = (await call(buyer, 'POST', '/api/suppliers', { name: unique('Delta Steel'), paymentTerms: 'net_60' })).body.data.id;
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('creates a request with its lines in one call, numbered PR-year-n, with its estimated total and requester', async () => {
    const request = await newRequest([
      { description: 'Cement', quantity: '100', estimatedUnitPrice: '95.50' },
      { description: 'Rebar', quantity: '2.5', estimatedUnitPrice: '41000.10' },
    ]);
    expect(request.number).toMatch(new RegExp(`^PR-${year}-\\d{5}$`));
    expect(request.status).toBe('draft');
    expect(request.estimatedTotal).toBe('112050.25');
    expect(request.requester).toBe(buyerId);
    expect(request.lines.map((line) => line.description)).toEqual(['Cement', 'Rebar']);
  });

  it('runs every request transition from its states only, with its privilege', async () => {
    const empty = (await call(buyer, 'POST', '/api/purchase-requests', { title: unique('Empty'), lines: [] })).body.data as Row;
    expect((await act(buyer, 'purchase-requests', empty.id, 'submit')).status).toBe(422);

    const request = await newRequest();
    expect((await act(approver, 'purchase-requests', request.id, 'approve')).status).toBe(422); // still a draft
    expect((await act(buyer, 'purchase-requests', request.id, 'close')).status).toBe(422);
    const submitted = await act(buyer, 'purchase-requests', request.id, 'submit');
    expect(submitted.body.data.status).toBe('submitted');
    expect((await act(buyer, 'purchase-requests', request.id, 'submit')).status).toBe(422);
    // The buyer may not decide; the approver must give a reason to reject.
    expect((await act(buyer, 'purchase-requests', request.id, 'approve')).status).toBe(423);
    expect((await act(approver, 'purchase-requests', request.id, 'reject')).status).toBe(400);
    // A submitted request's lines no longer change, through the header or the line itself.
    const patch = await call(buyer, 'PATCH', `/api/purchase-requests/${request.id}`, { version: submitted.body.data.version, lines: [{ id: request.lines[0]!.id, quantity: '5' }] });
    expect(patch.status).toBe(422);
    expect((await call(buyer, 'PATCH', `/api/purchase-request-lines/${request.lines[0]!.id}`, { version: request.lines[0]!.version, quantity: '5' })).status).toBe(422);
    expect((await call(buyer, 'GET', `/api/purchase-requests/${request.id}`)).body.data.lines[0].quantity).toBe('100');

    const rejected = await act(approver, 'purchase-requests', request.id, 'reject', 'Too expensive');
    expect(rejected.body.data.status).toBe('rejected');
    expect((await act(approver, 'purchase-requests', request.id, 'approve')).status).toBe(422);
    expect((await act(buyer, 'purchase-requests', request.id, 'reopen')).body.data.status).toBe('draft');
    expect((await act(buyer, 'purchase-requests', request.id, 'submit')).body.data.status).toBe('submitted');
    expect((await act(approver, 'purchase-requests', request.id, 'approve', 'Go ahead')).body.data.status).toBe('approved');
    expect((await act(buyer, 'purchase-requests', request.id, 'reopen')).status).toBe(422);
    expect((await act(buyer, 'purchase-requests', request.id, 'cancel', 'Not needed')).body.data.status).toBe('cancelled');
    expect((await act(buyer, 'purchase-requests', request.id, 'cancel')).status).toBe(422);
    expect((await act(buyer, 'purchase-requests', request.id, 'nope')).status).toBe(404);

    const history = await call(buyer, 'GET', `/api/purchase-requests/${request.id}/history`);
    expect(history.body.data.map((entry: { action: string }) => entry.action)).toEqual(['cancel', 'approve', 'submit', 'reopen', 'reject', 'submit', 'create']);
    // Each decision notified the requester; submitting notified the approvers' departments (none here: test users have none).
    const notes = await db.query<{ title: string }>('select title from notifications where user_id = $1 order by seq', [buyerId]);
    expect(notes.rows.map((row) => row.title)).toEqual(expect.arrayContaining([`${request.number} rejected`, `${request.number} approved`]));
  });

  it('deletes a draft request whole, and refuses to delete one past draft', async () => {
    const draft = await newRequest([{ description: 'Sand', quantity: '3' }, { description: 'Gravel', quantity: '4' }]);
    const removed = await call(buyer, 'DELETE', `/api/purchase-requests/${draft.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.deleted).toBe(true);
    expect((await db.query<{ n: number }>('select count(*)::int as n from purchase_request_lines where request_id = $1', [draft.id])).rows[0]!.n).toBe(0);
    const submitted = await newRequest();
    await act(buyer, 'purchase-requests', submitted.id, 'submit');
    expect((await call(buyer, 'DELETE', `/api/purchase-requests/${submitted.id}`)).status).toBe(422);
    expect((await call(buyer, 'GET', `/api/purchase-requests/${submitted.id}`)).body.data.lines).toHaveLength(1);
  });

  it('gives 20 concurrent creations 20 distinct consecutive numbers', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_unused, index) => call(buyer, 'POST', '/api/purchase-requests', { title: `Parallel ${index}`, lines: [] })));
    for (const result of results) expect(result.status).toBe(201);
    const numbers = results.map((result) => Number(String(result.body.data.number).slice(-5))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_unused, index) => numbers[0]! + index));
    const stored = await db.query<{ last: number }>("select last from document_counters where prefix = 'PR' and year = $1", [year]);
    expect(stored.rows[0]!.last).toBe(numbers[19]);
  });

  it('compares quotations (lowest per line and total, expired greyed out) and awards line by line into one order per supplier', async () => {
    const request = await approvedRequest([
      { description: 'Cement', quantity: '100', estimatedUnitPrice: '90' },
      { description: 'Rebar', quantity: '10', estimatedUnitPrice: '40000' },
    ]);
    const [cement, rebar] = request.lines;
    const qa = await quote(request.id, supplierA, [
      { requestLine: cement!.id, unitPrice: '88.00', quantity: '100' },
      { requestLine: rebar!.id, unitPrice: '41000.00', quantity: '10' },
    ]);
    const qb = await quote(request.id, supplierB, [
      { requestLine: cement!.id, unitPrice: '91.25', quantity: '100' },
      { requestLine: rebar!.id, unitPrice: '39500.50', quantity: '10' },
    ]);
    const expired = await quote(request.id, supplierB, [{ requestLine: cement!.id, unitPrice: '10.00', quantity: '100' }], isoDay(-1));
    expect(qa.number).toMatch(new RegExp(`^QT-${year}-\\d{5}$`));
    expect(qa.total).toBe('418800.00');
    // A quotation line must answer a line of its own request.
    const other = await newRequest();
    expect((await call(buyer, 'POST', '/api/quotations', { reference: 'X', request: request.id, supplier: supplierA, validUntil: isoDay(5), lines: [{ description: 'x', quantity: '1', unitPrice: '1', requestLine: other.lines[0]!.id }] })).status).toBe(400);

    const comparison = (await call(buyer, 'GET', `/api/purchase-requests/${request.id}/comparison`)).body.data;
    expect(comparison.columns.map((column: { quotation: string }) => column.quotation).sort()).toEqual([qa.id, qb.id, expired.id].sort());
    const column = (id: string) => comparison.columns.find((candidate: { quotation: string }) => candidate.quotation === id);
    expect(column(expired.id).expired).toBe(true);
    expect(column(qb.id).lowestTotal).toBe(true); // 9,125 + 395,005 < 8,800 + 410,000
    expect(column(qa.id).lowestTotal).toBe(false);
    const row = (id: string) => comparison.rows.find((candidate: { requestLine: string }) => candidate.requestLine === id);
    expect(row(cement!.id).cells[qa.id]).toMatchObject({ unitPrice: '88.00', total: '8800.00', lowest: true, leadTimeDays: 7 });
    expect(row(cement!.id).cells[expired.id].lowest).toBe(false); // cheaper, but expired
    expect(row(rebar!.id).cells[qb.id].lowest).toBe(true);

    expect((await call(buyer, 'POST', `/api/purchase-requests/${request.id}/award`, { quotation: expired.id })).status).toBe(422);
    const refused = await call(buyer, 'POST', `/api/purchase-requests/${request.id}/award`, { lines: [{ requestLine: cement!.id, quotation: qa.id }, { requestLine: cement!.id, quotation: qb.id }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe('lines.1.requestLine');
    expect((await call(buyer, 'GET', `/api/purchase-requests/${request.id}`)).body.data.status).toBe('approved'); // nothing written

    const awarded = await call(buyer, 'POST', `/api/purchase-requests/${request.id}/award`, { lines: [{ requestLine: cement!.id, quotation: qa.id }, { requestLine: rebar!.id, quotation: qb.id }] });
    expect(awarded.status, JSON.stringify(awarded.body)).toBe(201);
    const orders = awarded.body.data.orders as { id: string; number: string; total: string }[];
    expect(orders).toHaveLength(2);
    expect(orders.map((order) => order.total).sort()).toEqual(['395005.00', '8800.00']);
    const order = (await call(buyer, 'GET', `/api/purchase-orders/${orders[0]!.id}`)).body.data;
    expect(order.number).toMatch(new RegExp(`^PO-${year}-\\d{5}$`));
    expect(order.status).toBe('draft');
    expect(order.lines).toHaveLength(1);
    const after = (await call(buyer, 'GET', `/api/purchase-requests/${request.id}`)).body.data;
    expect(after.status).toBe('ordered');
    expect(after.lines.map((line: { orderedQuantity: string }) => Number(line.orderedQuantity))).toEqual([100, 10]);
    expect((await call(buyer, 'POST', `/api/purchase-requests/${request.id}/award`, { quotation: qa.id })).status).toBe(422);
  });

  it('awards into orders that say what was quoted, every effect in the history with its source', async () => {
    const request = await approvedRequest([
      { description: 'Cement', quantity: '100', estimatedUnitPrice: '90' },
      { description: 'Rebar', quantity: '10', estimatedUnitPrice: '40000' },
    ]);
    const [cement, rebar] = request.lines;
    const created = await call(buyer, 'POST', '/api/quotations', {
      reference: unique('Q'),
      request: request.id,
      supplier: supplierA,
      quotedOn: isoDay(-2),
      validUntil: isoDay(30),
      lines: [
        { lineNo: 1, requestLine: cement!.id, description: 'Portland cement 42.5N, 50 kg', quantity: '100', unitPrice: '88.00', taxPct: '14' },
        // Quoted for fewer than requested: the order takes what was quoted.
        { lineNo: 2, requestLine: rebar!.id, description: 'Rebar B500B 16 mm', quantity: '6', unitPrice: '41000.00', taxPct: '5' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const quotation = created.body.data as Row & { total: string };
    // The quotation's total counts its lines' tax: 8,800 × 1.14 + 246,000 × 1.05.
    expect(quotation.total).toBe('268332.00');
    const awarded = await call(buyer, 'POST', `/api/purchase-requests/${request.id}/award`, { quotation: quotation.id });
    expect(awarded.status, JSON.stringify(awarded.body)).toBe(201);
    const po = (await call(buyer, 'GET', `/api/purchase-orders/${awarded.body.data.orders[0].id}`)).body.data as Row & { lines: (Row & Record<string, string>)[] };
    expect(po.lines.map((line) => [line.description, Number(line.quantity), line.unitPrice, Number(line.taxPct), line.lineTotal])).toEqual([
      ['Portland cement 42.5N, 50 kg', 100, '88.00', 14, '10032.00'],
      ['Rebar B500B 16 mm', 6, '41000.00', 5, '258300.00'],
    ]);
    // The request's wording stays as the reference.
    expect(po.lines.map((line) => (line.refLabels as unknown as Record<string, string>).requestLine)).toEqual(['Cement', 'Rebar']);
    expect([po.subtotal, po.taxTotal, po.total]).toEqual(['254800.00', '13532.00', '268332.00']);

    const history = async (resource: string, id: string) =>
      (await call(buyer, 'GET', `/api/${resource}/${id}/history`)).body.data as { action: string; source: string; reason: string | null; changes: Record<string, { before: unknown; after: unknown }> }[];
    const quotationHistory = await history('quotations', quotation.id);
    expect(quotationHistory[0]).toMatchObject({ action: 'award', source: 'action', changes: { status: { before: 'received', after: 'awarded' } } });
    expect(quotationHistory[0]!.reason).toContain(po.number);
    const lineHistory = await history('purchase-request-lines', rebar!.id);
    expect(lineHistory[0]).toMatchObject({ action: 'ordered', source: 'action' });
    expect(Number(lineHistory[0]!.changes.orderedQuantity!.after)).toBe(6);
    const orderHistory = await history('purchase-orders', po.id);
    // Created by the award with its lines: one creation entry, its totals included.
    expect(orderHistory.map((entry) => `${entry.action}/${entry.source}`)).toEqual(['create/action']);
    expect(orderHistory[0]!.changes.total!.after).toBe('268332.00');
    const requestHistory = await history('purchase-requests', request.id);
    expect(requestHistory[0]).toMatchObject({ action: 'award', changes: { status: { before: 'approved', after: 'partially_ordered' } } });

    // Receipts move the order lines and, as a roll-up, the request lines, each with its history.
    await act(buyer, 'purchase-orders', po.id, 'submit');
    for (const agent of tierAgents.slice(0, 2)) await act(agent, 'purchase-orders', po.id, 'approve');
    await act(buyer, 'purchase-orders', po.id, 'issue');
    const receipt = await call(buyer, 'POST', `/api/purchase-orders/${po.id}/receipts`, { lines: [{ line: po.lines[1]!.id, quantity: '2' }] });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    expect((await history('purchase-order-lines', po.lines[1]!.id))[0]).toMatchObject({ action: 'receive', source: 'action' });
    const rebarAfter = await history('purchase-request-lines', rebar!.id);
    expect(rebarAfter[0]).toMatchObject({ action: 'ordered', source: 'action' });
    expect(Number(rebarAfter[0]!.changes.receivedQuantity!.after)).toBe(2);
  });

  it('refuses an edit of a submitted order, or of its lines, before anything is written', async () => {
    const po = await order([{ unitPrice: '10', quantity: '2', taxPct: '14' }]);
    const submitted = (await act(buyer, 'purchase-orders', po.id, 'submit')).body.data as Row;
    // Any write to this order or its lines would fail with another error than the engine's refusal.
    const guard = `refuse_${unique('po').replace(/\W/g, '_')}`;
    await db.exec(`create function ${guard}() returns trigger language plpgsql as $$ begin raise exception 'written'; end $$;
      create trigger ${guard} before update or delete on purchase_orders for each row when (old.id = '${po.id}') execute function ${guard}();
      create trigger ${guard}_lines before update or delete on purchase_order_lines for each row when (old.order_id = '${po.id}') execute function ${guard}();
      create trigger ${guard}_new before insert on purchase_order_lines for each row when (new.order_id = '${po.id}') execute function ${guard}();`);
    try {
      const edit = await call(buyer, 'PATCH', `/api/purchase-orders/${po.id}`, { version: submitted.version, title: 'Changed', lines: [] });
      expect(edit.status, JSON.stringify(edit.body)).toBe(422);
      expect(edit.body.message).toBe('A purchase order can change only while it is draft; this one is pending approval.');
      const line = await call(buyer, 'PATCH', `/api/purchase-order-lines/${po.lines[0]!.id}`, { version: 1, quantity: '5' });
      expect(line.status).toBe(422);
      const added = await call(buyer, 'POST', '/api/purchase-order-lines', { order: po.id, description: 'More', quantity: '1', unit: 'pcs', unitPrice: '1' });
      expect(added.status).toBe(422);
      expect((await call(buyer, 'DELETE', `/api/purchase-orders/${po.id}`)).status).toBe(422);
    } finally {
      await db.exec(`drop trigger ${guard} on purchase_orders; drop trigger ${guard}_lines on purchase_order_lines; drop trigger ${guard}_new on purchase_order_lines; drop function ${guard}();`);
    }
    const stored = (await call(buyer, 'GET', `/api/purchase-orders/${po.id}`)).body.data as Row;
    expect(stored.version).toBe(submitted.version);
  });

  it('takes quotations only for requests still open for ordering, and its picker offers only those', async () => {
    const draft = await newRequest();
    const refused = await call(buyer, 'POST', '/api/quotations', { reference: unique('Q'), request: draft.id, supplier: supplierA, validUntil: isoDay(10), lines: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'request', message: 'Choose an approved purchase request that is still open for ordering' }]);
    const open = await approvedRequest();
    const options = (await call(buyer, 'GET', `/api/purchase-requests/options?for=quotations.request&q=${encodeURIComponent(String(open.title))}`)).body.data as { id: string }[];
    expect(options.map((option) => option.id)).toEqual([open.id]);
    const draftOptions = (await call(buyer, 'GET', `/api/purchase-requests/options?for=quotations.request&q=${encodeURIComponent(String(draft.title))}`)).body.data as { id: string }[];
    expect(draftOptions).toEqual([]);
    // Without `for`, the picker of requests elsewhere still finds the draft.
    expect(((await call(buyer, 'GET', `/api/purchase-requests/options?q=${encodeURIComponent(String(draft.title))}`)).body.data as { id: string }[]).map((option) => option.id)).toEqual([draft.id]);
  });

  it('judges who may act on a document before reading the body', async () => {
    const po = await order([{ unitPrice: '10', quantity: '2' }]);
    const nobody = await login(grant(['supplier'], ['read']));
    for (const [resource, action] of [['purchase-orders', 'approve'], ['purchase-requests', 'approve'], ['quotations', 'cancel']] as const) {
      const answer = await call(nobody.agent, 'POST', `/api/${resource}/${po.id}/actions/${action}`, { reason: 42, extra: true });
      expect(answer.status, resource).toBe(423);
    }
    expect((await call(buyer, 'POST', `/api/purchase-orders/${po.id}/actions/submit`, { reason: 42 })).status).toBe(400);
  });

  async function order(lines: { unitPrice: string; quantity: string; taxPct?: string }[]) {
    const created = await call(buyer, 'POST', '/api/purchase-orders', {
      title: unique('Order'),
      supplier: supplierA,
      lines: lines.map((line, index) => ({ lineNo: index + 1, description: `Line ${index + 1}`, unit: 'pcs', ...line })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as Row & { lines: Row[]; total: string; subtotal: string; taxTotal: string };
  }

  it('computes an order\'s totals exactly and approves it tier by tier, in order, once per person', async () => {
    const po = await order([
      { unitPrice: '33333.33', quantity: '1.5', taxPct: '14' },
      { unitPrice: '0.10', quantity: '3', taxPct: '14' },
    ]);
    expect([po.subtotal, po.taxTotal, po.total]).toEqual(['50000.30', '7000.04', '57000.34']);
    expect((await act(tierAgents[0]!, 'purchase-orders', po.id, 'approve')).status).toBe(422); // a draft
    expect((await act(buyer, 'purchase-orders', po.id, 'submit')).body.data.status).toBe('pending_approval');
    // The first tier's approver finds it in their bell, with a link; the next tier hears once tier 1 has approved.
    const bell = async (tier: number) => ((await call(tierAgents[tier]!, 'GET', `/api/notifications/user/${tierIds[tier]!}`)).body as { title: string; link: string }[]).filter((note) => note.title === `${po.number} awaits your approval`);
    expect(await bell(0)).toEqual([expect.objectContaining({ link: `/procurement/purchaseOrder?record=${po.id}` })]);
    expect(await bell(1)).toEqual([]);
    // Lines of an order under approval no longer change.
    expect((await call(buyer, 'PATCH', `/api/purchase-orders/${po.id}`, { version: po.version + 1, lines: [] })).status).toBe(422);
    // Tier 2 cannot go first; tier 3 is not needed below 1,000,000.
    expect((await act(tierAgents[1]!, 'purchase-orders', po.id, 'approve')).status).toBe(422);
    expect((await act(tierAgents[2]!, 'purchase-orders', po.id, 'approve')).status).toBe(422);
    const first = await act(tierAgents[0]!, 'purchase-orders', po.id, 'approve', 'Within budget');
    expect(first.body.data.status).toBe('pending_approval');
    expect(await bell(1)).toHaveLength(1);
    expect((await act(tierAgents[0]!, 'purchase-orders', po.id, 'approve')).status).toBe(422); // the same person twice
    const second = await act(tierAgents[1]!, 'purchase-orders', po.id, 'approve', 'Finance ok');
    expect(second.body.data.status).toBe('approved');
    const approvals = (await call(buyer, 'GET', `/api/purchase-orders/${po.id}/approvals`)).body.data;
    expect(approvals.tiers.map((tier: { level: number; decision: { comment: string } | null }) => [tier.level, tier.decision?.comment])).toEqual([
      [11, 'Within budget'],
      [12, 'Finance ok'],
    ]);
    expect(approvals.next).toBeNull();

    // One person holding two tiers' roles approves only one of them.
    const po2 = await order([{ unitPrice: '60000', quantity: '1' }]);
    await act(buyer, 'purchase-orders', po2.id, 'submit');
    expect((await act(both, 'purchase-orders', po2.id, 'approve')).body.data.status).toBe('pending_approval');
    const twice = await act(both, 'purchase-orders', po2.id, 'approve');
    expect(twice.status).toBe(422);
    expect(twice.body.message).toMatch(/already approved/);
    // Returning to draft needs a reason and clears the approvals given.
    expect((await act(tierAgents[1]!, 'purchase-orders', po2.id, 'reject')).status).toBe(400);
    expect((await act(tierAgents[1]!, 'purchase-orders', po2.id, 'reject', 'Wrong supplier')).body.data.status).toBe('draft');
    expect((await call(buyer, 'GET', `/api/purchase-orders/${po2.id}/approvals`)).body.data.tiers.every((tier: { decision: unknown }) => tier.decision === null)).toBe(true);
  });

  it('receives an issued order in parts, refuses over-receipt without a reason, moves the order and the request on', async () => {
    const request = await approvedRequest([
      { description: 'Tiles', quantity: '10', estimatedUnitPrice: '50' },
      { description: 'Grout', quantity: '4', estimatedUnitPrice: '20' },
    ]);
    const qa = await quote(request.id, supplierA, request.lines.map((line) => ({ requestLine: line.id, unitPrice: '45.00', quantity: String(line.quantity) })));
    const orders = (await call(buyer, 'POST', `/api/purchase-requests/${request.id}/award`, { quotation: qa.id })).body.data.orders as { id: string }[];
    const po = (await call(buyer, 'GET', `/api/purchase-orders/${orders[0]!.id}`)).body.data as Row & { lines: Row[] };
    const [tiles, grout] = po.lines;
    expect((await call(buyer, 'POST', `/api/purchase-orders/${po.id}/receipts`, { lines: [{ line: tiles!.id, quantity: '1' }] })).status).toBe(422); // not issued
    await act(buyer, 'purchase-orders', po.id, 'submit');
    await act(tierAgents[0]!, 'purchase-orders', po.id, 'approve');
    const issued = await act(buyer, 'purchase-orders', po.id, 'issue');
    expect(issued.body.data.status).toBe('issued');
    expect(issued.body.data.issuedOn).toBe(new Date().toISOString().slice(0, 10));
    const requesterNotes = await db.query<{ title: string }>('select title from notifications where user_id = $1', [buyerId]);
    expect(requesterNotes.rows.map((row) => row.title)).toContain(`${po.number} issued to the supplier`);

    const part = await call(buyer, 'POST', `/api/purchase-orders/${po.id}/receipts`, { lines: [{ line: tiles!.id, quantity: '6' }] });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data.status).toBe('partially_received');
    const over = await call(buyer, 'POST', `/api/purchase-orders/${po.id}/receipts`, { lines: [{ line: tiles!.id, quantity: '5' }, { line: grout!.id, quantity: '4' }] });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([{ field: 'lines.0.quantity', message: expect.stringMatching(/over-receipt reason/) }]);
    expect((await call(buyer, 'GET', `/api/purchase-orders/${po.id}/receipts`)).body.data).toHaveLength(1); // nothing half-written
    const rest = await call(buyer, 'POST', `/api/purchase-orders/${po.id}/receipts`, { lines: [{ line: tiles!.id, quantity: '5' }, { line: grout!.id, quantity: '4' }], overReceiptReason: 'Spare box delivered free' });
    expect(rest.body.data.status).toBe('received');
    const after = (await call(buyer, 'GET', `/api/purchase-requests/${request.id}`)).body.data;
    expect(after.lines.map((line: { receivedQuantity: string }) => Number(line.receivedQuantity))).toEqual([11, 4]);
    expect((await act(buyer, 'purchase-orders', po.id, 'close')).body.data.status).toBe('closed');
    expect((await act(buyer, 'purchase-requests', request.id, 'close')).body.data.status).toBe('closed');
  });

  it('prints an order and a request as A4 PDFs, and keeps a quotation\'s PDF attachment', async () => {
    const po = await order([{ unitPrice: '10', quantity: '2', taxPct: '14' }]);
    // Printing is the engine's `/print` (api.md); the old path leads there.
    const old = await buyer.request({ method: 'GET', url: `/api/purchase-orders/${po.id}/pdf` });
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe(`/api/purchase-orders/${po.id}/print`);
    const pdf = await buyer.request({ method: 'GET', url: `/api/purchase-orders/${po.id}/print` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // Quotations answer approved requests (a draft's is refused: see the picker test).
    const request = await approvedRequest();
    expect((await buyer.request({ method: 'GET', url: `/api/purchase-requests/${request.id}/print` })).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const qt = await quote(request.id, supplierA, [{ requestLine: request.lines[0]!.id, unitPrice: '1.00', quantity: '1' }]);
    const notPdf = await buyer.request({ method: 'PUT', url: `/api/quotations/${qt.id}/attachment?name=q.pdf`, headers: { 'content-type': 'application/pdf' }, payload: Buffer.from('hello') });
    expect(notPdf.statusCode).toBe(400);
    const tooBig = await buyer.request({ method: 'PUT', url: `/api/quotations/${qt.id}/attachment`, headers: { 'content-type': 'application/pdf' }, payload: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024)]) });
    expect(tooBig.statusCode).toBe(413);
    const upload = await buyer.request({ method: 'PUT', url: `/api/quotations/${qt.id}/attachment?name=offer.pdf`, headers: { 'content-type': 'application/pdf' }, payload: pdf.rawPayload });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.attachmentName).toBe('offer.pdf');
    const view = await buyer.request({ method: 'GET', url: `/api/quotations/${qt.id}/attachment` });
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(view.rawPayload, pdf.rawPayload)).toBe(0);
    expect((await approver.request({ method: 'GET', url: `/api/quotations/${qt.id}/attachment` })).statusCode).toBe(423);
  });

  it('answers the dashboard: open requests by status, orders awaiting approval, spend by project', async () => {
    const waiting = await order([{ unitPrice: '100', quantity: '1' }]);
    await act(buyer, 'purchase-orders', waiting.id, 'submit');
    const dashboard = await call(buyer, 'GET', '/api/procurement/dashboard');
    expect(dashboard.status).toBe(200);
    const statuses = dashboard.body.data.requestsByStatus.map((row: { status: string }) => row.status);
    expect(statuses).toContain('draft');
    expect(statuses).not.toContain('closed');
    const pending = await db.query<{ n: number; total: string }>("select count(*)::int as n, coalesce(sum(total), 0)::text as total from purchase_orders where status = 'pending_approval'");
    expect(pending.rows[0]!.n).toBeGreaterThan(0);
    expect(dashboard.body.data.awaitingApproval).toEqual({ count: pending.rows[0]!.n, total: pending.rows[0]!.total });
    const drafts = await db.query<{ n: number }>("select count(*)::int as n from purchase_requests where status = 'draft'");
    expect(dashboard.body.data.requestsByStatus.find((row: { status: string }) => row.status === 'draft').count).toBe(drafts.rows[0]!.n);
    // The two orders approved above this month count for "No project".
    const spend = dashboard.body.data.spendByProject.find((row: { project: string }) => row.project === 'No project');
    expect(Number(spend.total)).toBeGreaterThanOrEqual(57000.34);
  });
});
