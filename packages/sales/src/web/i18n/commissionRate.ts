import type { Language, Translate } from '@propdesk/i18n';
import type { SalesKey } from './en.js';

const PERCENT = /^(\d+(?:\.\d+)?)% of the net price$/;
const TIER = /^Tier (\d+) \(sales (?:up to (\d+)|above)\), sale (\d+): (\d+(?:\.\d+)?)%$/;

/**
 * A commission's rate in the page's language. The commission keeps the rate as it was written when the sale
 * was made, in English (`commissionFor`): English shows it as written; in Arabic its three forms are the
 * catalog's words, and anything else shows as written. The broker's statement and a contract's view show it.
 */
export function rateOf(rate: string, t: Translate<SalesKey>, language: Language): string {
  if (language === 'en') return rate;
  if (rate === 'Fixed') return t('broker.rate.fixed');
  const percent = PERCENT.exec(rate);
  if (percent) return t('broker.rate.percent', { pct: percent[1] });
  const tier = TIER.exec(rate);
  if (!tier) return rate;
  const [, index, upTo, sale, pct] = tier;
  return upTo === undefined ? t('broker.rate.tierAbove', { tier: index, sale, pct }) : t('broker.rate.tierUpTo', { tier: index, upTo, sale, pct });
}
