import { z } from 'zod';

/** A first or reset password: the same bounds as an administrator's (create-admin). */
export const PASSWORD_MIN_LENGTH = 12;
export const passwordSchema = z
  .string({ error: 'Required' })
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024, 'At most 1024 characters')
  .refine((value) => value.trim().length === value.length, 'No spaces at the start or end');

export const privilegeSchema = z.strictObject({
  entityName: z.string().trim().min(1).max(64).regex(/^[A-Za-z][A-Za-z0-9]*$/, 'Not an entity name'),
  fieldName: z.string().trim().max(64).regex(/^[A-Za-z][A-Za-z0-9]*$/, 'Not a field name').nullable().optional(),
  action: z.string().trim().min(1).max(32).regex(/^[A-Za-z]+$/, 'Not an action'),
});

export const privilegeListSchema = z.array(privilegeSchema).max(2000, 'At most 2000 privileges');

export const passwordResetSchema = z.strictObject({ password: passwordSchema });
