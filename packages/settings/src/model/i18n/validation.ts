import { defineCatalog } from '@propdesk/i18n';
import { validationEn } from './validation.en.js';

/** The words of settings' schemas and definitions' rules, found by their English: by the server in an answer, by the browser in a form. */
export const settingsValidationCatalog = defineCatalog('settings-validation', validationEn, () => import('./validation.ar.js'));
