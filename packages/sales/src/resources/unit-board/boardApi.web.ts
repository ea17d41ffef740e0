import { baseApi, type Envelope } from '@propdesk/api-client';
import type { Board, SalesDashboard } from './model.js';


/** One line of a unit's story (`GET /api/units/{id}/story`). */
export type StoryLine = {
  id: string;
  at: string;
  from: string | null;
  to: string;
  actorId: string | null;
  actorName: string | null;
  source: string | null;
  action: string | null;
  document: { resource: string; id: string; label: string | null } | null;
  reason: string | null;
};

/** A hold request as the engine answers it (the fields the card uses). */
export type HoldRecord = {
  id: string;
  number: string;
  status: string;
  hours: number;
  totalHours: number | null;
  extensions: number | null;
  extensionHours: number | null;
  expiresAt: string | null;
  requestedBy: string | null;
};

/** The hold limits of a project (its Hold Request Setup). */
export type HoldSetup = { maxHoldHours: number; maxExtensions: number; maxTotalHours: number; requiresApproval: boolean };

const screen = { 'X-Change-Source': 'screen' };
const holds = { type: 'Record', id: 'hold-requests' } as const;
const units = { type: 'Record', id: 'units' } as const;

/**
 * The board's calls as endpoints of the one base API. They share the engine's `Record` tags, so
 * a hold asked here refreshes the hold-request list, and the engine's unit changes the board.
 */
export const boardApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record', 'UnitStory'] }).injectEndpoints({
  endpoints: (build) => ({
    unitBoard: build.query<Board, string>({
      query: (project) => ({ url: '/api/units/board', params: { project } }),
      transformResponse: (answer: Envelope<Board>) => answer.data,
      providesTags: [units],
      // A board is a snapshot the stream keeps current; read it again only when asked.
      keepUnusedDataFor: 0,
    }),
    unitStory: build.query<StoryLine[], string>({
      query: (id) => `/api/units/${id}/story`,
      transformResponse: (answer: Envelope<StoryLine[]>) => answer.data,
      providesTags: (_result, _error, id) => [{ type: 'UnitStory', id }],
      keepUnusedDataFor: 0,
    }),
    holdRequest: build.query<HoldRecord, string>({
      query: (id) => `/api/hold-requests/${id}`,
      transformResponse: (answer: Envelope<HoldRecord>) => answer.data,
      providesTags: [holds],
    }),
    holdSetup: build.query<HoldSetup | null, string>({
      query: (project) => ({ url: '/api/hold-request-setups', params: { 'filter[project]': project, pageSize: 1 } }),
      transformResponse: (answer: Envelope<HoldSetup[]>) => answer.data[0] ?? null,
    }),
    requestHold: build.mutation<Envelope<HoldRecord>, { unit: string; customer?: string; lead?: string; hours: number; reason: string }>({
      query: (body) => ({ url: '/api/hold-requests', method: 'POST', body, headers: screen }),
      invalidatesTags: [holds],
    }),
    askExtension: build.mutation<Envelope<HoldRecord>, { id: string; hours: number }>({
      query: ({ id, hours }) => ({ url: `/api/hold-requests/${id}/extend`, method: 'POST', body: { hours }, headers: screen }),
      invalidatesTags: [holds],
    }),
    unitAction: build.mutation<Envelope<unknown>, { id: string; action: 'block' | 'unblock'; reason: string }>({
      query: ({ id, action, reason }) => ({ url: `/api/units/${id}/actions/${action}`, method: 'POST', body: { reason }, headers: screen }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'UnitStory', id }],
    }),
    salesDashboard: build.query<SalesDashboard, void>({
      query: () => '/api/sales/dashboard',
      transformResponse: (answer: Envelope<SalesDashboard>) => answer.data,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useUnitBoardQuery,
  useUnitStoryQuery,
  useHoldRequestQuery,
  useHoldSetupQuery,
  useRequestHoldMutation,
  useAskExtensionMutation,
  useUnitActionMutation,
  useSalesDashboardQuery,
} = boardApi;
