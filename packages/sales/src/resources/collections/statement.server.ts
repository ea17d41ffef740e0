import { addMoney, compareMoney, formatMoney, subtractMoney, sumMoney } from '@propdesk/finance';
import { notFound, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { renderCompanyPdf } from '../../print/index.server.js';
import { formatDate } from '@propdesk/records/model';
import { arabicDate, printDate } from '../contracts/index.server.js';
import { CLEARED_CHEQUE_STATE, type ChequeState } from '../cheques/definition.js';
import { CHEQUE_FACTS } from '../cheques/facts.server.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { NOT_OWED_INSTALLMENT_STATES } from '../installments/definition.js';
import { INSTALLMENT_BALANCE_FACTS } from '../installments/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { ISSUED_RECEIPT_STATE } from '../receipts/definition.js';
import { RECEIPT_FACTS } from '../receipts/facts.server.js';
import { closingOf, type CustomerStatement, type StatementLine } from './model.js';

const KIND_WORDS = {
  en: { down_payment: 'Down payment', installment: 'Installment', delivery: 'Delivery', maintenance: 'Maintenance', fee: 'Fee' } as Record<string, string>,
  ar: { down_payment: 'مقدم', installment: 'قسط', delivery: 'دفعة الاستلام', maintenance: 'وديعة الصيانة', fee: 'رسوم' } as Record<string, string>,
};

const METHOD_WORDS = {
  en: { cash: 'Cash', bank_transfer: 'Bank transfer', card: 'Card', cheque: 'Cheque' } as Record<string, string>,
  ar: { cash: 'نقدًا', bank_transfer: 'تحويل بنكي', card: 'بطاقة', cheque: 'شيك' } as Record<string, string>,
};

const CHEQUE_WORDS = {
  en: { cleared: 'Cheque cleared', inHand: (date: string) => `Cheque in hand, dated ${date}` },
  ar: { cleared: 'شيك تم تحصيله', inHand: (date: string) => `شيك تحت التحصيل بتاريخ ${date}` },
};

const SCREEN_DAY_AR = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A day inside a statement line's description: 20 Mar 2027 in English; in Arabic a print's is in
 * Arabic-Indic digits (٢٠/٠٣/٢٠٢٧), the screen's the month's name with Latin digits (20 مارس 2027), as
 * the sales screens write their other dates.
 */
export function statementDay(iso: string, lang: 'ar' | 'en', dates: 'print' | 'screen'): string {
  if (lang === 'en') return formatDate(iso);
  return dates === 'screen' ? SCREEN_DAY_AR.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : arabicDate(iso);
}

type ReceiptRow = {
  date: string;
  number: string;
  method: string;
  contract: string | null;
  amount: string;
  cheque: string | null;
  cheque_status: ChequeState | null;
  cheque_date: string | null;
  cleared_on: string | null;
  bank: string | null;
};

/**
 * A customer's statement of account up to `asOf`: every installment of their contracts' current
 * schedules due by then is a charge (superseded and cancelled rows are not owed); money paid by then
 * is a credit: an issued receipt by any method but cheque on its date, a cheque's receipt on the day
 * the cheque cleared (void ones paid nothing). A cheque received by then and not cleared by then is
 * listed as in hand with what it covers, and moves no balance: a post-dated cheque is never money
 * paid, so a customer who owes is never shown in credit. The balance runs over the lines in date
 * order (charges, then payments, then cheques in hand on one day). What the schedules ask after
 * `asOf` is given apart, and what is still to pay on them in all.
 * `lang` is the descriptions' language; `dates` how an Arabic one writes a day (the print's or the screen's).
 */
export async function readStatement(db: Queryable, customerId: string, asOf: string, lang: 'ar' | 'en' = 'en', dates: 'print' | 'screen' = 'print'): Promise<CustomerStatement> {
  const customer = (await db.query<{ id: string; name: string }>(`select c.id::text as id, c.full_name as name from ${CUSTOMER_FACTS} c where c.id = $1`, [customerId])).rows[0];
  if (!customer) throw notFound(salesText('noCustomer'));
  const charges = await db.query<{ date: string; contract: string; seq: number; kind: string; amount: string; due: boolean; id: string }>(
    `select to_char(n.due_date, 'YYYY-MM-DD') as date, k.number as contract, n.seq, n.kind, n.amount::text as amount, n.due_date <= $2::date as due, n.id::text as id
       from ${INSTALLMENT_BALANCE_FACTS} n join ${CONTRACT_FACTS} k on k.id = n.contract_id
      where n.customer_id = $1 and n.status <> all($3::text[])
      order by n.due_date, k.number, n.seq`,
    [customerId, asOf, [...NOT_OWED_INSTALLMENT_STATES]],
  );
  const receipts = await db.query<ReceiptRow>(
    `select to_char(r.receipt_date, 'YYYY-MM-DD') as date, r.number, r.method, k.number as contract, r.amount::text as amount,
            q.number as cheque, q.status as cheque_status, to_char(q.due_date, 'YYYY-MM-DD') as cheque_date,
            to_char(coalesce(q.cleared_on, greatest(r.receipt_date, q.due_date)), 'YYYY-MM-DD') as cleared_on, coalesce(b.code, b.name) as bank
       from ${RECEIPT_FACTS} r left join ${CONTRACT_FACTS} k on k.id = r.contract_id
       left join ${CHEQUE_FACTS} q on q.receipt_id = r.id left join banks b on b.id = q.bank_id
      where r.customer_id = $1 and r.status = $3 and r.receipt_date <= $2::date
      order by r.receipt_date, r.number`,
    [customerId, asOf, ISSUED_RECEIPT_STATE],
  );
  type Entry = Omit<StatementLine, 'balance'> & { order: number };
  const day = (iso: string) => statementDay(iso, lang, dates);
  const entries: Entry[] = charges.rows
    .filter((row) => row.due)
    .map((row): Entry => ({ date: row.date, kind: 'charge', reference: `${row.contract} #${row.seq}`, description: KIND_WORDS[lang][row.kind] ?? row.kind, code: null, charge: row.amount, credit: null, covering: null, order: 0 }));
  for (const row of receipts.rows) {
    const base = { reference: row.number, charge: null, code: row.contract };
    if (!row.cheque) {
      entries.push({ ...base, date: row.date, kind: 'receipt', description: METHOD_WORDS[lang][row.method] ?? row.method, credit: row.amount, covering: null, order: 1 });
      continue;
    }
    const code = [`${row.bank ?? ''} ${row.cheque}`.trim(), row.contract].filter(Boolean).join(' · ');
    if (row.cheque_status === CLEARED_CHEQUE_STATE && row.cleared_on! <= asOf) {
      entries.push({ ...base, code, date: row.cleared_on!, kind: 'receipt', description: CHEQUE_WORDS[lang].cleared, credit: row.amount, covering: null, order: 1 });
    } else {
      entries.push({ ...base, code, date: row.date, kind: 'cheque', description: CHEQUE_WORDS[lang].inHand(day(row.cheque_date ?? row.date)), credit: null, covering: row.amount, order: 2 });
    }
  }
  entries.sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1));
  let balance = '0.00';
  const lines = entries.map(({ order: _order, ...entry }) => {
    if (entry.charge) balance = addMoney(balance, entry.charge);
    if (entry.credit) balance = subtractMoney(balance, entry.credit);
    return { ...entry, balance };
  });
  const charged = sumMoney(lines.flatMap((line) => (line.charge ? [line.charge] : [])));
  const received = sumMoney(lines.flatMap((line) => (line.credit ? [line.credit] : [])));
  const notYetDue = sumMoney(charges.rows.filter((row) => !row.due).map((row) => row.amount));
  return {
    customer,
    asOf,
    lines,
    charges: charged,
    receipts: received,
    balance: subtractMoney(charged, received),
    covered: sumMoney(lines.flatMap((line) => (line.covering ? [line.covering] : []))),
    notYetDue,
    remaining: subtractMoney(addMoney(charged, notYetDue), received),
  };
}

const LABELS = {
  en: {
    title: 'Statement of account', customer: 'Customer', asOf: 'As of', date: 'Date', reference: 'Reference', description: 'Description', charge: 'Due', credit: 'Paid', covering: 'Cheque in hand', balance: 'Balance',
    charges: 'Total due', receipts: 'Total paid', closing: { owed: 'Balance owed', ahead: 'Paid ahead of the schedule', credit: 'Balance in the customer’s favour' }, covered: 'Cheques in hand (paid when they clear)',
    notYetDue: 'Not yet due', remaining: 'Still to pay in all', none: 'Nothing due and nothing paid by this date.',
  },
  ar: {
    title: 'كشف حساب', customer: 'العميل', asOf: 'حتى تاريخ', date: 'التاريخ', reference: 'المرجع', description: 'البيان', charge: 'مستحق', credit: 'مدفوع', covering: 'شيك تحت التحصيل', balance: 'الرصيد',
    charges: 'إجمالي المستحق', receipts: 'إجمالي المدفوع', closing: { owed: 'الرصيد المستحق', ahead: 'مدفوع مقدمًا عن الجدول', credit: 'رصيد دائن للعميل' }, covered: 'شيكات تحت التحصيل (تُحتسب عند التحصيل)',
    notYetDue: 'أقساط لم تستحق بعد', remaining: 'إجمالي المتبقي', none: 'لا مستحقات ولا مدفوعات حتى هذا التاريخ.',
  },
};

// Document numbers (receipts, contracts, cheques) are written left to right in a box of their own, in
// Western digits, in every column and both languages: inside Arabic text they are not reordered.
const STATEMENT_TYPST = `
#let code(c) = if c == none or c == "" [] else { box[#set text(dir: ltr); #c] }
#align(center, text(size: 17pt, weight: "bold", d.L.title))
#v(4pt)
#table(columns: (auto, 1fr, auto, 1fr),
  [*#d.L.customer*], d.customer, [*#d.L.asOf*], d.asOf)
#v(6pt)
#if d.lines.len() == 0 [ #d.L.none ] else [
#[
#set text(size: 8.5pt)
#table(columns: (auto, auto, 1fr, auto, auto, auto, auto),
  table.header([*#d.L.date*], [*#d.L.reference*], [*#d.L.description*], [*#d.L.charge*], [*#d.L.credit*], [*#d.L.covering*], [*#d.L.balance*]),
  ..d.lines.map(l => (l.date, code(l.reference), if l.code == none [#l.description] else [#l.description #linebreak() #code(l.code)], l.charge, l.credit, l.covering, l.balance)).flatten())
]
]
#v(6pt)
#table(columns: (1fr, auto),
  [*#d.L.charges*], d.charges,
  [*#d.L.receipts*], d.receipts,
  [*#d.closingLabel*], [*#d.closing*],
  [#d.L.covered], d.covered,
  [#d.L.notYetDue], d.notYetDue,
  [#d.L.remaining], d.remaining)
`;

/** `GET /api/customers/{id}/statement/print?lang=ar|en`: the statement as a PDF (not kept: it changes daily). */
export async function printStatement(db: Queryable, customerId: string, asOf: string, lang: 'ar' | 'en'): Promise<{ name: string; content: Buffer }> {
  const statement = await readStatement(db, customerId, asOf, lang);
  const L = LABELS[lang];
  const money = (value: string | null) => (value === null ? '' : formatMoney(value, { lang }));
  const date = (iso: string) => printDate(iso, lang);
  const closing = closingOf(statement);
  const total = (value: string) => formatMoney(value, { lang, currency: 'EGP' });
  const data = {
    L,
    customer: statement.customer.name,
    asOf: date(statement.asOf),
    lines: statement.lines.map((line) => ({
      date: date(line.date),
      reference: line.reference,
      description: line.description,
      code: line.code,
      charge: money(line.charge),
      credit: money(line.credit),
      covering: money(line.covering),
      balance: money(line.balance),
    })),
    charges: total(statement.charges),
    receipts: total(statement.receipts),
    closing: total(closing.amount),
    closingLabel: L.closing[closing.kind],
    covered: total(statement.covered),
    notYetDue: total(statement.notYetDue),
    remaining: total(compareMoney(statement.remaining, 0) > 0 ? statement.remaining : '0.00'),
  };
  return { name: `statement-${statement.asOf}-${lang}.pdf`, content: (await renderCompanyPdf(db, lang, STATEMENT_TYPST, data)).content };
}
