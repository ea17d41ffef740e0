import { serverCatalog } from '@propdesk/server-kit';
import { en } from './en.js';

/** Sign-in, sessions, API keys and password change: the server's words. */
export const authCatalog = serverCatalog('auth-session', en, () => import('./ar.js'));
