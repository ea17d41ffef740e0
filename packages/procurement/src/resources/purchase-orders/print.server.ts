import type { Queryable } from '@propdesk/server-kit';
import { DISPLAY_TIME_ZONE, formatDate, formatDateTime } from '@propdesk/records/model';
import { formatMoney } from '../../model/index.js';
import { MARGIN, facts, header, printCompany, qtyText, render, table, totals } from '../../server/pdf.js';
import { decisionsOf } from './approvals.server.js';

/** The purchase order as a PDF: supplier, lines, totals and the approvals given. */
export async function orderPdf(db: Queryable, id: string): Promise<{ name: string; content: Buffer }> {
  const order = (
    await db.query<Record<string, string | null>>(
      `select o.number, o.title, o.status, o.delivery_date::text as delivery, o.issued_on::text as issued, o.notes, o.subtotal::text as subtotal, o.tax_total::text as tax, o.total::text as total,
              s.name as supplier, s.address as "supplierAddress", s.email as "supplierEmail", s.payment_terms as terms, r.number as request, p.name as project,
              coalesce(nullif(p.currency, ''), 'EGP') as currency
       from purchase_orders o join suppliers s on s.id = o.supplier_id left join purchase_requests r on r.id = o.request_id left join projects p on p.id = o.project_id where o.id = $1`,
      [id],
    )
  ).rows[0]!;
  const lines = (
    await db.query<Record<string, string>>(
      `select coalesce(line_no::text, '') as no, description, quantity::text as quantity, unit, unit_price::text as price, coalesce(tax_pct, 0)::text as tax, coalesce(line_total, 0)::text as total, coalesce(received_quantity, 0)::text as received
       from purchase_order_lines where order_id = $1 order by line_no nulls last, description`,
      [id],
    )
  ).rows;
  const decisions = await decisionsOf(db, id);
  const company = await printCompany(db);
  const content = await render(`Purchase order ${order.number ?? ''}`, company, (doc) => {
    header(doc, company, 'PURCHASE ORDER', order.number ?? '', order.status ?? '');
    facts(doc, [
      ['Supplier', [order.supplier, order.supplierAddress, order.supplierEmail].filter(Boolean).join('\n')],
      ['Subject', order.title ?? ''],
      ['Project', order.project ?? ''],
      ['Purchase request', order.request ?? ''],
      ['Delivery by', formatDate(order.delivery ?? '')],
      ['Issued on', formatDate(order.issued ?? '')],
      ['Payment terms', (order.terms ?? '').replace(/_/g, ' ')],
      ['Currency', order.currency ?? 'EGP'],
    ]);
    table(
      doc,
      [
        { label: '#', width: 25 },
        { label: 'Description', width: 175 },
        { label: 'Qty', width: 50, align: 'right' },
        { label: 'Unit', width: 40 },
        { label: 'Unit price', width: 70, align: 'right' },
        { label: 'Tax %', width: 45, align: 'right' },
        { label: `Amount (${order.currency ?? 'EGP'})`, width: 90, align: 'right' },
      ],
      lines.map((line) => [line.no!, line.description!, qtyText(line.quantity!), line.unit!, formatMoney(line.price), qtyText(line.tax!), formatMoney(line.total)]),
    );
    const currency = order.currency ?? 'EGP';
    totals(doc, [
      ['Subtotal', `${formatMoney(order.subtotal ?? '0')} ${currency}`],
      ['Tax', `${formatMoney(order.tax ?? '0')} ${currency}`],
      ['Total', `${formatMoney(order.total ?? '0')} ${currency}`],
    ]);
    doc.font('Helvetica-Bold').fontSize(11).text('Approvals', MARGIN);
    doc.moveDown(0.3);
    if (decisions.length === 0) doc.font('Helvetica').fontSize(9).text('Not approved yet.');
    for (const decision of decisions) {
      doc.font('Helvetica').fontSize(9).text(`Tier ${decision.tierLevel}: ${decision.userName}, ${formatDateTime(decision.decidedOn, DISPLAY_TIME_ZONE)}${decision.comment ? ` — ${decision.comment}` : ''}`);
    }
    if (order.notes) {
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text('Notes');
      doc.font('Helvetica').fontSize(9).text(order.notes);
    }
  });
  return { name: `${order.number ?? 'purchase-order'}.pdf`, content };
}
