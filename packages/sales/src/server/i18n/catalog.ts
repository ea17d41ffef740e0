import { registerDefinitionWords } from '@propdesk/records/server';
import { adoptCatalog, dataWord, registerValidationWords, serverCatalog, text, translate, type LocalText, type TextParams, type Word } from '@propdesk/server-kit';
import type { PricingProblem } from '../../resources/reservations/pricing.js';
import definitionWords from '../../i18n/definitions.ar.js';
import { salesValidationCatalog as validationWords } from '../../model/i18n/validation.js';
import { en, type SalesKey } from './en.js';

/** Sales' server words: every refusal of its documents, by key (decision 220). */
export const salesCatalog = serverCatalog('sales', en, () => import('./ar.js'));

/** The words of sales' schemas and definitions' rules, found by their English (shared with the web). */
export const salesValidationCatalog = adoptCatalog(validationWords);
registerValidationWords(salesValidationCatalog);

// The engine's own messages name sales' documents in Arabic too ("لا يوجد حجز …"), as procurement's do.
registerDefinitionWords(definitionWords);

/** A sales message by key. */
export const salesText = (key: SalesKey, params?: TextParams): LocalText => text(salesCatalog, key, params);

const arabicWords: Readonly<Record<string, string | undefined>> = definitionWords;
const spaced = (value: unknown) => String(value ?? '').replace(/_/g, ' ');

/**
 * A sales document's option value as a message's parameter (`{status}`, `{kind}`): English as the
 * API always wrote it (`pending approval`), Arabic the definition's own option label.
 */
export const optionWord = (resource: string, field: string, value: unknown): Word => ({ en: spaced(value), ar: arabicWords[`${resource}.fields.${field}.options.${String(value)}`] });

/** A sales document's state as `{status}`. */
export const stateWord = (resource: string, status: unknown): Word => optionWord(resource, 'status', status);

const HOLD_STATES_AR: Readonly<Record<string, string>> = {
  pending: 'قيد الانتظار',
  approved: 'معتمد',
  rejected: 'مرفوض',
  released: 'ملغى',
  converted: 'محوّل إلى حجز',
  expired: 'منتهي',
};

/** A hold's state as a message's `{status}`: English as before ("pending"), Arabic from the glossary. */
export const holdState = (status: unknown): Word => {
  const value = String(status ?? '');
  return { en: value.replace(/_/g, ' '), ar: HOLD_STATES_AR[value] };
};

/** A unit's state (units are settings' definition; a unit's state is said of a وحدة, so feminine). */
const UNIT_STATES_AR: Readonly<Record<string, string>> = {
  available: 'متاحة',
  on_hold: 'محجوزة مؤقتًا',
  reserved: 'محجوزة',
  contracted: 'متعاقد عليها',
  sold: 'مباعة',
  blocked: 'موقوفة',
};
export const unitState = (status: unknown): Word => ({ en: spaced(status), ar: UNIT_STATES_AR[String(status ?? '')] });

/**
 * A word of the catalog used inside another message (`someone else`, `none`): its English, and its
 * Arabic read when the message is written (the Arabic words load when the app is ready).
 */
export const salesWord = (key: SalesKey): Word => ({
  en: translate(text(salesCatalog, key), 'en'),
  get ar() {
    return translate(text(salesCatalog, key), 'ar');
  },
});

/** A number as a plural's `count` and its written `n` (Latin digits in both languages, decision 211). */
export const counted = (value: number) => ({ count: value, n: String(value) });

/** A discount that cannot apply (`priceReservation`'s problem) in the caller's language; amounts are data. */
export const pricingText = (problem: PricingProblem): LocalText => {
  const params: Record<string, string | Word> = {};
  for (const [name, value] of Object.entries(problem.params ?? {})) params[name] = name === 'max' || name === 'plan' ? value : dataWord(value);
  return salesText(problem.key, params);
};
