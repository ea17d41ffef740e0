import { SESSION_CHECK_PATH, readAccount } from '@propdesk/api-client';
import { meResponseSchema } from '@propdesk/auth-session/model';
import { initialLanguage, readStoredUser, rememberLanguage } from '@propdesk/auth-session/web';
import type { Language } from '@propdesk/i18n';
import { setLanguage } from '@propdesk/i18n/react';
import { prepareDirection, shellCatalog } from '@propdesk/shell-ui';

/** The caller's account (the same call as the shell's session check). */
export const ACCOUNT_PATH = SESSION_CHECK_PATH;

/**
 * The signed-in account's language (issue 29; null: not chosen, undefined: unknown, e.g. nobody
 * signed in or the call failed). Its own call, without the session-restore handling: the shell's
 * session check does that.
 */
export function fetchAccountLanguage(): Promise<Language | null | undefined> {
  if (!readStoredUser()) return Promise.resolve(undefined);
  return readAccount({ restoreSession: false }).then(
    (answer) => meResponseSchema.parse(answer).data.language,
    () => undefined,
  );
}

/**
 * Shows the page in the account's language, else the last account's on this browser, else the
 * browser's: words loaded and direction ready before anything re-renders. Called when the shell
 * starts and after every sign-in inside the shell (after a sign-out the page is the same page:
 * the next account's language must replace the last one's without a reload).
 */
export async function applyAccountLanguage(account: Promise<Language | null | undefined> = fetchAccountLanguage()): Promise<Language> {
  const chosen = await account;
  if (chosen !== undefined) rememberLanguage(chosen);
  const language = chosen ?? initialLanguage();
  await Promise.all([setLanguage(language, [shellCatalog]), prepareDirection(language)]);
  return language;
}
