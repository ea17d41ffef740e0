import { defineCatalog } from '@propdesk/i18n';
import { validationEn } from './validation.en.js';

/**
 * The definitions' own field rules (`Must be a whole number`, model/schemas.ts), found by their
 * English in an issue: by the server in an answer's problems, by the browser in a form's errors.
 */
export const recordsValidationCatalog = defineCatalog('records-validation', validationEn, () => import('./validation.ar.js'));
