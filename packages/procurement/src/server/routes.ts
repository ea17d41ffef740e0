import { callerOf, createRecord, effectOf, engineTransaction, flushRollups, getRecord, recordDoc, recordsCatalog, thingOf, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { HttpError, accessDenied, badRequest, dataWord, fieldError, notFound, ok, okEnvelope, sendError, text, unauthorized, unprocessable, type AuthHook, type FieldError, type Queryable } from '@propdesk/server-kit';
import { procurementText, stateWord } from './i18n/catalog.js';
import { Decimal } from 'decimal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalsDoc, awardDoc, comparisonDoc, dashboardDoc, receiptsDoc } from './docs.js';
import { OPEN_REQUEST_STATES, awardSchema, qty, receiptSchema, type ComparisonView } from '../model/index.js';
import { decisionsOf, requiredTiers } from '../resources/purchase-orders/approvals.server.js';

const idParams = z.object({ id: z.uuid({ error: 'Must be a record id' }) });
export const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;

const can = (entity: string, action: string): AuthHook => async (request, reply) => {
  if (!request.auth) await sendError(reply, unauthorized());
  else if (!request.auth.checker.can(entity, action)) await sendError(reply, accessDenied());
};

const today = () => new Date().toISOString().slice(0, 10);

type RequestLine = { id: string; description: string; quantity: string; unit: string; ordered: string; received: string };
type QuoteRow = { id: string; number: string; supplierId: string; supplierName: string; validUntil: string; status: string; total: string | null; leadTimeDays: number | null; hasAttachment: boolean };
type QuoteLine = { id: string; quotationId: string; requestLineId: string; description: string; unitPrice: string; taxPct: string; quantity: string; leadTimeDays: number | null };

async function requestLines(db: Queryable, requestId: string) {
  return (
    await db.query<RequestLine>(
      `select id::text as id, description, quantity::text as quantity, unit, coalesce(ordered_quantity, 0)::text as ordered, coalesce(received_quantity, 0)::text as received
       from purchase_request_lines where request_id = $1 order by line_no nulls last, description, id`,
      [requestId],
    )
  ).rows;
}

/** The comparison of a request's quotations: suppliers as columns, request lines as rows. */
export async function comparisonOf(db: Queryable, requestId: string): Promise<ComparisonView | null> {
  const request = (await db.query<{ id: string; number: string; title: string; status: string }>('select id::text as id, number, title, status from purchase_requests where id = $1', [requestId])).rows[0];
  if (!request) return null;
  const lines = await requestLines(db, requestId);
  const quotes = (
    await db.query<QuoteRow>(
      `select q.id::text as id, q.number, q.supplier_id::text as "supplierId", s.name as "supplierName", q.valid_until::text as "validUntil", q.status,
              q.total::text as total, q.lead_time_days as "leadTimeDays", exists (select 1 from quotation_attachments a where a.quotation_id = q.id) as "hasAttachment"
       from quotations q join suppliers s on s.id = q.supplier_id where q.request_id = $1 and q.status <> 'cancelled' order by s.name, q.number`,
      [requestId],
    )
  ).rows;
  const quoteLines = (
    await db.query<QuoteLine>(
      `select ql.id::text as id, ql.quotation_id::text as "quotationId", ql.request_line_id::text as "requestLineId", ql.description, ql.unit_price::text as "unitPrice",
              coalesce(ql.tax_pct, 0)::text as "taxPct", ql.quantity::text as quantity, coalesce(ql.lead_time_days, q.lead_time_days) as "leadTimeDays"
       from quotation_lines ql join quotations q on q.id = ql.quotation_id where q.request_id = $1 and ql.request_line_id is not null and q.status <> 'cancelled'`,
      [requestId],
    )
  ).rows;
  const now = today();
  const live = new Set(quotes.filter((quote) => quote.validUntil >= now).map((quote) => quote.id));
  const rows = lines.map((line) => {
    const cells: ComparisonView['rows'][number]['cells'] = {};
    for (const quote of quotes) {
      const match = quoteLines.find((candidate) => candidate.quotationId === quote.id && candidate.requestLineId === line.id);
      cells[quote.id] = match
        ? {
            quotation: quote.id,
            quotationLine: match.id,
            unitPrice: match.unitPrice,
            quantity: match.quantity,
            total: new Decimal(match.quantity).times(match.unitPrice).toFixed(2),
            leadTimeDays: match.leadTimeDays,
            lowest: false,
          }
        : null;
    }
    // The lowest unit price among quotations still valid is marked (ties: all of them).
    const prices = Object.values(cells).filter((cell) => cell && live.has(cell.quotation)).map((cell) => cell!.unitPrice);
    const lowest = prices.reduce<string | null>((min, price) => (min === null || qty.cmp(price, min) < 0 ? price : min), null);
    for (const cell of Object.values(cells)) if (cell && lowest !== null && live.has(cell.quotation) && qty.cmp(cell.unitPrice, lowest) === 0) cell.lowest = true;
    return { requestLine: line.id, description: line.description, quantity: line.quantity, unit: line.unit, orderedQuantity: line.ordered, cells };
  });
  const liveTotals = quotes.filter((quote) => live.has(quote.id)).map((quote) => quote.total ?? '0');
  const lowestTotal = liveTotals.reduce<string | null>((min, total) => (min === null || qty.cmp(total, min) < 0 ? total : min), null);
  return {
    request,
    columns: quotes.map((quote) => ({
      quotation: quote.id,
      number: quote.number,
      supplier: quote.supplierId,
      supplierName: quote.supplierName,
      validUntil: quote.validUntil,
      expired: !live.has(quote.id),
      status: quote.status,
      total: quote.total ?? '0.00',
      lowestTotal: live.has(quote.id) && lowestTotal !== null && qty.cmp(quote.total ?? '0', lowestTotal) === 0,
      leadTimeDays: quote.leadTimeDays,
      hasAttachment: quote.hasAttachment,
    })),
    rows,
  };
}


/**
 * Awards a request, whole or line by line: one purchase order per supplier (draft, with the quoted
 * prices and the quantities still to order), the request lines' ordered quantities and the
 * request's state moved on, the quotations marked. All in the caller's transaction.
 */
export async function award(ctx: EngineContext, tx: Queryable, caller: Caller, requestId: string, body: z.infer<typeof awardSchema>) {
  const request = (
    await tx.query<{ id: string; number: string; title: string; status: string; project: string | null }>(
      'select id::text as id, number, title, status, project_id::text as project from purchase_requests where id = $1 for update',
      [requestId],
    )
  ).rows[0];
  if (!request) throw notFound(procurementText('noPurchaseRequest'));
  if (!['approved', 'partially_ordered'].includes(request.status)) throw unprocessable(procurementText('awardNotInState', { status: stateWord('purchase-requests', request.status) }));
  const lines = await requestLines(tx, requestId);
  const quotes = (
    await tx.query<QuoteRow>(
      `select q.id::text as id, q.number, q.supplier_id::text as "supplierId", s.name as "supplierName", q.valid_until::text as "validUntil", q.status, q.total::text as total, q.lead_time_days as "leadTimeDays", false as "hasAttachment"
       from quotations q join suppliers s on s.id = q.supplier_id where q.request_id = $1`,
      [requestId],
    )
  ).rows;
  const quoteLines = (
    await tx.query<QuoteLine>(
      `select ql.id::text as id, ql.quotation_id::text as "quotationId", ql.request_line_id::text as "requestLineId", ql.description, ql.unit_price::text as "unitPrice",
              coalesce(ql.tax_pct, 0)::text as "taxPct", ql.quantity::text as quantity, ql.lead_time_days as "leadTimeDays"
       from quotation_lines ql join quotations q on q.id = ql.quotation_id where q.request_id = $1 and ql.request_line_id is not null`,
      [requestId],
    )
  ).rows;
  const pairs: { line: RequestLine; quote: QuoteRow; quoteLine: QuoteLine }[] = [];
  const problems: FieldError[] = [];
  const usable = (quote: QuoteRow | undefined, field: string) => {
    if (!quote) problems.push(fieldError(field, procurementText('notQuotationOfRequest')));
    else if (!['received', 'awarded'].includes(quote.status)) problems.push(fieldError(field, procurementText('quotationInState', { number: dataWord(quote.number), status: stateWord('quotations', quote.status) })));
    else if (quote.validUntil < today()) problems.push(fieldError(field, procurementText('quotationExpired', { number: dataWord(quote.number), date: dataWord(quote.validUntil) })));
    else return quote;
    return null;
  };
  const remaining = (line: RequestLine) => qty.sub(line.quantity, line.ordered);
  if ('quotation' in body) {
    const quote = usable(
      quotes.find((candidate) => candidate.id === body.quotation),
      'quotation',
    );
    if (quote) {
      for (const line of lines) {
        const quoteLine = quoteLines.find((candidate) => candidate.quotationId === quote.id && candidate.requestLineId === line.id);
        if (quoteLine && qty.isPositive(remaining(line))) pairs.push({ line, quote, quoteLine });
      }
      if (pairs.length === 0 && problems.length === 0) problems.push(fieldError('quotation', procurementText('quotationPricesNothing')));
    }
  } else {
    const seen = new Set<string>();
    body.lines.forEach((item, index) => {
      const line = lines.find((candidate) => candidate.id === item.requestLine);
      if (!line) return void problems.push(fieldError(`lines.${index}.requestLine`, procurementText('notLineOfRequest')));
      if (seen.has(line.id)) return void problems.push(fieldError(`lines.${index}.requestLine`, procurementText('awardedTwice')));
      seen.add(line.id);
      if (!qty.isPositive(remaining(line))) return void problems.push(fieldError(`lines.${index}.requestLine`, procurementText('orderedInFull')));
      const quote = usable(
        quotes.find((candidate) => candidate.id === item.quotation),
        `lines.${index}.quotation`,
      );
      if (!quote) return;
      const quoteLine = quoteLines.find((candidate) => candidate.quotationId === quote.id && candidate.requestLineId === line.id);
      if (!quoteLine) return void problems.push(fieldError(`lines.${index}.quotation`, procurementText('quotationNotPricing', { number: dataWord(quote.number) })));
      pairs.push({ line, quote, quoteLine });
    });
  }
  if (problems.length > 0) throw new HttpError(422, procurementText('awardRefused'), { errors: problems });

  // Everything below is a side effect of the award: written through the engine, so each order, line,
  // kept quantity and quotation state has its version and history, named as the award's.
  const effect = effectOf(caller);
  const orders: { id: string; number: string; supplier: string; total: string }[] = [];
  const bySupplier = new Map<string, typeof pairs>();
  for (const pair of pairs) bySupplier.set(pair.quote.supplierId, [...(bySupplier.get(pair.quote.supplierId) ?? []), pair]);
  const orderDef = ctx.registry.get('purchase-orders');
  const lineDef = ctx.registry.get('purchase-order-lines');
  const quotationDef = ctx.registry.get('quotations');
  const created: { id: string; number: string; supplier: string; quotationIds: string[] }[] = [];
  for (const group of bySupplier.values()) {
    const quotationIds = [...new Set(group.map((pair) => pair.quote.id))];
    const supplierName = group[0]!.quote.supplierName;
    const order = await createRecord(ctx, tx, orderDef, effect, {
      title: `${request.title} — ${supplierName}`.slice(0, 160),
      supplier: group[0]!.quote.supplierId,
      request: request.id,
      quotation: quotationIds.length === 1 ? quotationIds[0] : null,
      project: request.project,
    });
    for (const [index, pair] of group.entries()) {
      // What was quoted: its wording, price and tax; the quantity still to order, at most what was quoted.
      const remainingQuantity = remaining(pair.line);
      const quantity = qty.cmp(pair.quoteLine.quantity, remainingQuantity) < 0 ? pair.quoteLine.quantity : remainingQuantity;
      await createRecord(ctx, tx, lineDef, effect, {
        order: order.id,
        lineNo: index + 1,
        requestLine: pair.line.id,
        description: pair.quoteLine.description,
        quantity,
        unit: pair.line.unit,
        unitPrice: pair.quoteLine.unitPrice,
        taxPct: pair.quoteLine.taxPct,
      });
    }
    created.push({ id: order.id, number: String(order.number), supplier: supplierName, quotationIds });
  }
  // The orders' totals and the request lines' ordered quantities are roll-ups: settle them now.
  await flushRollups(ctx, tx);
  for (const order of created) {
    const stored = (await tx.query<{ total: string }>('select total::text as total from purchase_orders where id = $1', [order.id])).rows[0]!;
    orders.push({ id: order.id, number: order.number, supplier: order.supplier, total: stored.total });
    for (const quotationId of order.quotationIds) {
      await updateRecord(ctx, tx, quotationDef, effect, quotationId, { status: 'awarded' }, { ignoreVersion: true, allowReadOnly: true, action: 'award', reason: `${order.number} (${request.number})` });
    }
  }
  const after = await requestLines(tx, requestId);
  const complete = after.every((line) => qty.cmp(line.ordered, line.quantity) >= 0);
  await updateRecord(ctx, tx, ctx.registry.get('purchase-requests'), caller, requestId, { status: complete ? 'ordered' : 'partially_ordered' }, {
    ignoreVersion: true,
    allowReadOnly: true,
    action: 'award',
    reason: orders.map((order) => `${order.number} (${order.supplier})`).join(', '),
  });
  if (complete) {
    const open = await tx.query<{ id: string }>("select id::text as id from quotations where request_id = $1 and status = 'received' order by id", [requestId]);
    for (const quotation of open.rows) {
      await updateRecord(ctx, tx, quotationDef, effect, quotation.id, { status: 'not_awarded' }, { ignoreVersion: true, allowReadOnly: true, action: 'award', reason: `${request.number} ordered in full` });
    }
  }
  return orders;
}

/** Receives goods against an issued order; over-receipt needs a reason. Moves the order and its request on. */
export async function receive(ctx: EngineContext, tx: Queryable, caller: Caller, orderId: string, body: z.infer<typeof receiptSchema>) {
  const order = (await tx.query<{ status: string; request: string | null }>('select status, request_id::text as request from purchase_orders where id = $1 for update', [orderId])).rows[0];
  if (!order) throw notFound(procurementText('noPurchaseOrder'));
  if (!['issued', 'partially_received'].includes(order.status)) throw unprocessable(procurementText('receiveOnlyIssued', { status: stateWord('purchase-orders', order.status) }));
  const lines = (
    await tx.query<{ id: string; quantity: string; received: string; requestLine: string | null }>(
      'select id::text as id, quantity::text as quantity, coalesce(received_quantity, 0)::text as received, request_line_id::text as "requestLine" from purchase_order_lines where order_id = $1',
      [orderId],
    )
  ).rows;
  const problems: FieldError[] = [];
  const receivedNow = new Map<string, string>();
  body.lines.forEach((item, index) => {
    const line = lines.find((candidate) => candidate.id === item.line);
    if (!line) return void problems.push(fieldError(`lines.${index}.line`, procurementText('notLineOfOrder')));
    const total = qty.add(qty.add(line.received, receivedNow.get(line.id) ?? '0'), item.quantity);
    if (qty.cmp(total, line.quantity) > 0 && !body.overReceiptReason) {
      problems.push(fieldError(`lines.${index}.quantity`, procurementText('overReceipt', { ordered: dataWord(line.quantity), received: dataWord(line.received) })));
    }
    receivedNow.set(line.id, qty.add(receivedNow.get(line.id) ?? '0', item.quantity));
  });
  if (problems.length > 0) throw new HttpError(422, procurementText('receiptRefused'), { errors: problems });
  const lineDef = ctx.registry.get('purchase-order-lines');
  const effect = effectOf(caller);
  const summary = body.lines.map((item) => item.quantity).join(' + ');
  for (const item of body.lines) {
    await tx.query('insert into po_receipts (order_id, line_id, quantity, received_on, over_receipt_reason, received_by) values ($1, $2, $3::numeric, $4::date, $5, $6)', [
      orderId,
      item.line,
      item.quantity,
      body.receivedOn ?? today(),
      body.overReceiptReason ?? null,
      caller.auth?.userId ?? null,
    ]);
  }
  // Each line's received quantity through the engine (the request line's follows as a roll-up).
  for (const [lineId, quantity] of receivedNow) {
    const line = lines.find((candidate) => candidate.id === lineId)!;
    await updateRecord(ctx, tx, lineDef, effect, lineId, { receivedQuantity: qty.add(line.received, quantity) }, {
      ignoreVersion: true,
      allowReadOnly: true,
      action: 'receive',
      reason: `${quantity} received`,
    });
  }
  const after = (await tx.query<{ n: number }>('select count(*)::int as n from purchase_order_lines where order_id = $1 and coalesce(received_quantity, 0) < quantity', [orderId])).rows[0]!;
  const status = after.n === 0 ? 'received' : 'partially_received';
  return updateRecord(ctx, tx, ctx.registry.get('purchase-orders'), caller, orderId, { status }, {
    ignoreVersion: true,
    allowReadOnly: true,
    action: 'receive',
    reason: body.overReceiptReason ? `${summary} received; over-receipt: ${body.overReceiptReason}` : `${summary} received`,
  });
}

/** The custom procurement calls beside the engine's generated ones (api.md, Procurement). */
export function registerProcurementRoutes(rawApp: FastifyInstance, ctx: EngineContext) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const options = { db: ctx.db, registry: ctx.registry };
  const tags = ['Procurement'];

  const visible = async (request: FastifyRequest, resource: string, id: string) => {
    const record = await getRecord(ctx, options.db, options.registry.get(resource), callerOf(request), id);
    if (!record) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(options.registry.get(resource)) }));
    return record;
  };

  app.get('/api/purchase-requests/:id/comparison', { schema: { tags, summary: "A request's quotations side by side", params: idParams, docs: { response: { 200: comparisonDoc } } }, onRequest: can('quotation', 'read') }, async (request) => {
    await visible(request, 'purchase-requests', request.params.id);
    return ok(await comparisonOf(options.db, request.params.id));
  });

  app.post(
    '/api/purchase-requests/:id/award',
    { schema: { tags, summary: 'Award a request, whole or line by line: one purchase order per supplier', params: idParams, body: awardSchema, docs: { response: { 201: awardDoc } } }, onRequest: can('poheader', 'create') },
    async (request, reply) => {
      await visible(request, 'purchase-requests', request.params.id);
      const orders = await engineTransaction(ctx, (tx) => award(ctx, tx, callerOf(request), request.params.id, request.body));
      reply.code(201);
      return ok({ orders }, `${orders.length} purchase order${orders.length === 1 ? '' : 's'} created.`);
    },
  );

  app.get('/api/purchase-orders/:id/approvals', { schema: { tags, summary: "An order's approval tiers and decisions", params: idParams, docs: { response: { 200: approvalsDoc } } }, onRequest: can('poheader', 'read') }, async (request) => {
    const order = await visible(request, 'purchase-orders', request.params.id);
    const tiers = await requiredTiers(options.db, String(order.total ?? '0'));
    const decisions = await decisionsOf(options.db, request.params.id);
    const next = ['pending_approval'].includes(String(order.status)) ? tiers.find((tier) => !decisions.some((decision) => decision.tierLevel === tier.level)) : undefined;
    return ok({
      tiers: tiers.map((tier) => ({ ...tier, decision: decisions.find((decision) => decision.tierLevel === tier.level) ?? null })),
      next: next?.level ?? null,
    });
  });

  app.get('/api/purchase-orders/:id/receipts', { schema: { tags, summary: 'Goods received against an order', params: idParams, docs: { response: { 200: receiptsDoc } } }, onRequest: can('poheader', 'read') }, async (request) => {
    await visible(request, 'purchase-orders', request.params.id);
    const rows = await options.db.query(
      `select r.id::text as id, r.line_id::text as line, l.description, r.quantity::text as quantity, r.received_on::text as "receivedOn", r.over_receipt_reason as "overReceiptReason", u.full_name as "receivedBy"
       from po_receipts r join purchase_order_lines l on l.id = r.line_id left join users u on u.id = r.received_by where r.order_id = $1 order by r.created_on, l.line_no`,
      [request.params.id],
    );
    return ok(rows.rows);
  });

  app.post(
    '/api/purchase-orders/:id/receipts',
    { schema: { tags, summary: 'Record goods received (partial allowed; over-receipt needs a reason)', params: idParams, body: receiptSchema, docs: { response: { 201: okEnvelope(recordDoc(ctx.registry, ctx.registry.get('purchase-orders'))) } } }, onRequest: can('poheader', 'update') },
    async (request, reply) => {
      await visible(request, 'purchase-orders', request.params.id);
      const record = await engineTransaction(ctx, (tx) => receive(ctx, tx, callerOf(request), request.params.id, request.body));
      reply.code(201);
      return ok(record, 'Goods received.');
    },
  );

  app.register(async (scope) => {
    scope.addContentTypeParser(['application/pdf', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: ATTACHMENT_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.put(
      '/api/quotations/:id/attachment',
      {
        schema: { tags, summary: "Upload the supplier's PDF (at most 5 MB)", params: idParams, querystring: z.object({ name: z.string().trim().min(1).max(200).optional() }), docs: { consumes: ['application/pdf'], response: { 200: okEnvelope(recordDoc(ctx.registry, ctx.registry.get('quotations'))) } } },
        onRequest: can('quotation', 'update'),
        bodyLimit: ATTACHMENT_LIMIT_BYTES,
      },
      async (request) => {
        await visible(request, 'quotations', request.params.id);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Validation failed', [fieldError('file', procurementText('sendPdf'))]);
        if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('Validation failed', [fieldError('file', procurementText('onlyPdf'))]);
        const name = (request.query.name ?? 'quotation.pdf').replace(/[\\/"\r\n]/g, '_');
        const record = await engineTransaction(ctx, async (tx) => {
          await tx.query(
            `insert into quotation_attachments (quotation_id, file_name, content_type, size, content, uploaded_by) values ($1, $2, 'application/pdf', $3, $4, $5)
             on conflict (quotation_id) do update set file_name = excluded.file_name, size = excluded.size, content = excluded.content, uploaded_by = excluded.uploaded_by, uploaded_on = now()`,
            [request.params.id, name, body.length, body, request.auth?.userId ?? null],
          );
          return updateRecord(ctx, tx, options.registry.get('quotations'), callerOf(request), request.params.id, { attachmentName: name }, { ignoreVersion: true, allowReadOnly: true, action: 'attach' });
        });
        return ok(record, 'Attachment uploaded.');
      },
    );
  });

  app.get('/api/quotations/:id/attachment', { schema: { tags, summary: "View the supplier's PDF", params: idParams, docs: { files: ['application/pdf'] } }, onRequest: can('quotation', 'read') }, async (request, reply) => {
    await visible(request, 'quotations', request.params.id);
    const row = (await options.db.query<{ name: string; content: Uint8Array }>('select file_name as name, content from quotation_attachments where quotation_id = $1', [request.params.id])).rows[0];
    if (!row) throw notFound(procurementText('noAttachment'));
    reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${row.name}"`).header('cache-control', 'no-store');
    return reply.send(Buffer.from(row.content));
  });

  // The printable documents are the engine's `/print` (api.md); the old paths lead there.
  for (const resource of ['purchase-orders', 'purchase-requests']) {
    app.get(`/api/${resource}/:id/pdf`, { schema: { hide: true, params: idParams } }, async (request, reply) => reply.redirect(`/api/${resource}/${request.params.id}/print`, 308));
  }

  app.get('/api/procurement/dashboard', { schema: { tags, summary: 'Open requests (draft to partly ordered) by status, orders awaiting approval, spend by project this month', docs: { response: { 200: dashboardDoc } } }, onRequest: can('PurchaseRequest', 'read') }, async () => {
    const requests = await options.db.query<{ status: string; count: number }>(
      'select status, count(*)::int as count from purchase_requests where status = any($1::text[]) group by status order by status',
      [[...OPEN_REQUEST_STATES]],
    );
    const awaiting = await options.db.query<{ count: number; total: string }>("select count(*)::int as count, coalesce(sum(total), 0)::text as total from purchase_orders where status = 'pending_approval'", []);
    const spend = await options.db.query<{ project: string; total: string }>(
      `select coalesce(p.name, 'No project') as project, sum(o.total)::text as total from purchase_orders o left join projects p on p.id = o.project_id
       where o.status in ('approved', 'issued', 'partially_received', 'received', 'closed') and o.created_on >= date_trunc('month', now())
       group by 1 order by sum(o.total) desc limit 10`,
      [],
    );
    return ok({ requestsByStatus: requests.rows, awaitingApproval: awaiting.rows[0] ?? { count: 0, total: '0' }, spendByProject: spend.rows });
  });
}
