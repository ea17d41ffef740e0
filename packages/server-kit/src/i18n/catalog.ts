import { registerValidationWords, serverCatalog } from '../localize.js';
import { en, validationEn } from './en.js';

/** The error envelope's generic words (validation, sign-in required, CSRF, not found, privilege, rate limit). */
export const serverKitCatalog = serverCatalog('server-kit', en, () => import('./ar.js'));

/** Schemas' own common words ("Required", "At most 80 characters"), found by their English. */
export const validationCatalog = serverCatalog('validation', validationEn, () => import('./validation.ar.js'));
registerValidationWords(validationCatalog);
