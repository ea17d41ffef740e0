import { passwordProblem } from '@propdesk/auth-session/model';
import { z } from 'zod';

/**
 * A first or reset password: the product's one rule (decision 27), defined in auth-session's model
 * and used by create-admin and "Change password" too; here as a classic zod schema for the forms.
 */
export { PASSWORD_MIN_LENGTH } from '@propdesk/auth-session/model';
export const passwordSchema = z.string({ error: 'Required' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const privilegeSchema = z.strictObject({
  entityName: z.string().trim().min(1).max(64).regex(/^[A-Za-z][A-Za-z0-9]*$/, 'Not an entity name'),
  fieldName: z.string().trim().max(64).regex(/^[A-Za-z][A-Za-z0-9]*$/, 'Not a field name').nullable().optional(),
  action: z.string().trim().min(1).max(32).regex(/^[A-Za-z]+$/, 'Not an action'),
});

export const privilegeListSchema = z.array(privilegeSchema).max(2000, 'At most 2000 privileges');

export const passwordResetSchema = z.strictObject({ password: passwordSchema });
