import type { Queryable } from '@propdesk/server-kit';
import PDFDocument from 'pdfkit';
import { DISPLAY_TIME_ZONE, formatDate, formatDateTime } from '@propdesk/records/model';
import { formatMoney, stateWords } from '../model/index.js';
import { decisionsOf } from '../resources/purchase-orders/approvals.server.js';

/** The buyer on procurement's prints: the company profile (Settings › Company Profile), in English. */
export type PrintCompany = { name: string; address: string; contact: string; register: string; logo: Buffer | null };

/** Before a company profile is set up, the prints name no company but say so. */
const NO_COMPANY: PrintCompany = { name: 'Company profile not set up', address: 'Settings › Company Profile', contact: '', register: '', logo: null };

/** The company profile by its table's name (a settings resource; a domain refers to another's by name only). */
export async function printCompany(db: Queryable): Promise<PrintCompany> {
  const row = (
    await db.query<{ name: string; address: string | null; phone: string | null; email: string | null; commercial_register: string | null; tax_card: string | null; logo: Uint8Array | null }>(
      `select p.name, p.address, p.phone, p.email, p.commercial_register, p.tax_card, l.content as logo
         from company_profile p left join company_logos l on l.profile_id = p.id order by p.created_on limit 1`,
    )
  ).rows[0];
  if (!row) return NO_COMPANY;
  return {
    name: row.name,
    address: row.address ?? '',
    contact: [row.phone, row.email].filter(Boolean).join(' · '),
    register: [row.commercial_register ? `Commercial register ${row.commercial_register}` : '', row.tax_card ? `Tax card ${row.tax_card}` : ''].filter(Boolean).join(' · '),
    logo: row.logo ? Buffer.from(row.logo) : null,
  };
}

type Column = { label: string; width: number; align?: 'left' | 'right' };
type Pdf = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
const PAGE_BOTTOM = 841.89 - MARGIN;

function render(title: string, company: PrintCompany, build: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: company.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

function header(doc: Pdf, company: PrintCompany, title: string, number: string, status: string) {
  // The logo at the top left (PNG or JPEG, checked when it was uploaded), the company beside it.
  let left = MARGIN;
  if (company.logo) {
    try {
      doc.image(company.logo, MARGIN, MARGIN, { fit: [48, 48] });
      left = MARGIN + 56;
    } catch {
      left = MARGIN;
    }
  }
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#0d47a1').text(company.name, left, MARGIN, { width: 300 });
  doc.font('Helvetica').fontSize(8.5).fillColor('#555').text(company.address, { width: 300 }).text(company.register, { width: 300 }).text(company.contact, { width: 300 });
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000').text(title, MARGIN, MARGIN, { align: 'right' });
  doc.font('Helvetica').fontSize(10).text(number, { align: 'right' }).text(`Status: ${stateWords(status)}`, { align: 'right' });
  doc.moveTo(MARGIN, 110).lineTo(545, 110).strokeColor('#0d47a1').lineWidth(1.5).stroke();
  doc.y = 122;
}

function facts(doc: Pdf, rows: [string, string][]) {
  doc.fontSize(10).fillColor('#000');
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, MARGIN, y, { width: 120 });
    doc.font('Helvetica').text(value || '—', MARGIN + 125, y, { width: 370 });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.8);
}

function table(doc: Pdf, columns: Column[], rows: string[][]) {
  const drawRow = (cells: string[], bold: boolean) => {
    const heights = cells.map((cell, index) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).heightOfString(cell, { width: columns[index]!.width - 6 }));
    const height = Math.max(...heights) + 6;
    if (doc.y + height > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    if (bold) doc.rect(MARGIN, y, 495, height).fill('#e3eaf5').fillColor('#000');
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor('#000').text(cell, x + 3, y + 3, { width: column.width - 6, align: column.align ?? 'left' });
      x += column.width;
    });
    doc.moveTo(MARGIN, y + height).lineTo(545, y + height).strokeColor('#ccc').lineWidth(0.5).stroke();
    doc.y = y + height;
  };
  drawRow(columns.map((column) => column.label), true);
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.8);
}

function totals(doc: Pdf, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const y = doc.y;
    const last = label === 'Total';
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 10).text(label, 330, y, { width: 100, align: 'right' }).text(value, 435, y, { width: 107, align: 'right' });
    doc.moveDown(0.3);
  }
  doc.moveDown(1);
}

const qtyText = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

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
