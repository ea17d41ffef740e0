import { serverCatalog } from '../localize.js';
import { en } from './en.js';

/** The error envelope's generic words (validation, sign-in required, CSRF, not found, privilege, rate limit). */
export const serverKitCatalog = serverCatalog('server-kit', en, () => import('./ar.js'));
