import { registerDefinitionWords } from '@propdesk/records/server';
import { adoptCatalog, registerValidationWords, serverCatalog, text, translate, type LocalText, type TextParams, type Word } from '@propdesk/server-kit';
import definitionWords from '../../i18n/definitions.ar.js';
import { settingsValidationCatalog as validationWords } from '../../model/i18n/validation.js';
import { en, type SettingsKey } from './en.js';

/** Settings' server words: the refusals of its own calls, by key (decision 220). */
export const settingsCatalog = serverCatalog('settings', en, () => import('./ar.js'));

/** The words of settings' schemas and definitions' rules, found by their English (shared with the web). */
export const settingsValidationCatalog = adoptCatalog(validationWords);
registerValidationWords(settingsValidationCatalog);

// The engine's own messages name settings' records in Arabic too ("لا يوجد مشروع …"), as procurement's do.
registerDefinitionWords(definitionWords);

/** A settings message by key. */
export const settingsText = (key: SettingsKey, params?: TextParams): LocalText => text(settingsCatalog, key, params);

/** A word of the catalog used inside another message: its English, and its Arabic read when the message is written. */
export const settingsWord = (key: SettingsKey): Word => ({
  en: translate(text(settingsCatalog, key), 'en'),
  get ar() {
    return translate(text(settingsCatalog, key), 'ar');
  },
});

/** A number as a plural's `count` and its written `n` (Latin digits in both languages, decision 211). */
export const counted = (value: number) => ({ count: value, n: String(value) });
