import { z } from 'zod';

/** One user a lead may be given to (issue 19): active, with the lead privileges of an agent. */
export const assigneeSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Full name, or the username when there is none. */
  name: z.string(),
  /** Their sales team (the lead's team first when they are in it), if any. */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Assignee = z.infer<typeof assigneeSchema>;

/** `GET /api/leads/assignees?lead=<id>&q=` query. */
export const assigneesQuerySchema = z.object({
  lead: z.uuid({ error: 'Must be a lead id' }).optional(),
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type AssigneesQuery = z.infer<typeof assigneesQuerySchema>;

/** `GET /api/leads/assignees` answer: the users the caller may choose, by name. */
export const assigneesResponseSchema = z.object({
  status: z.literal('OK'),
  data: z.array(assigneeSchema),
  message: z.string().optional(),
});
export type AssigneesResponse = z.infer<typeof assigneesResponseSchema>;
