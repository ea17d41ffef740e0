import { baseApi } from '@propdesk/api-client';
import { assigneesResponseSchema, type Assignee } from '../../model/assignees.js';

export const ASSIGNEES_PATH = '/api/leads/assignees';

/** What the picker asks: the lead being assigned (its team limits a team manager's choice) and the text typed. */
export type AssigneesArgs = { lead?: string | null; q?: string };

/**
 * `GET /api/leads/assignees` (issue 19) as an endpoint of the one base API: the users who can own
 * the lead and whom the caller may choose. Tagged with the engine's `Record` tag of `users`, so a
 * change to users refreshes it.
 */
export const assigneesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    leadAssignees: build.query<Assignee[], AssigneesArgs>({
      query: ({ lead, q }) => ({ url: ASSIGNEES_PATH, params: { lead: lead ?? undefined, q: q?.trim() ? q.trim() : undefined } }),
      transformResponse: (answer: unknown) => assigneesResponseSchema.parse(answer).data,
      providesTags: [{ type: 'Record', id: 'users' }],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useLeadAssigneesQuery } = assigneesApi;
