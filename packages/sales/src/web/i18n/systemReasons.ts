import type { Translate } from '@propdesk/i18n';
import type { SalesKey } from './en.js';

/**
 * The reasons sales' server code writes in English into a record's history and a unit's story (a hold
 * that expired, a reservation contracted, a contract fully paid), said in the page's language. The
 * stored text stays as written (it is the audit's); an Arabic page recognises the shapes the server
 * writes and says them with the catalog's words, document numbers and amounts isolated (U+2068 …
 * U+2069). A reason a person typed, or one of another shape, shows as written (null here).
 * Keep each pattern in step with the template that writes it (systemReasons.test.ts pins both).
 */
const code = (value: string) => `\u2068${value}\u2069`;

const FIXED: Readonly<Record<string, SalesKey>> = {
  'The sign-by date passed': 'reason.signByPassed',
  'The window ended': 'reason.windowEnded',
  'The launch’s window closed': 'reason.launchWindowClosed',
  'The hold’s time ran out': 'reason.holdTimeRanOut',
  'The hold time ran out': 'reason.holdTimeRanOut',
  'The customer followed the unsubscribe link of an e-mail': 'reason.unsubscribed',
  'Extended at once: the project needs no approval': 'reason.extendedAtOnce',
  'Approved at once: the project needs no approval': 'reason.approvedAtOnce',
  'Made a customer for an EOI': 'reason.customerForEoi',
};

/** A document number as the server writes it (`RSV-2026-00012`, `HLD-…`, `CNT-…`). */
const NUMBER = '([A-Z]{2,5}-\\d{4}-\\d{5,})';

const SHAPES: readonly { pattern: RegExp; say: (match: string[], t: Translate<SalesKey>) => string }[] = [
  { pattern: new RegExp(`^${NUMBER} fully paid$`), say: ([, document], t) => t('reason.fullyPaid', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} reopened by a void receipt or a bounced cheque$`), say: ([, document], t) => t('reason.reopened', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} \\(draft\\)$`), say: ([, document], t) => t('reason.draft', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} deleted$`), say: ([, document], t) => t('reason.deleted', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} cancelled: (.+)$`, 's'), say: ([, document, why], t) => t('reason.cancelled', { document: code(document!), why: code(why!) }) },
  { pattern: new RegExp(`^${NUMBER} cancelled: ?$`), say: ([, document], t) => t('reason.cancelledBare', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} moved to another unit$`), say: ([, document], t) => t('reason.moved', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} revision (\\d+)$`), say: ([, document, revision], t) => t('reason.revision', { document: code(document!), revision: revision! }) },
  { pattern: new RegExp(`^${NUMBER} expired$`), say: ([, document], t) => t('reason.expired', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} contracted$`), say: ([, document], t) => t('reason.contracted', { document: code(document!) }) },
  { pattern: new RegExp(`^${NUMBER} extended until (.+)$`), say: ([, document, when], t) => t('reason.extendedUntil', { document: code(document!), when: code(when!) }) },
  { pattern: /^(\d+) more hours$/, say: ([, hours], t) => t('reason.moreHours', { hours: hours! }) },
  { pattern: /^([\d,.]+ [A-Z]{3}) added$/, say: ([, amount], t) => t('reason.added', { amount: code(amount!) }) },
];

/** A reason the server wrote, in the page's language; null when it is not one of the server's shapes (shown as written). */
export function systemReason(stored: string, t: Translate<SalesKey>): string | null {
  const fixed = FIXED[stored];
  if (fixed) return t(fixed);
  for (const shape of SHAPES) {
    const match = shape.pattern.exec(stored);
    if (match) return shape.say([...match], t);
  }
  return null;
}
