import type { Language } from '@propdesk/i18n';
import type { PrivilegeChecker } from '@propdesk/privileges';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessDenied, sendError, unauthorized } from './errors.js';

/** Who is calling; set by the auth-session plugin on every request, `null` without a session. */
export type RequestAuth = {
  userId: string;
  username: string;
  sessionId: string;
  departmentId: string | null;
  checker: PrivilegeChecker;
  /** The account's language (issue 29); null or absent: the call's `Accept-Language` decides. */
  language?: Language | null;
  /** Set when the caller is an API key (`Authorization: Bearer pdk_…`): the key's id; its service user is `userId`. */
  apiKeyId?: string;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** 401 without a session. Use as an `onRequest` (before body parsing) or `preHandler` hook. */
export function requireSession(): AuthHook {
  return async (request, reply) => {
    if (!request.auth) await sendError(reply, unauthorized());
  };
}

/** 401 without a session, 423 when the privilege engine refuses `action` on `entity`. */
export function requirePrivilege(entity: string, action = 'read'): AuthHook {
  return async (request, reply) => {
    if (!request.auth) await sendError(reply, unauthorized());
    else if (!request.auth.checker.can(entity, action)) await sendError(reply, accessDenied());
  };
}
