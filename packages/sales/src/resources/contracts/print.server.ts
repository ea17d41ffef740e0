import { amountInWords, formatMoney } from '@propdesk/finance';
import { formatDate } from '@propdesk/records/model';
import type { Printer } from '@propdesk/records/server';
import { notFound, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { customerPrintLanguage, keepPrint, printCompany, renderCompanyPdf, type PrintCompany } from '../../print/index.server.js';
import { RESERVATION_FACTS } from '../reservations/facts.server.js';
import { scheduleLines } from '../installments/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';

type Lang = 'ar' | 'en';

const LABELS = {
  en: {
    title: 'Sale Contract', number: 'Contract no.', date: 'Date', reservation: 'Reservation', parties: 'Parties', role: 'Role', name: 'Name', id: 'ID / passport', share: 'Share',
    unit: 'The unit', project: 'Project', code: 'Unit', block: 'Block', floor: 'Floor', area: 'Area (m²)', prices: 'Price', listPrice: 'List price', discount: 'Discount',
    netPrice: 'Net price', inWords: 'In words', schedule: 'Payment schedule', seq: 'No.', kind: 'Payment', due: 'Due date', amount: 'Amount', total: 'Total',
    signatures: 'Signatures', buyer: 'Buyer', developer: 'For the seller', seller: 'Seller', witness: 'Witness', step: 'Step', version: 'Schedule version',
    roles: { buyer: 'Buyer', co_buyer: 'Co-buyer', developer_signatory: 'Developer signatory', witness: 'Witness', broker: 'Broker' } as Record<string, string>,
    kinds: { down_payment: 'Down payment', installment: 'Installment', delivery: 'On delivery', maintenance: 'Maintenance', fee: 'Fee' } as Record<string, string>,
  },
  ar: {
    title: 'عقد بيع وحدة', number: 'رقم العقد', date: 'التاريخ', reservation: 'الحجز', parties: 'الأطراف', role: 'الصفة', name: 'الاسم', id: 'الرقم القومي / جواز السفر', share: 'النصيب',
    unit: 'الوحدة', project: 'المشروع', code: 'الوحدة', block: 'المبنى', floor: 'الدور', area: 'المساحة (م²)', prices: 'الثمن', listPrice: 'سعر القائمة', discount: 'الخصم',
    netPrice: 'صافي الثمن', inWords: 'فقط', schedule: 'جدول السداد', seq: 'م', kind: 'الدفعة', due: 'تاريخ الاستحقاق', amount: 'المبلغ', total: 'الإجمالي',
    signatures: 'التوقيعات', buyer: 'المشتري', developer: 'عن البائع', seller: 'البائع', witness: 'شاهد', step: 'المرحلة', version: 'إصدار الجدول',
    roles: { buyer: 'مشتري', co_buyer: 'مشتري مشارك', developer_signatory: 'ممثل الشركة', witness: 'شاهد', broker: 'وسيط' } as Record<string, string>,
    kinds: { down_payment: 'مقدم', installment: 'قسط', delivery: 'عند الاستلام', maintenance: 'وديعة صيانة', fee: 'رسوم' } as Record<string, string>,
  },
};

export const toEastern = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
/**
 * A date as Egyptian Arabic prints it: day/month/year in Arabic-Indic digits. Slashes keep it one
 * number under the bidi rules; ISO's hyphens would let the parts reorder in right-to-left text.
 */
export const arabicDate = (iso: string) => toEastern(iso.split('-').reverse().join('/'));
/** A date on a print: 24/11/2026 in Arabic-Indic digits in Arabic, 24 Nov 2026 in English (the display module's). */
export const printDate = (iso: string, lang: Lang) => (lang === 'ar' ? arabicDate(iso) : formatDate(iso));

type ContractFacts = {
  number: string; contract_date: string; reservation_number: string | null; customer_name: string; customer_id_number: string | null; customer_address: string | null;
  unit_code: string | null; block: string | null; floor: number | null; area_m2: string | null; project_name: string | null; list_price: string | null; discount_amount: string | null;
  net_price: string; schedule_version: number; parties: { role: string; name: string; idNumber?: string | null; share?: string | number | null }[] | null; template_body: string | null; step_name: string | null;
};

/** What the contract print shows, gathered in one place (also what the template's merge fields read). */
export async function contractPrintData(db: Queryable, id: string, lang: Lang, seller?: PrintCompany | null) {
  const rows = await db.query<ContractFacts>(
    `select c.number, to_char(c.contract_date, 'YYYY-MM-DD') as contract_date, r.number as reservation_number, cu.full_name as customer_name,
            coalesce(cu.national_id, cu.passport_no) as customer_id_number, cu.address as customer_address, u.code as unit_code, u.block, u.floor,
            u.area_m2::text as area_m2, p.name as project_name, c.list_price::text as list_price, c.discount_amount::text as discount_amount, c.net_price::text as net_price,
            c.schedule_version, c.parties, t.body as template_body, s.name as step_name
       from contracts c left join ${RESERVATION_FACTS} r on r.id = c.reservation_id left join ${CUSTOMER_FACTS} cu on cu.id = c.customer_id left join units u on u.id = c.unit_id
       left join projects p on p.id = c.project_id left join contract_templates t on t.id = c.template_id left join contract_steps s on s.id = c.step_id
      where c.id = $1`,
    [id],
  );
  const contract = rows.rows[0];
  if (!contract) throw notFound(salesText('noContract'));
  const lines = await scheduleLines(db, id, contract.schedule_version);
  const L = LABELS[lang];
  const money = (value: string | null) => (value === null ? '' : formatMoney(value, { lang }));
  const date = (value: string) => printDate(value, lang);
  // The seller is the company profile (its name, register and tax card in the print's language).
  const company = seller === undefined ? (await printCompany(db, lang)).company : seller;
  const netWords = amountInWords(contract.net_price, { lang });
  // The template's text in the print's language; its merge fields are filled in the text's own
  // language (an English-only template in the Arabic print reads as English); {{schedule}} marks where the table goes.
  const raw = templateText(contract.template_body ?? '', lang);
  const bodyLang: Lang = ARABIC.test(raw) ? 'ar' : 'en';
  const merge: Record<string, string> = {
    'customer.name': contract.customer_name,
    'unit.code': contract.unit_code ?? '',
    'project.name': contract.project_name ?? '',
    netPrice: formatMoney(contract.net_price, { lang: bodyLang, currency: 'EGP' }),
    netPriceWords: amountInWords(contract.net_price, { lang: bodyLang }),
    'netPrice.words': amountInWords(contract.net_price, { lang: bodyLang }),
    date: printDate(contract.contract_date, bodyLang),
    'seller.name': company?.name ?? '',
    number: contract.number,
  };
  const body = raw.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, key: string) => (key === 'schedule' ? '\u0000' : merge[key] ?? whole));
  const [bodyBefore = '', bodyAfter = ''] = body.split('\u0000');
  return {
    L: { ...L, roles: undefined, kinds: undefined },
    number: contract.number,
    date: date(contract.contract_date),
    reservation: contract.reservation_number ?? '',
    step: contract.step_name ?? '',
    version: lang === 'ar' ? toEastern(String(contract.schedule_version)) : String(contract.schedule_version),
    customer: { name: contract.customer_name, idNumber: contract.customer_id_number ?? '', address: contract.customer_address ?? '' },
    unit: { code: contract.unit_code ?? '', block: contract.block ?? '', floor: contract.floor === null ? '' : lang === 'ar' ? toEastern(String(contract.floor)) : String(contract.floor), area: contract.area_m2 ? money(contract.area_m2) : '', project: contract.project_name ?? '' },
    prices: { list: money(contract.list_price), discount: money(contract.discount_amount), net: money(contract.net_price), netWords },
    seller: company ? { name: company.name, register: company.register, taxCard: company.taxCard, address: company.address } : null,
    parties: (contract.parties ?? []).map((party) => ({
      role: L.roles[party.role] ?? party.role,
      name: party.name,
      idNumber: party.idNumber ?? '',
      share: party.share === null || party.share === undefined || party.share === '' ? '' : lang === 'ar' ? `${toEastern(String(Number(party.share)))}٪` : `${String(Number(party.share))}%`,
    })),
    schedule: lines.map((line) => ({ seq: lang === 'ar' ? toEastern(String(line.seq)) : String(line.seq), kind: L.kinds[line.kind] ?? line.kind, due: date(line.due_date), amount: money(line.amount) })),
    total: money(sumText(lines.map((line) => line.amount))),
    bodyBefore,
    bodyAfter,
    // A paragraph written in the other script keeps its own direction (an English template in the Arabic print).
    bodyDir: bodyLang === 'ar' ? 'rtl' : 'ltr',
  };
}

const ARABIC = /[\u0600-\u06FF]/;

/**
 * A template may hold both languages: lines `[ar]` and `[en]` start each language's text (one
 * without markers serves both). The print takes its language's part, else the whole body.
 */
export function templateText(body: string, lang: Lang): string {
  const parts = new Map<string, string>();
  let current: string | null = null;
  const lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const marker = /^\s*\[(ar|en)\]\s*$/.exec(line);
    if (marker) {
      if (current) parts.set(current, lines.splice(0).join('\n').trim());
      else lines.splice(0);
      current = marker[1]!;
    } else lines.push(line);
  }
  if (!current) return body.trim();
  parts.set(current, lines.join('\n').trim());
  return parts.get(lang) ?? parts.get(lang === 'ar' ? 'en' : 'ar') ?? '';
}

function sumText(amounts: string[]): string {
  let cents = 0n;
  for (const amount of amounts) {
    const [whole = '0', fraction = ''] = amount.split('.');
    cents += BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  }
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

const CONTRACT_TYPST = `
#align(center, text(size: 17pt, weight: "bold", d.L.title))
#v(4pt)
#grid(columns: (1fr, 1fr, 1fr), gutter: 6pt,
  [*#d.L.number:* #d.number], [*#d.L.date:* #d.date], [*#d.L.reservation:* #d.reservation])
#line(length: 100%, stroke: 0.5pt + luma(150))

#let body(t) = if t != "" { block(width: 100%, text(dir: if d.bodyDir == "rtl" { rtl } else { ltr }, t)) }
#body(d.bodyBefore)

== #d.L.parties
#table(columns: (auto, 1fr, auto, auto),
  table.header([*#d.L.role*], [*#d.L.name*], [*#d.L.id*], [*#d.L.share*]),
  ..if d.seller != none { (d.L.seller, [*#d.seller.name* \\ #text(size: 8.5pt, d.seller.address)], [#d.seller.register \\ #d.seller.taxCard], []) } else { () },
  ..d.parties.map(p => (p.role, p.name, p.idNumber, p.share)).flatten())

== #d.L.unit
#table(columns: (1fr, 1fr, 1fr, 1fr, 1fr),
  table.header([*#d.L.project*], [*#d.L.code*], [*#d.L.block*], [*#d.L.floor*], [*#d.L.area*]),
  d.unit.project, d.unit.code, d.unit.block, d.unit.floor, d.unit.area)

== #d.L.prices
#table(columns: (auto, 1fr),
  [*#d.L.listPrice*], d.prices.list,
  [*#d.L.discount*], d.prices.discount,
  [*#d.L.netPrice*], [*#d.prices.net*],
  [*#d.L.inWords*], d.prices.netWords)

== #d.L.schedule
#table(columns: (auto, 1fr, 1fr, 1fr),
  table.header([*#d.L.seq*], [*#d.L.kind*], [*#d.L.due*], [*#d.L.amount*]),
  ..d.schedule.map(l => (l.seq, l.kind, l.due, l.amount)).flatten(),
  [], [*#d.L.total*], [], [*#d.total*])

#body(d.bodyAfter)

#v(18pt)
== #d.L.signatures
#grid(columns: (1fr, 1fr, 1fr), gutter: 12pt,
  [#d.L.buyer \\ #v(26pt) #line(length: 90%)], [#d.L.developer#if d.seller != none [: #d.seller.name] \\ #v(26pt) #line(length: 90%)], [#d.L.witness \\ #v(26pt) #line(length: 90%)])
`;

/** `GET /api/contracts/{id}/print?lang=ar|en`: the contract from its template, kept (hash, time, who). */
export const contractPrinter: Printer = async (db, id, { lang, auth }) => {
  const language: Lang = lang ?? (await customerPrintLanguage(db, (await db.query<{ customer_id: string | null }>('select customer_id::text as customer_id from contracts where id = $1', [id])).rows[0]?.customer_id));
  const data = await contractPrintData(db, id, language);
  const { content } = await renderCompanyPdf(db, language, CONTRACT_TYPST, data);
  await keepPrint(db, { resource: 'contracts', recordId: id, lang: language, content, userId: auth.userId ?? null });
  return { name: `${data.number}-${language}.pdf`, content };
};
