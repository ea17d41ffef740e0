import { screensEn } from './screens.en.js';
import { plansEn } from './plans.en.js';

/**
 * The settings screens' English words, each the screen's text as it was, byte for byte. Keys are
 * `<screen>.<word>`; a count is ICU `{count, plural, …}` with the number already written as `{n}`.
 * New screens' words go in a file of their own, spread at the end.
 */
export const en = {
  ...screensEn,
  ...plansEn,
};

export type SettingsWebKey = keyof typeof en;
