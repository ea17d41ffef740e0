import { CSRF_UNAVAILABLE_MESSAGE, INVALID_CREDENTIALS_MESSAGE, SERVER_FAILURE_MESSAGE } from '../loginMessages.js';

/** The sign-in screen's English words: the spec's texts, unchanged (the spec's fixed texts are tested). */
export const en = {
  pageTitle: 'Sign in · {product}',
  welcome: 'Welcome to {product}',
  intro: 'Sign in with your work account to continue.',
  username: 'Username',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  signIn: 'Sign in',
  signingIn: 'Signing in',
  invalidCredentials: INVALID_CREDENTIALS_MESSAGE,
  csrfUnavailable: CSRF_UNAVAILABLE_MESSAGE,
  serverFailure: SERVER_FAILURE_MESSAGE,
};

export type AuthKey = keyof typeof en;
