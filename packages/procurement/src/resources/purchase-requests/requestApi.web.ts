import { baseApi, readsTags, recordTag, type Envelope } from '@propdesk/api-client';
import type { AwardRequest, AwardResult, ComparisonView, ProcurementDashboard, RequestLineOption } from '../../model/api.js';


const record = (id: string) => ({ type: 'Record' as const, id });

/**
 * The purchase request's calls beyond the engine's, as endpoints of the one base API. They share
 * the engine's `Record` tags (id = resource name): saving a request or a quotation refreshes the
 * comparison and the dashboard, and an award refreshes the requests, orders and quotations.
 */
export const requestApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    requestComparison: build.query<ComparisonView, string>({
      query: (id) => `/api/purchase-requests/${id}/comparison`,
      transformResponse: (answer: Envelope<ComparisonView>) => answer.data,
      providesTags: (_result, _error, id) => [record('purchase-requests'), recordTag('purchase-requests', id), ...readsTags('quotations')],
    }),
    awardRequest: build.mutation<Envelope<AwardResult>, { id: string; body: AwardRequest }>({
      query: ({ id, body }) => ({ url: `/api/purchase-requests/${id}/award`, method: 'POST', body }),
      invalidatesTags: [record('purchase-requests'), record('purchase-orders'), record('quotations')],
    }),
    requestLines: build.query<RequestLineOption[], string>({
      query: (id) => `/api/purchase-requests/${id}/lines`,
      transformResponse: (answer: Envelope<RequestLineOption[]>) => answer.data,
      providesTags: (_result, _error, id) => [record('purchase-requests'), recordTag('purchase-requests', id)],
    }),
    procurementDashboard: build.query<ProcurementDashboard, void>({
      query: () => '/api/procurement/dashboard',
      transformResponse: (answer: Envelope<ProcurementDashboard>) => answer.data,
      providesTags: readsTags('purchase-requests', 'purchase-orders'),
    }),
  }),
});

export const { useRequestComparisonQuery, useAwardRequestMutation, useRequestLinesQuery, useProcurementDashboardQuery } = requestApi;
