import { commonValidationCatalog } from '@propdesk/i18n';
import { adoptCatalog, registerValidationWords, serverCatalog } from '../localize.js';
import { en } from './en.js';

/** The error envelope's generic words (validation, sign-in required, CSRF, not found, privilege, rate limit). */
export const serverKitCatalog = serverCatalog('server-kit', en, () => import('./ar.js'));

/** Schemas' own common words ("Required", "At most 80 characters"), found by their English (`@propdesk/i18n`'s, shared with the browser). */
export const validationCatalog = adoptCatalog(commonValidationCatalog);
registerValidationWords(validationCatalog);
