import { baseApi, type Envelope } from '@propdesk/api-client';
import type { RecordRow } from '@propdesk/records/model';
import { duplicateCheckSchema, type AssignResult, type ClaimResult, type DuplicateCheck, type DuplicateQuery } from '../../model/api.js';
import { takeUrgentCounts, type UrgentCounts } from './urgentCounts.web.js';

export type { DuplicateMatch } from '../../model/api.js';


/** A lead activity as the engine answers it (the `lead-activities` resource). */
export type Activity = RecordRow & { at: string; outcome: string | null; notes: string | null; nextFollowUpAt: string | null; createdBy: string | null };

const screen = { 'X-Change-Source': 'screen' };
const leads = { type: 'Record', id: 'leads' } as const;
const activities = { type: 'Record', id: 'lead-activities' } as const;

/**
 * The lead calls beyond the engine's, as endpoints of the one base API. They share the records
 * engine's `Record` tags (id = resource name), so a change here refreshes the leads list, the
 * lead's view and its timeline, and the engine's changes refresh the counts here.
 */
export const leadApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    leadDuplicates: build.query<DuplicateCheck, DuplicateQuery>({
      query: (params) => ({ url: '/api/leads/duplicates', params }),
      transformResponse: (answer: Envelope<unknown>) => duplicateCheckSchema.parse(answer.data),
      // Asked while typing: always the server's current answer, nothing kept once the form is gone.
      keepUnusedDataFor: 0,
    }),
    claimLead: build.mutation<Envelope<ClaimResult>, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: `/api/leads/${id}/claim`, method: 'POST', body: reason ? { reason } : {}, headers: screen }),
    }),
    assignLeads: build.mutation<Envelope<AssignResult>, { ids: string[]; userId: string | null }>({
      query: (body) => ({ url: '/api/leads/assign', method: 'POST', body, headers: screen }),
      invalidatesTags: [leads],
    }),
    convertLead: build.mutation<Envelope<{ id: string }>, { id: string; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/api/leads/${id}/convert`, method: 'POST', body, headers: screen }),
      invalidatesTags: [leads, { type: 'Record', id: 'customers' }],
    }),
    leadActivities: build.query<Activity[], string>({
      query: (id) => `/api/leads/${id}/activities`,
      transformResponse: (answer: Envelope<Activity[]>) => answer.data,
      providesTags: [activities],
    }),
    logLeadActivity: build.mutation<Envelope<Activity>, Record<string, unknown>>({
      query: (body) => ({ url: '/api/lead-activities', method: 'POST', body, headers: screen }),
      // The activity moves the lead's validity and follow-up.
      invalidatesTags: [activities, leads],
    }),
    createLead: build.mutation<Envelope<{ id: string }>, Record<string, unknown>>({
      query: (body) => ({ url: '/api/leads', method: 'POST', body, headers: screen }),
      invalidatesTags: [leads],
    }),
    patchLead: build.mutation<Envelope<{ id: string }>, { id: string; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/api/leads/${id}`, method: 'PATCH', body, headers: screen }),
      invalidatesTags: [leads],
    }),
    /** The caller's overdue and expiring counts; the route's prefetch, when there is one, is taken first. */
    leadUrgentCounts: build.query<UrgentCounts, void>({
      queryFn: async () => ({ data: await takeUrgentCounts() }),
      providesTags: [leads],
    }),
  }),
});

export const {
  useLeadDuplicatesQuery,
  useClaimLeadMutation,
  useAssignLeadsMutation,
  useConvertLeadMutation,
  useLeadActivitiesQuery,
  useLogLeadActivityMutation,
  useCreateLeadMutation,
  usePatchLeadMutation,
  useLeadUrgentCountsQuery,
} = leadApi;
