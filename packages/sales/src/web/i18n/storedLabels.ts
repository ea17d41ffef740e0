import type { Translate } from '@propdesk/i18n';
import type { SalesKey } from './en.js';
import type { SalesFormat } from './format.js';

/**
 * The labels the ledger's server code stores in English (an installment's, a receipt item's, a
 * reservation payment's description), shown in the page's language. What is stored stays English:
 * it is searched, exported and in the history as written. An Arabic page recognises the shapes the
 * server writes (`ledger.server.ts`, `installments/jobs.server.ts`, `cheques/lifecycle.server.ts`,
 * `receipts/lifecycle.server.ts`, `reservation-payments/lifecycle.server.ts`, `reservations/from-eois.server.ts`)
 * and says them with the catalog's words, the codes isolated (U+2068 … U+2069) so they keep their
 * left-to-right order; anything else (a label a person typed, a label cut at its length) shows as written.
 * Keep each pattern in step with the template that writes it (storedLabels.test.ts pins both).
 */
const KIND_KEYS: Readonly<Record<string, SalesKey>> = {
  'Down payment': 'stmt.line.down_payment',
  Installment: 'stmt.line.installment',
  Delivery: 'stmt.line.delivery',
  Maintenance: 'stmt.line.maintenance',
  Fee: 'stmt.line.fee',
};

const code = (value: string) => `\u2068${value}\u2069`;

type Shape = { pattern: RegExp; say: (match: string[], t: Translate<SalesKey>, format: SalesFormat) => string | null };

const SHAPES: readonly Shape[] = [
  {
    // CNT-2026-00001 #3 Down payment; CNT-2026-00001 #3 v2 Installment (a schedule after a change)
    pattern: /^(\S+) #(\d+)(?: v(\d+))? (Down payment|Installment|Delivery|Maintenance|Fee)$/,
    say: ([, contract, seq, version, kind], t) => {
      const kindKey = KIND_KEYS[kind!];
      if (!kindKey) return null;
      const words = { kind: t(kindKey), seq: seq!, contract: code(contract!) };
      return version ? t('ledger.installmentVersion', { ...words, version }) : t('ledger.installment', words);
    },
  },
  { pattern: /^(\S+) late charge #(\d+)$/, say: ([, contract, seq], t) => t('ledger.lateCharge', { seq: seq!, contract: code(contract!) }) },
  { pattern: /^(\S+) bounce charge (.+)$/, say: ([, contract, cheque], t) => t('ledger.bounceCharge', { cheque: code(cheque!), contract: code(contract!) }) },
  // A receipt's item: RCT-2026-00003 #2 due 2026-12-01; RCT-2026-00003 unallocated
  {
    pattern: /^(\S+) #(\d+) due (\d{4}-\d{2}-\d{2})$/,
    say: ([, receipt, seq, due], t, format) => t('ledger.receiptLine', { seq: seq!, date: format.date(due), receipt: code(receipt!) }),
  },
  { pattern: /^(\S+) unallocated$/, say: ([, receipt], t) => t('ledger.receiptUnallocated', { receipt: code(receipt!) }) },
  // What a schedule change carried over onto the new rows.
  { pattern: /^v(\d+) #(\d+) \(carried\)$/, say: ([, version, seq], t) => t('ledger.carried', { seq: seq!, version: version! }) },
  { pattern: /^Unallocated \(schedule changed\)$/, say: (_match, t) => t('ledger.unallocatedChanged') },
  // A reservation payment's description when none was typed.
  { pattern: /^Down payment for (\S+)$/, say: ([, reservation], t) => t('ledger.downPaymentFor', { reservation: code(reservation!) }) },
  { pattern: /^Reservation fee for (\S+)$/, say: ([, reservation], t) => t('ledger.reservationFeeFor', { reservation: code(reservation!) }) },
];

/** A stored ledger label in the page's language (as stored in English). */
export function storedLabel(stored: unknown, t: Translate<SalesKey>, format: SalesFormat): string {
  const text = typeof stored === 'string' ? stored : stored === null || stored === undefined ? '' : String(stored);
  if (format.language === 'en' || text === '') return text;
  for (const shape of SHAPES) {
    const match = shape.pattern.exec(text);
    const said = match ? shape.say([...match], t, format) : null;
    if (said !== null) return said;
  }
  return text;
}
