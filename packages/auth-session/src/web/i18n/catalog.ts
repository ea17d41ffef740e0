import { defineCatalog } from '@propdesk/i18n';
import { CSRF_UNAVAILABLE_MESSAGE, INVALID_CREDENTIALS_MESSAGE, SERVER_FAILURE_MESSAGE } from '../loginMessages.js';
import { en } from './en.js';

/**
 * The sign-in screen's words. English is the spec's text, unchanged (the spec's fixed texts are
 * tested); the Arabic loads only for those who read it.
 */
export const authCatalog = defineCatalog(
  'auth',
  en,
  () => import('./ar.js'),
);

/** The catalog key of a sign-in error the screen is given in English (the flow's fixed messages). */
export function signInErrorKey(message: string): 'invalidCredentials' | 'csrfUnavailable' | 'serverFailure' | null {
  if (message === INVALID_CREDENTIALS_MESSAGE) return 'invalidCredentials';
  if (message === CSRF_UNAVAILABLE_MESSAGE) return 'csrfUnavailable';
  if (message === SERVER_FAILURE_MESSAGE) return 'serverFailure';
  return null;
}
