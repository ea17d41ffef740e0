import { defineCatalog } from '@propdesk/i18n';
import { validationEn } from './validation.en.js';

/** The words of sales' schemas and definitions' rules, found by their English: by the server in an answer, by the browser in a form. */
export const salesValidationCatalog = defineCatalog('sales-validation', validationEn, () => import('./validation.ar.js'));
