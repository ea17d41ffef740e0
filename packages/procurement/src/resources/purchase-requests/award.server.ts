import { createRecord, effectOf, flushRollups, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { HttpError, dataWord, fieldError, notFound, unprocessable, type FieldError, type Queryable } from '@propdesk/server-kit';
import type { z } from 'zod';
import { procurementText, stateWord } from '../../server/i18n/catalog.js';
import { qty, type awardSchema } from '../../model/index.js';
import { today } from '../common.server.js';
import { requestLines, type QuoteLine, type QuoteRow, type RequestLine } from './comparison.server.js';

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
