import { compareMoney, formatMoney, subtractMoney, sumMoney, toMoney } from '@propdesk/finance';
import { notFound, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { renderCompanyPdf } from '../../print/index.server.js';
import { printDate } from '../contracts/index.server.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import type { BrokerStatement, BrokerStatementLine, CommissionBroker } from './model.js';

/**
 * A broker's commission statement: every line (archived ones too: their money was earned), oldest
 * first, and the totals by state. `paid` counts every line paid out (clawed back and recovered ones
 * were paid); `toRecover` is what clawed back lines still ask back, `recovered` what the broker has
 * returned; `netPaid` is paid less both (what the broker keeps once every clawback is back). All
 * sums in decimal arithmetic, to the piastre.
 */
export async function readBrokerStatement(db: Queryable, brokerId: string, asOf: string): Promise<BrokerStatement> {
  const broker = (
    await db.query<{ id: string; name: string; company_name: string | null; license_no: string }>('select id::text as id, name, company_name, license_no from brokers where id = $1', [brokerId])
  ).rows[0];
  if (!broker) throw notFound(salesText('noBroker'));
  const rows = await db.query<{
    id: string; number: string; contract: string; project: string; customer: string | null; accrued_on: string; basis: string; rate: string; amount: string;
    trigger: string; status: string; earned_on: string | null; paid_on: string | null; payment_reference: string | null; recoverable: string; recovered: string;
    recovered_on: string | null; recovery_reference: string | null; reason: string | null;
  }>(
    `select m.id::text as id, m.number, k.number as contract, p.name as project, cu.full_name as customer, to_char(m.accrued_on, 'YYYY-MM-DD') as accrued_on,
            m.basis::text as basis, coalesce(m.rate, '') as rate, m.amount::text as amount, m.trigger, m.status, to_char(m.earned_on, 'YYYY-MM-DD') as earned_on,
            to_char(m.paid_on, 'YYYY-MM-DD') as paid_on, m.payment_reference, coalesce(m.recoverable, 0)::text as recoverable,
            coalesce(m.recovered, 0)::text as recovered, to_char(m.recovered_on, 'YYYY-MM-DD') as recovered_on, m.recovery_reference, m.clawback_reason as reason
       from commissions m join ${CONTRACT_FACTS} k on k.id = m.contract_id left join projects p on p.id = m.project_id left join ${CUSTOMER_FACTS} cu on cu.id = m.customer_id
      where m.broker_id = $1 order by m.accrued_on, m.number`,
    [brokerId],
  );
  const lines: BrokerStatementLine[] = rows.rows.map((row) => ({
    id: row.id,
    number: row.number,
    contract: row.contract,
    project: row.project,
    customer: row.customer,
    accruedOn: row.accrued_on,
    basis: row.basis,
    rate: row.rate,
    amount: row.amount,
    trigger: row.trigger,
    status: row.status,
    earnedOn: row.earned_on,
    paidOn: row.paid_on,
    paymentReference: row.payment_reference,
    recoverable: toMoney(row.recoverable),
    recovered: toMoney(row.recovered),
    recoveredOn: row.recovered_on,
    recoveryReference: row.recovery_reference,
    reason: row.reason,
  }));
  const sumOf = (...states: string[]) => sumMoney(lines.filter((line) => states.includes(line.status)).map((line) => line.amount));
  const paid = sumOf('paid', 'clawed_back', 'recovered');
  const toRecover = sumMoney(lines.map((line) => line.recoverable));
  const recovered = sumMoney(lines.map((line) => line.recovered));
  return {
    broker: { id: broker.id, name: broker.name, companyName: broker.company_name, licenseNo: broker.license_no },
    asOf,
    lines,
    totals: {
      accrued: sumOf('accrued'),
      payable: sumOf('payable'),
      approved: sumOf('approved'),
      paid,
      reversed: sumOf('reversed'),
      toRecover,
      recovered,
      owed: sumOf('payable', 'approved'),
      netPaid: subtractMoney(subtractMoney(paid, toRecover), recovered),
    },
  };
}

/** The brokers with commission lines (the statement's picker: commission readers need not read brokers). */
export async function commissionBrokers(db: Queryable): Promise<CommissionBroker[]> {
  const rows = await db.query<{ id: string; name: string; lines: number; owed: string }>(
    `select b.id::text as id, b.name, count(*)::int as lines, coalesce(sum(m.amount) filter (where m.status in ('payable', 'approved')), 0)::text as owed
       from commissions m join brokers b on b.id = m.broker_id group by b.id, b.name order by b.name`,
  );
  return rows.rows.map((row) => ({ id: row.id, name: row.name, lines: row.lines, owed: toMoney(row.owed) }));
}

const STATE_WORDS = {
  en: { accrued: 'Accrued', payable: 'Payable', approved: 'Approved', paid: 'Paid', reversed: 'Reversed', clawed_back: 'Clawed back', recovered: 'Recovered' } as Record<string, string>,
  ar: { accrued: 'مستحقة', payable: 'واجبة السداد', approved: 'معتمدة', paid: 'مدفوعة', reversed: 'ملغاة', clawed_back: 'واجبة الاسترداد', recovered: 'مستردة' } as Record<string, string>,
};

const LABELS = {
  en: {
    title: 'Broker commission statement', broker: 'Broker', licence: 'Licence', asOf: 'As of', number: 'No.', contract: 'Contract', project: 'Project', date: 'Accrued',
    basis: 'Net price', rate: 'Rate', amount: 'Commission', status: 'Status', accrued: 'Accrued (not yet earned)', payable: 'Payable (awaiting approval)', approved: 'Approved (to pay)',
    paid: 'Paid', reversed: 'Reversed', toRecover: 'To recover from the broker', recovered: 'Recovered from the broker', owed: 'Owed to the broker', netPaid: 'Net paid',
    none: 'No commission lines.', stillDue: 'to recover', returned: 'recovered',
  },
  ar: {
    title: 'كشف عمولات الوسيط', broker: 'الوسيط', licence: 'الترخيص', asOf: 'حتى تاريخ', number: 'الرقم', contract: 'العقد', project: 'المشروع', date: 'الاستحقاق',
    basis: 'صافي السعر', rate: 'النسبة', amount: 'العمولة', status: 'الحالة', accrued: 'مستحقة (لم تكتسب بعد)', payable: 'واجبة السداد (بانتظار الاعتماد)', approved: 'معتمدة (للسداد)',
    paid: 'المدفوع', reversed: 'الملغى', toRecover: 'المطلوب استرداده من الوسيط', recovered: 'المسترد من الوسيط', owed: 'المستحق للوسيط', netPaid: 'صافي المدفوع',
    none: 'لا توجد عمولات.', stillDue: 'للاسترداد', returned: 'مسترد',
  },
};

const STATEMENT_TYPST = `
#align(center, text(size: 17pt, weight: "bold", d.L.title))
#v(4pt)
#table(columns: (auto, 1fr, auto, 1fr),
  [*#d.L.broker*], d.broker, [*#d.L.licence*], d.licence,
  [*#d.L.asOf*], d.asOf, [], [])
#v(6pt)
#if d.lines.len() == 0 [ #d.L.none ] else [
#table(columns: (auto, auto, 1fr, auto, auto, auto, auto),
  table.header([*#d.L.number*], [*#d.L.contract*], [*#d.L.project*], [*#d.L.date*], [*#d.L.basis*], [*#d.L.amount*], [*#d.L.status*]),
  ..d.lines.map(l => (l.number, l.contract, l.project, l.date, l.basis, l.amount,
    [#l.status#for r in l.recovery { linebreak(); text(size: 8pt, r) }])).flatten())
]
#v(6pt)
#table(columns: (1fr, auto),
  [#d.L.accrued], d.totals.accrued,
  [#d.L.payable], d.totals.payable,
  [#d.L.approved], d.totals.approved,
  [*#d.L.owed*], [*#d.totals.owed*],
  [#d.L.paid], d.totals.paid,
  [#d.L.toRecover], d.totals.toRecover,
  [#d.L.recovered], d.totals.recovered,
  [*#d.L.netPaid*], [*#d.totals.netPaid*],
  [#d.L.reversed], d.totals.reversed)
`;

/** `GET /api/brokers/{id}/commission-statement/print?lang=ar|en`: the statement as a PDF (not kept: it changes with every payment). */
export async function printBrokerStatement(db: Queryable, brokerId: string, asOf: string, lang: 'ar' | 'en'): Promise<{ name: string; content: Buffer }> {
  const statement = await readBrokerStatement(db, brokerId, asOf);
  const money = (value: string) => formatMoney(value, { lang });
  const total = (value: string) => formatMoney(value, { lang, currency: 'EGP' });
  const date = (iso: string) => printDate(iso, lang);
  const data = {
    L: LABELS[lang],
    broker: statement.broker.companyName ? `${statement.broker.name} (${statement.broker.companyName})` : statement.broker.name,
    // Document numbers and licences stay as written (Latin digits, one left-to-right run): in Eastern
    // digits inside right-to-left text their parts came out in reverse order (٠٠٠٠٥-٢٠٢٦-COM).
    licence: statement.broker.licenseNo,
    asOf: date(statement.asOf),
    lines: statement.lines.map((line) => ({
      number: line.number,
      contract: line.contract,
      project: line.project,
      date: date(line.accruedOn),
      basis: money(line.basis),
      amount: money(line.amount),
      status: STATE_WORDS[lang][line.status] ?? line.status,
      // A clawback's state under its status: what is still to recover and what is back (none for a line never clawed back).
      recovery: [
        compareMoney(line.recoverable, 0) > 0 ? `${money(line.recoverable)} ${LABELS[lang].stillDue}` : '',
        compareMoney(line.recovered, 0) > 0 ? `${money(line.recovered)} ${LABELS[lang].returned}` : '',
      ].filter(Boolean),
    })),
    totals: Object.fromEntries(Object.entries(statement.totals).map(([key, value]) => [key, total(value)])),
  };
  return { name: `commission-statement-${statement.asOf}-${lang}.pdf`, content: (await renderCompanyPdf(db, lang, STATEMENT_TYPST, data)).content };
}
