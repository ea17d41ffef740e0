import * as z from 'zod/mini';

/**
 * The product's password rule (decision 27): a first, reset or changed password has 12 to 1,024
 * characters and no spaces at its start or end. The one definition: create-admin, the users'
 * reset (settings) and "Change password" use it.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
/** The rule in words, for forms. */
export const PASSWORD_RULE = `${PASSWORD_MIN_LENGTH} to ${String(PASSWORD_MAX_LENGTH).replace(/\B(?=(\d{3})+$)/g, ',')} characters, no spaces at the start or end.`;

export const passwordSchema = z.string({ error: 'Required' }).check(
  z.minLength(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`),
  z.maxLength(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
  z.refine((value) => value.trim().length === value.length, 'No spaces at the start or end'),
);

/** The first message of the rule a password breaks, or `null` when it keeps it. */
export function passwordProblem(password: string): string | null {
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a valid password');
}

/**
 * `POST /api/users/me/password` body. The new password is checked against the rule by the route
 * (so its error names the rule on `newPassword`); here only its bounds as text.
 */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().check(z.minLength(1, 'Required'), z.maxLength(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`)),
  newPassword: z.string().check(z.minLength(1, 'Required'), z.maxLength(64 * 1024, 'Too long')),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `POST /api/users/me/password` answer. */
export const changePasswordResponseSchema = z.object({
  status: z.literal('OK'),
  message: z.string(),
  data: z.object({ otherSessionsEnded: z.number() }),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
