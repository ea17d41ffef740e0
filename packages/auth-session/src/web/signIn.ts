import { SIGN_IN_PATH, ensureCsrfCookie, postSignIn } from '@propdesk/api-client';
import type { Privilege } from '@propdesk/privileges';
import { decodeJwt } from 'jose';
import * as z from 'zod/mini';
import { errorBodySchema, loginRequestSchema, loginResponseSchema, tokenPayloadSchema } from '../model/index.js';
import type { LoginRequest, TokenPayload } from '../model/index.js';
import { resetPrivilegeFetch } from './privilegeFetch.js';
import { CSRF_UNAVAILABLE_MESSAGE, INVALID_CREDENTIALS_MESSAGE, SERVER_FAILURE_MESSAGE } from './loginMessages.js';
import { writeStoredPrivileges } from './roleCipher.js';
import { writeStoredToken, writeStoredUser } from './storage.js';
import type { SessionUser } from './storage.js';
import type { SessionState } from './sessionTypes.js';

export const LOGIN_PATH = SIGN_IN_PATH;
export { INVALID_CREDENTIALS_MESSAGE, CSRF_UNAVAILABLE_MESSAGE, SERVER_FAILURE_MESSAGE } from './loginMessages.js';

export type LoginCredentials = LoginRequest;

export type LoginResult = {
  user: SessionUser;
  privileges: Privilege[];
  /** The server's message from the login answer. */
  message: string;
};

/** All entity privileges of all roles, without duplicates. */
export function privilegesFromToken(payload: TokenPayload): Privilege[] {
  const seen = new Set<string>();
  const privileges: Privilege[] = [];
  for (const role of payload.data.roles) {
    for (const privilege of role.entityprivileges) {
      const key = [privilege.entityName, privilege.fieldName ?? '', privilege.action].join('\u0000').toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      privileges.push(privilege);
    }
  }
  return privileges;
}

async function failureMessage(response: Response): Promise<string> {
  let message: string | null = null;
  try {
    const parsed = z.pick(errorBodySchema, { message: true }).safeParse(await response.json());
    if (parsed.success && parsed.data.message.trim()) message = parsed.data.message;
  } catch {
    // not JSON: fall through to the generic texts
  }
  if (response.status === 400 || response.status === 429) return message ?? INVALID_CREDENTIALS_MESSAGE;
  if (response.status >= 500) return SERVER_FAILURE_MESSAGE;
  return message ?? INVALID_CREDENTIALS_MESSAGE;
}

export type LoginOutcome = { ok: true; result: LoginResult } | { ok: false; message: string };

const refused = (message: string): LoginOutcome => ({ ok: false, message });

/**
 * Signs in (spec sections 4 and 7): CSRF cookie, `POST /api/users/login`, then the user, token and
 * privileges from the token payload go to storage. It calls api-client's `postSignIn` (a plain fetch): a
 * failed login is not a session expiry, so no restore-session. A refusal carries the message to show.
 *
 * Free of Redux on purpose: the sign-in page runs it alone (its chunk stays small, issue 7 item 5),
 * and the `login` thunk of the session slice wraps it for the shell's /login route.
 */
export async function performLogin(credentials: LoginCredentials): Promise<LoginOutcome> {
  const input = loginRequestSchema.safeParse(credentials);
  if (!input.success) return refused(input.error.issues[0]?.message ?? INVALID_CREDENTIALS_MESSAGE);

  const csrfToken = await ensureCsrfCookie();
  if (!csrfToken) return refused(CSRF_UNAVAILABLE_MESSAGE);

  let response: Response;
  try {
    response = await postSignIn(input.data, csrfToken);
  } catch (error) {
    console.error('The login call failed.', error);
    return refused(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!response.ok) return refused(await failureMessage(response));

  let token: string;
  let message: string;
  let payload: TokenPayload;
  try {
    ({ data: token, message } = loginResponseSchema.parse(await response.json()));
    payload = tokenPayloadSchema.parse(decodeJwt(token));
  } catch (error) {
    console.error('The login answer could not be read.', error);
    return refused(INVALID_CREDENTIALS_MESSAGE);
  }

  const user: SessionUser = {
    username: payload.data.username,
    userId: payload.data.id,
    departmentId: payload.data.department?.id ?? null,
  };
  const privileges = privilegesFromToken(payload);
  resetPrivilegeFetch();
  writeStoredUser(user);
  writeStoredToken(token);
  await writeStoredPrivileges(privileges);
  return { ok: true, result: { user, privileges, message } };
}

/** The session slice's state right after a successful sign-in (the `login` thunk's fulfilled case). */
export function signedInSession(result: LoginResult): SessionState {
  return { user: result.user, privileges: result.privileges, privilegesStatus: 'loaded', loginStatus: 'succeeded', loginError: null };
}
