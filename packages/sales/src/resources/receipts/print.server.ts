import { amountInWords, formatMoney } from '@propdesk/finance';
import type { Printer } from '@propdesk/records/server';
import { notFound } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { customerPrintLanguage, keepPrint, renderCompanyPdf } from '../../print/index.server.js';
import { printDate, toEastern } from '../contracts/index.server.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { INSTALLMENT_FACTS } from '../installments/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';

type Lang = 'ar' | 'en';

const LABELS = {
  en: {
    title: 'Receipt', number: 'Receipt no.', date: 'Date', customer: 'Received from', contract: 'Contract', method: 'Method', reference: 'Reference', amount: 'Amount',
    inWords: 'The sum of', items: 'Paid for', item: 'Item', due: 'Due date', status: 'Status', void: 'VOID', reason: 'Reason', cashier: 'Cashier',
    methods: { cash: 'Cash', bank_transfer: 'Bank transfer', card: 'Card', cheque: 'Cheque' } as Record<string, string>,
    kinds: { installment: 'Installment', reservation_fee: 'Reservation fee', eoi: 'EOI', unallocated: 'On account' } as Record<string, string>,
  },
  ar: {
    title: 'إيصال استلام نقدية', number: 'رقم الإيصال', date: 'التاريخ', customer: 'استلمنا من', contract: 'العقد', method: 'طريقة الدفع', reference: 'المرجع', amount: 'المبلغ',
    inWords: 'مبلغ وقدره', items: 'وذلك عن', item: 'البند', due: 'تاريخ الاستحقاق', status: 'الحالة', void: 'ملغى', reason: 'السبب', cashier: 'أمين الخزينة',
    methods: { cash: 'نقدًا', bank_transfer: 'تحويل بنكي', card: 'بطاقة', cheque: 'شيك' } as Record<string, string>,
    kinds: { installment: 'قسط', reservation_fee: 'رسوم حجز', eoi: 'طلب إبداء رغبة', unallocated: 'تحت الحساب' } as Record<string, string>,
  },
};

const RECEIPT_TYPST = `
#align(center, text(size: 17pt, weight: "bold", d.L.title))
#if d.void [ #align(center, text(size: 14pt, fill: red, weight: "bold", d.L.void + " — " + d.voidReason)) ]
#v(4pt)
#table(columns: (auto, 1fr, auto, 1fr),
  [*#d.L.number*], d.number, [*#d.L.date*], d.date,
  [*#d.L.customer*], d.customer, [*#d.L.contract*], d.contract,
  [*#d.L.method*], d.method, [*#d.L.reference*], d.reference,
  [*#d.L.amount*], table.cell(colspan: 3)[*#d.amount*],
  [*#d.L.inWords*], table.cell(colspan: 3, d.words))

== #d.L.items
#table(columns: (1fr, 1fr, 1fr, 1fr),
  table.header([*#d.L.item*], [*#d.L.contract*], [*#d.L.due*], [*#d.L.amount*]),
  ..d.items.map(i => (i.kind, i.label, i.due, i.amount)).flatten())

#v(30pt)
#d.L.cashier: #box(width: 5cm, line(length: 100%))
`;

/** `GET /api/receipts/{id}/print?lang=ar|en`: the receipt with its amount in words, kept like contracts. */
export const receiptPrinter: Printer = async (db, id, { lang, auth }) => {
  const language: Lang = lang ?? (await customerPrintLanguage(db, (await db.query<{ customer_id: string | null }>('select customer_id::text as customer_id from receipts where id = $1', [id])).rows[0]?.customer_id));
  const L = LABELS[language];
  const rows = await db.query<{ number: string; receipt_date: string; customer: string; contract: string | null; method: string; reference: string | null; amount: string; status: string; void_reason: string | null }>(
    `select r.number, to_char(r.receipt_date, 'YYYY-MM-DD') as receipt_date, c.full_name as customer, k.number as contract, r.method, r.reference, r.amount::text as amount,
            r.status, r.void_reason from receipts r join ${CUSTOMER_FACTS} c on c.id = r.customer_id left join ${CONTRACT_FACTS} k on k.id = r.contract_id where r.id = $1`,
    [id],
  );
  const receipt = rows.rows[0];
  if (!receipt) throw notFound(salesText('noReceipt'));
  // A void receipt still shows what it had allocated (its items no longer count).
  const items = await db.query<{ kind: string; seq: number | null; contract: string | null; due_date: string | null; amount: string }>(
    `select i.kind, n.seq, k.number as contract, to_char(n.due_date, 'YYYY-MM-DD') as due_date, i.amount::text as amount
       from receipt_items i left join ${INSTALLMENT_FACTS} n on n.id = i.installment_id left join ${CONTRACT_FACTS} k on k.id = n.contract_id
      where i.receipt_id = $1 and (i.counts or $2 = 'void') order by n.due_date nulls last, n.seq, i.created_on`,
    [id, receipt.status],
  );
  const digits = (text: string) => (language === 'ar' ? toEastern(text) : text);
  const data = {
    L: { ...L, methods: undefined, kinds: undefined },
    number: receipt.number,
    date: printDate(receipt.receipt_date, language),
    customer: receipt.customer,
    contract: receipt.contract ?? '',
    method: L.methods[receipt.method] ?? receipt.method,
    reference: receipt.reference ?? '',
    amount: formatMoney(receipt.amount, { lang: language, currency: 'EGP' }),
    words: amountInWords(receipt.amount, { lang: language }),
    void: receipt.status === 'void',
    voidReason: receipt.void_reason ?? '',
    items: items.rows.map((item) => ({
      kind: `${L.kinds[item.kind] ?? item.kind}${item.seq === null ? '' : ` ${digits(String(item.seq))}`}`,
      label: item.contract ?? '',
      due: item.due_date ? printDate(item.due_date, language) : '',
      amount: formatMoney(item.amount, { lang: language }),
    })),
  };
  const { content } = await renderCompanyPdf(db, language, RECEIPT_TYPST, data);
  await keepPrint(db, { resource: 'receipts', recordId: id, lang: language, content, userId: auth.userId ?? null });
  return { name: `${receipt.number}-${language}.pdf`, content };
};
