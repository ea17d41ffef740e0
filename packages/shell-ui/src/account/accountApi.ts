import { translator } from '@propdesk/i18n';
import { getLanguage } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { baseApi, type ApiQueryError } from '@propdesk/api-client';
import {
  changePasswordResponseSchema,
  errorBodySchema,
  meResponseSchema,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type Me,
  type UpdateMeRequest,
} from '@propdesk/auth-session/model';

export const ME_PATH = '/api/users/me';
export const CHANGE_PASSWORD_PATH = '/api/users/me/password';

/**
 * The signed-in user's own calls (issue 19), as endpoints of the one base API: their profile and
 * "Change password". Answers are checked with auth-session's shared schemas.
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myProfile: build.query<Me, void>({
      query: () => ME_PATH,
      transformResponse: (answer: unknown) => meResponseSchema.parse(answer).data,
      // Always the server's current profile when the dialog opens.
      keepUnusedDataFor: 0,
    }),
    // Issue 29: the caller's language, kept on the account (PATCH /api/users/me).
    setMyLanguage: build.mutation<Me, UpdateMeRequest>({
      query: (body) => ({ url: ME_PATH, method: 'PATCH', body }),
      transformResponse: (answer: unknown) => meResponseSchema.parse(answer).data,
    }),
    changeMyPassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (body) => ({ url: CHANGE_PASSWORD_PATH, method: 'POST', body }),
      transformResponse: (answer: unknown) => changePasswordResponseSchema.parse(answer),
    }),
  }),
});

export const { useMyProfileQuery, useChangeMyPasswordMutation, useSetMyLanguageMutation } = accountApi;

/** The message and field errors of a failed call (the server's error envelope), whatever the error's shape. */
export function accountCallError(error: unknown): { message: string; fields: Record<string, string> } {
  const queryError = (error ?? {}) as Partial<ApiQueryError> & { data?: unknown; message?: unknown };
  const envelope = errorBodySchema.safeParse(queryError.data);
  const fields: Record<string, string> = {};
  const listed = envelope.success ? (envelope.data.errors ?? []) : Array.isArray(queryError.errors) ? queryError.errors : [];
  for (const item of listed) fields[item.field] ??= item.message;
  const message = envelope.success ? envelope.data.message : typeof queryError.message === 'string' ? queryError.message : translator(shellCatalog, getLanguage())('requestFailed');
  return { message, fields };
}
