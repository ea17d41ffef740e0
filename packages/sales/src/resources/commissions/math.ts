import { compareMoney, percentOf, toMoney } from '@propdesk/finance';
import type { CommissionTrigger } from './definition.js';

/** A broker project template's terms, as stored (`broker_project_templates`). */
export type CommissionTerms = {
  commissionType: 'percent' | 'fixed' | 'tiered';
  pct: string | null;
  amount: string | null;
  tiers: readonly { upTo?: number | string | null; pct: number | string }[] | null;
};

export type CommissionFigure = { amount: string; rate: string; pct: string | null; tier: number | null };

/** A percentage as text without trailing zeros (2.50 → 2.5). */
const pctText = (value: number | string) => {
  const text = toMoney(value);
  return text.replace(/\.?0+$/, '');
};

/**
 * The tier a sale falls in. Reading (decision 92): the bands are counted in sales, each sale of the
 * broker in the project is numbered (its `saleNo`, this one included) and takes the percentage of
 * the first band whose "sales up to" reaches that number (the last band, open-ended, takes the
 * rest). So with bands ≤10 at 2 %, ≤25 at 2.5 %, above at 3 %, sales 1–10 earn 2 %, 11–25 earn
 * 2.5 %, the 26th on 3 %: a band never changes what earlier sales earned (no retroactive uplift).
 * Beyond the last closed band with no open one, the last band's percentage applies.
 */
export function tierFor(tiers: CommissionTerms['tiers'], saleNo: number): { index: number; pct: string } | null {
  const bands = tiers ?? [];
  if (bands.length === 0) return null;
  for (const [index, band] of bands.entries()) {
    const upTo = band.upTo === null || band.upTo === undefined || band.upTo === '' ? null : Number(band.upTo);
    if (upTo === null || saleNo <= upTo) return { index, pct: String(band.pct) };
  }
  const last = bands.length - 1;
  return { index: last, pct: String(bands[last]!.pct) };
}

/**
 * A sale's commission to the piastre (decimal arithmetic, half up): a percentage of the basis (the
 * contract's net price), a fixed amount, or the percentage of the sale's tier. Throws on terms that
 * cannot give an amount (the template's own rule refuses them).
 */
export function commissionFor(terms: CommissionTerms, basis: string, saleNo: number): CommissionFigure {
  if (terms.commissionType === 'fixed') {
    if (terms.amount === null) throw new RangeError('A fixed commission needs its amount');
    return { amount: toMoney(terms.amount), rate: 'Fixed', pct: null, tier: null };
  }
  if (terms.commissionType === 'percent') {
    if (terms.pct === null) throw new RangeError('A percentage commission needs its percentage');
    return { amount: percentOf(basis, terms.pct), rate: `${pctText(terms.pct)}% of the net price`, pct: toMoney(terms.pct), tier: null };
  }
  const tier = tierFor(terms.tiers, saleNo);
  if (!tier) throw new RangeError('A tiered commission needs at least one tier');
  const band = terms.tiers![tier.index]!;
  const upTo = band.upTo === null || band.upTo === undefined || band.upTo === '' ? 'above' : `up to ${Number(band.upTo)}`;
  return { amount: percentOf(basis, tier.pct), rate: `Tier ${tier.index + 1} (sales ${upTo}), sale ${saleNo}: ${pctText(tier.pct)}%`, pct: toMoney(tier.pct), tier: tier.index + 1 };
}

/** What the trigger reads of a contract, the server gathers it (`triggerFacts`). */
export type TriggerFacts = {
  /** The contract's status: a cancelled contract meets no trigger. */
  status: string;
  netPrice: string;
  /** The current schedule's down payment rows: all paid (by the ledger, cheques counting on receipt as receipts do)? None: true. */
  downPaymentPaid: boolean;
  /** Paid towards the price (not fees) by receipts in cleared money: not pending on a cheque that has not cleared. */
  clearedCollected: string;
  /** The template's share of the price for `share_collected`, in percent. */
  sharePct: string | null;
};

/** Whether a sale's trigger is met now (cancelled contracts never). */
export function triggerMet(trigger: CommissionTrigger, facts: TriggerFacts): boolean {
  if (facts.status === 'cancelled') return false;
  switch (trigger) {
    case 'contract_signed':
      return true;
    case 'down_payment_collected':
      return facts.downPaymentPaid;
    case 'share_collected':
      return compareMoney(facts.clearedCollected, percentOf(facts.netPrice, facts.sharePct ?? '100')) >= 0;
    case 'fully_paid':
      return facts.status === 'fully_paid';
  }
}

/** The next state of a line from its state and whether the trigger holds: what the evaluation writes (null: no change). */
export function nextState(status: string, met: boolean, cancelled: boolean): 'payable' | 'reversed' | 'clawed_back' | null {
  // A clawback is settled by its recovery, never by the trigger: neither it nor a recovered line moves here.
  if (status === 'clawed_back' || status === 'recovered') return null;
  if (cancelled) {
    if (status === 'accrued' || status === 'payable' || status === 'approved') return 'reversed';
    if (status === 'paid') return 'clawed_back';
    return null;
  }
  if (met) return status === 'accrued' || status === 'reversed' ? 'payable' : null;
  // The trigger no longer holds (a bounce, a void): what is not paid goes back, what is paid is to recover.
  if (status === 'payable' || status === 'approved') return 'reversed';
  if (status === 'paid') return 'clawed_back';
  return null;
}
