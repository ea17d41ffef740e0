import { Decimal } from 'decimal.js';
import type { Queryable } from '@propdesk/server-kit';
import { qty, type ComparisonView } from '../../model/index.js';
import { today } from '../common.server.js';

export type RequestLine = { id: string; description: string; quantity: string; unit: string; ordered: string; received: string };
export type QuoteRow = { id: string; number: string; supplierId: string; supplierName: string; validUntil: string; status: string; total: string | null; leadTimeDays: number | null; hasAttachment: boolean };
export type QuoteLine = { id: string; quotationId: string; requestLineId: string; description: string; unitPrice: string; taxPct: string; quantity: string; leadTimeDays: number | null };

/** A request's lines with what is ordered and received of each, in line order. */
export async function requestLines(db: Queryable, requestId: string) {
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
