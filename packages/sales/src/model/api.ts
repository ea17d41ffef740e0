import { z } from 'zod';

/**
 * One open lead with the phone or email being checked (`GET /api/leads/duplicates`). A lead the
 * caller may not see gives away only who owns it and until when: its name and link are null.
 */
export const duplicateMatchSchema = z.object({
  id: z.string(),
  visible: z.boolean(),
  fullName: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  validUntil: z.string().nullable(),
  matchedOn: z.enum(['phone', 'email']),
  link: z.string().nullable(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

/** `GET /api/leads/duplicates` answer's data: the phone as normalised (E.164) and the matches. */
export const duplicateCheckSchema = z.object({
  phone: z.string().nullable(),
  matches: z.array(duplicateMatchSchema),
});
export type DuplicateCheck = z.infer<typeof duplicateCheckSchema>;

/** `GET /api/leads/duplicates` query. */
export type DuplicateQuery = { phone?: string; email?: string; excludeId?: string };

/** `POST /api/leads/{id}/claim` answer's data: whether the owner's manager was notified. */
export type ClaimResult = { id: string; notified: boolean };

/** `POST /api/leads/assign` answer's data: how many leads changed hands. */
export type AssignResult = { changed: number };
