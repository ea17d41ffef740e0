import { LANGUAGES } from '@propdesk/i18n';
import * as z from 'zod/mini';

/**
 * Shared schemas of the auth calls (api.md "Fixed calls"). Ids are opaque strings: the server uses
 * UUIDs (PostgreSQL `gen_random_uuid()`), but clients must not rely on their format.
 *
 * Written with `zod/mini` (functions rather than methods, so a bundler keeps only what is used):
 * the sign-in page parses the login answer with them and stays small (issue 7, item 5); the server
 * validates and documents its routes with them as with any zod schema.
 */

/** One privilege: an action on an entity, optionally narrowed to one field. */
export const privilegeSchema = z.object({
  entityName: z.string(),
  fieldName: z.optional(z.nullable(z.string())),
  action: z.string(),
});
export type Privilege = z.infer<typeof privilegeSchema>;

/** `GET /api/users/privileges` answers a bare array of privileges. */
export const privilegeListSchema = z.array(privilegeSchema);
export type PrivilegeList = z.infer<typeof privilegeListSchema>;

/** `POST /api/users/login` body. */
export const loginRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(100, 'Username is too long')),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(1024, 'Password is too long')),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /api/users/login` answer: the signed token (for display/claims only) and a message. */
export const loginResponseSchema = z.object({
  data: z.string(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const departmentRefSchema = z.object({ id: z.string(), name: z.string() });
export type DepartmentRef = z.infer<typeof departmentRefSchema>;

export const tokenRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  entityprivileges: z.array(privilegeSchema),
});
export type TokenRole = z.infer<typeof tokenRoleSchema>;

/** The user part of the login token. */
export const tokenUserSchema = z.object({
  username: z.string(),
  id: z.string(),
  department: z.nullable(departmentRefSchema),
  roles: z.array(tokenRoleSchema),
});
export type TokenUser = z.infer<typeof tokenUserSchema>;

/** The login token's payload (api.md): iss 'propdesk', aud 'propdesk-web'. */
export const tokenPayloadSchema = z.object({
  data: tokenUserSchema,
  iat: z.number(),
  exp: z.number(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The error envelope. */
export const errorBodySchema = z.object({
  status: z.optional(z.literal('ERROR')),
  message: z.string(),
  errors: z.optional(z.array(fieldErrorSchema)),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ status: 'OK' }` answers (csrf-cookie, restore-session) and logout's `{ status, message }`. */
export const okStatusSchema = z.object({ status: z.literal('OK'), message: z.optional(z.string()) });
export type OkStatus = z.infer<typeof okStatusSchema>;

/** `GET /api/users/me` data. */
export const meSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.optional(z.nullable(z.string())),
  department: z.nullable(departmentRefSchema),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The account's language (issue 29); null until the user chooses, then the browser's language decides. */
  language: z.nullable(z.enum(LANGUAGES)),
});
export type Me = z.infer<typeof meSchema>;

/** `PATCH /api/users/me`: the caller's own preferences (today the language; null = the browser's). */
export const updateMeRequestSchema = z.strictObject({ language: z.nullable(z.enum(LANGUAGES)) });
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const meResponseSchema = z.object({ status: z.literal('OK'), data: meSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Cookie and header names of the session (architecture.md, Security model). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-CSRF-TOKEN';
export const ACCESS_COOKIE = 'pd_access';
export const REFRESH_COOKIE = 'pd_refresh';
export const PRE_SESSION_COOKIE = 'pd_pre';
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  passwordProblem,
  passwordSchema,
} from './password.js';
export type { ChangePasswordRequest, ChangePasswordResponse } from './password.js';
