import { comparisonEn } from './comparison.en.js';
import { dashboardEn } from './dashboard.en.js';
import { forms2En } from './forms2.en.js';

/**
 * The procurement screens' English words, each the screen's text as it was, byte for byte. Keys are
 * `<screen>.<word>`; a count is ICU `{count, plural, …}` with the number already written as `{n}`.
 * A screen's words go in a file of their own, spread at the end.
 */
export const en = {
  ...comparisonEn,
  ...dashboardEn,
  ...forms2En,
};

export type ProcurementWebKey = keyof typeof en;
