import { defineCatalog } from '@propdesk/i18n';
import { validationEn } from './validation.en.js';

/** The words of procurement' schemas and definitions' rules, found by their English: by the server in an answer, by the browser in a form. */
export const procurementValidationCatalog = defineCatalog('procurement-validation', validationEn, () => import('./validation.ar.js'));
