import type { Queryable } from '@propdesk/server-kit';
import { DISPLAY_TIME_ZONE, formatDate, formatDateTime } from '@propdesk/records/model';
import { formatMoney } from '../../model/index.js';
import { MARGIN, facts, header, printCompany, qtyText, render, table, totals } from '../../server/pdf.js';

/** The purchase request as a PDF: what is asked for, its lines and who submitted, approved or rejected it. */
export async function requestPdf(db: Queryable, id: string): Promise<{ name: string; content: Buffer }> {
  const request = (
    await db.query<Record<string, string | null>>(
      `select r.number, r.title, r.status, r.needed_by::text as needed, r.justification, r.estimated_total::text as total, u.full_name as requester, d.name as department, p.name as project, s.name as site
       from purchase_requests r left join users u on u.id = r.requester_id left join departments d on d.id = r.department_id left join projects p on p.id = r.project_id left join sites s on s.id = r.site_id where r.id = $1`,
      [id],
    )
  ).rows[0]!;
  const lines = (
    await db.query<Record<string, string>>(
      `select coalesce(line_no::text, '') as no, description, quantity::text as quantity, unit, coalesce(estimated_unit_price, 0)::text as price,
              coalesce(ordered_quantity, 0)::text as ordered, coalesce(received_quantity, 0)::text as received
       from purchase_request_lines where request_id = $1 order by line_no nulls last, description`,
      [id],
    )
  ).rows;
  const decisions = (
    await db.query<{ action: string; at: Date | string; name: string | null; reason: string | null }>(
      `select h.action, h.at, u.full_name as name, h.reason from record_history h left join users u on u.id = h.actor_id
       where h.resource = 'purchase-requests' and h.record_id = $1 and h.action in ('submit', 'approve', 'reject') order by h.id`,
      [id],
    )
  ).rows;
  const company = await printCompany(db);
  const content = await render(`Purchase request ${request.number ?? ''}`, company, (doc) => {
    header(doc, company, 'PURCHASE REQUEST', request.number ?? '', request.status ?? '');
    facts(doc, [
      ['Subject', request.title ?? ''],
      ['Requester', request.requester ?? ''],
      ['Department', request.department ?? ''],
      ['Project / site', [request.project, request.site].filter(Boolean).join(' / ')],
      ['Needed by', formatDate(request.needed ?? '')],
      ['Justification', request.justification ?? ''],
    ]);
    table(
      doc,
      [
        { label: '#', width: 25 },
        { label: 'Description', width: 190 },
        { label: 'Qty', width: 50, align: 'right' },
        { label: 'Unit', width: 40 },
        { label: 'Est. price', width: 80, align: 'right' },
        { label: 'Ordered', width: 55, align: 'right' },
        { label: 'Received', width: 55, align: 'right' },
      ],
      lines.map((line) => [line.no!, line.description!, qtyText(line.quantity!), line.unit!, formatMoney(line.price), qtyText(line.ordered!), qtyText(line.received!)]),
    );
    totals(doc, [['Total', formatMoney(request.total ?? '0')]]);
    doc.font('Helvetica-Bold').fontSize(11).text('Approvals', MARGIN);
    doc.moveDown(0.3);
    if (decisions.length === 0) doc.font('Helvetica').fontSize(9).text('Not submitted yet.');
    const verbs: Record<string, string> = { submit: 'Submitted', approve: 'Approved', reject: 'Rejected' };
    for (const decision of decisions) {
      doc.font('Helvetica').fontSize(9).text(`${verbs[decision.action] ?? decision.action} by ${decision.name ?? 'the system'}, ${formatDateTime(decision.at, DISPLAY_TIME_ZONE)}${decision.reason ? ` — ${decision.reason}` : ''}`);
    }
  });
  return { name: `${request.number ?? 'purchase-request'}.pdf`, content };
}
