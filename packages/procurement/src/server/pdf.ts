import type { Queryable } from '@propdesk/server-kit';
import PDFDocument from 'pdfkit';
import { stateWords } from '../model/index.js';

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

/** A table column of a print: its heading, width in points and alignment. */
export type Column = { label: string; width: number; align?: 'left' | 'right' };
/** The layout every procurement print shares (the documents' own prints are in their folders' `print.server.ts`). */
export type Pdf = InstanceType<typeof PDFDocument>;

export const MARGIN = 50;
const PAGE_BOTTOM = 841.89 - MARGIN;

/** A print: an A4 document built by `build`, as bytes. */
export function render(title: string, company: PrintCompany, build: (doc: Pdf) => void): Promise<Buffer> {
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

/** The company, the document's title, number and state, and a rule below them. */
export function header(doc: Pdf, company: PrintCompany, title: string, number: string, status: string) {
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

/** Label and value rows. */
export function facts(doc: Pdf, rows: [string, string][]) {
  doc.fontSize(10).fillColor('#000');
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, MARGIN, y, { width: 120 });
    doc.font('Helvetica').text(value || '—', MARGIN + 125, y, { width: 370 });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.8);
}

/** A table with a shaded header row, breaking to a new page when full. */
export function table(doc: Pdf, columns: Column[], rows: string[][]) {
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

/** Totals on the right; the last, `Total`, in bold. */
export function totals(doc: Pdf, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const y = doc.y;
    const last = label === 'Total';
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 10).text(label, 330, y, { width: 100, align: 'right' }).text(value, 435, y, { width: 107, align: 'right' });
    doc.moveDown(0.3);
  }
  doc.moveDown(1);
}

/** A quantity as printed: no trailing zeros. */
export const qtyText = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
