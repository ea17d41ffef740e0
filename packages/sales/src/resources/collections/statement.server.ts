import { addMoney, compareMoney, formatMoney, subtractMoney, sumMoney } from '@propdesk/finance';
import { notFound, type Queryable } from '@propdesk/server-kit';
import { renderCompanyPdf } from '../../print/index.server.js';
import { printDate, toEastern } from '../contracts/print.server.js';
import type { CustomerStatement, StatementLine } from './model.js';

const KIND_WORDS = {
  en: { down_payment: 'Down payment', installment: 'Installment', delivery: 'Delivery', maintenance: 'Maintenance', fee: 'Fee' } as Record<string, string>,
  ar: { down_payment: 'مقدم', installment: 'قسط', delivery: 'دفعة الاستلام', maintenance: 'وديعة الصيانة', fee: 'رسوم' } as Record<string, string>,
};

/**
 * A customer's statement of account up to `asOf`: every installment of their contracts' current
 * schedules due by then is a charge (superseded and cancelled rows are not owed), every issued
 * receipt dated by then a credit (void ones paid nothing); the balance runs over them in date order,
 * charges before receipts on one day. What the schedules ask after `asOf` is given apart.
 */
export async function readStatement(db: Queryable, customerId: string, asOf: string, lang: 'ar' | 'en' = 'en'): Promise<CustomerStatement> {
  const customer = (await db.query<{ id: string; name: string }>('select id::text as id, full_name as name from customers where id = $1', [customerId])).rows[0];
  if (!customer) throw notFound('No such customer');
  const charges = await db.query<{ date: string; contract: string; seq: number; kind: string; amount: string; due: boolean; id: string }>(
    `select to_char(n.due_date, 'YYYY-MM-DD') as date, k.number as contract, n.seq, n.kind, n.amount::text as amount, n.due_date <= $2::date as due, n.id::text as id
       from installments n join contracts k on k.id = n.contract_id
      where n.customer_id = $1 and n.status not in ('superseded', 'cancelled')
      order by n.due_date, k.number, n.seq`,
    [customerId, asOf],
  );
  const receipts = await db.query<{ date: string; number: string; method: string; contract: string | null; amount: string }>(
    `select to_char(r.receipt_date, 'YYYY-MM-DD') as date, r.number, r.method, k.number as contract, r.amount::text as amount
       from receipts r left join contracts k on k.id = r.contract_id
      where r.customer_id = $1 and r.status = 'issued' and r.receipt_date <= $2::date
      order by r.receipt_date, r.number`,
    [customerId, asOf],
  );
  type Entry = Omit<StatementLine, 'balance'> & { order: number };
  const entries: Entry[] = [
    ...charges.rows
      .filter((row) => row.due)
      .map((row): Entry => ({ date: row.date, kind: 'charge', reference: `${row.contract} #${row.seq}`, description: KIND_WORDS[lang][row.kind] ?? row.kind, charge: row.amount, credit: null, order: 0 })),
    ...receipts.rows.map((row): Entry => ({ date: row.date, kind: 'receipt', reference: row.number, description: row.contract ?? '', charge: null, credit: row.amount, order: 1 })),
  ];
  entries.sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1));
  let balance = '0.00';
  const lines = entries.map(({ order: _order, ...entry }) => {
    balance = entry.charge ? addMoney(balance, entry.charge) : subtractMoney(balance, entry.credit ?? 0);
    return { ...entry, balance };
  });
  const charged = sumMoney(lines.flatMap((line) => (line.charge ? [line.charge] : [])));
  const received = sumMoney(lines.flatMap((line) => (line.credit ? [line.credit] : [])));
  return {
    customer,
    asOf,
    lines,
    charges: charged,
    receipts: received,
    balance: subtractMoney(charged, received),
    notYetDue: sumMoney(charges.rows.filter((row) => !row.due).map((row) => row.amount)),
  };
}

const LABELS = {
  en: {
    title: 'Statement of account', customer: 'Customer', asOf: 'As of', date: 'Date', reference: 'Reference', description: 'Description', charge: 'Due', credit: 'Paid', balance: 'Balance',
    charges: 'Total due', receipts: 'Total paid', closing: 'Balance owed', credit_balance: 'Balance in the customer’s favour', notYetDue: 'Not yet due', none: 'Nothing due and nothing paid by this date.',
  },
  ar: {
    title: 'كشف حساب', customer: 'العميل', asOf: 'حتى تاريخ', date: 'التاريخ', reference: 'المرجع', description: 'البيان', charge: 'مستحق', credit: 'مدفوع', balance: 'الرصيد',
    charges: 'إجمالي المستحق', receipts: 'إجمالي المدفوع', closing: 'الرصيد المستحق', credit_balance: 'رصيد دائن للعميل', notYetDue: 'أقساط لم تستحق بعد', none: 'لا مستحقات ولا مدفوعات حتى هذا التاريخ.',
  },
};

const STATEMENT_TYPST = `
#align(center, text(size: 17pt, weight: "bold", d.L.title))
#v(4pt)
#table(columns: (auto, 1fr, auto, 1fr),
  [*#d.L.customer*], d.customer, [*#d.L.asOf*], d.asOf)
#v(6pt)
#if d.lines.len() == 0 [ #d.L.none ] else [
#table(columns: (auto, auto, 1fr, auto, auto, auto),
  table.header([*#d.L.date*], [*#d.L.reference*], [*#d.L.description*], [*#d.L.charge*], [*#d.L.credit*], [*#d.L.balance*]),
  ..d.lines.map(l => (l.date, l.reference, l.description, l.charge, l.credit, l.balance)).flatten())
]
#v(6pt)
#table(columns: (1fr, auto),
  [*#d.L.charges*], d.charges,
  [*#d.L.receipts*], d.receipts,
  [*#d.closingLabel*], [*#d.balance*],
  [#d.L.notYetDue], d.notYetDue)
`;

/** `GET /api/customers/{id}/statement/print?lang=ar|en`: the statement as a PDF (not kept: it changes daily). */
export async function printStatement(db: Queryable, customerId: string, asOf: string, lang: 'ar' | 'en'): Promise<{ name: string; content: Buffer }> {
  const statement = await readStatement(db, customerId, asOf, lang);
  const L = LABELS[lang];
  const money = (value: string | null) => (value === null ? '' : formatMoney(value, { lang }));
  const date = (iso: string) => printDate(iso, lang);
  const owed = compareMoney(statement.balance, 0) >= 0;
  const data = {
    L,
    customer: statement.customer.name,
    asOf: date(statement.asOf),
    lines: statement.lines.map((line) => ({
      date: date(line.date),
      reference: lang === 'ar' ? toEastern(line.reference) : line.reference,
      description: line.description,
      charge: money(line.charge),
      credit: money(line.credit),
      balance: money(line.balance),
    })),
    charges: formatMoney(statement.charges, { lang, currency: 'EGP' }),
    receipts: formatMoney(statement.receipts, { lang, currency: 'EGP' }),
    balance: formatMoney(owed ? statement.balance : subtractMoney(0, statement.balance), { lang, currency: 'EGP' }),
    closingLabel: owed ? L.closing : L.credit_balance,
    notYetDue: formatMoney(statement.notYetDue, { lang, currency: 'EGP' }),
  };
  return { name: `statement-${statement.asOf}-${lang}.pdf`, content: (await renderCompanyPdf(db, lang, STATEMENT_TYPST, data)).content };
}
