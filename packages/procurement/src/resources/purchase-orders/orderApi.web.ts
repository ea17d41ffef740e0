import { baseApi, recordTag, type Envelope } from '@propdesk/api-client';
import type { ApprovalsView, ReceiptRequest, ReceiptRow } from '../../model/api.js';


const record = (id: string) => ({ type: 'Record' as const, id });

/**
 * The purchase order's calls beyond the engine's, as endpoints of the one base API: an order's
 * action (submit, approve, issue) refreshes its approvals, a receipt refreshes the orders and requests.
 */
export const orderApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    orderApprovals: build.query<ApprovalsView, string>({
      query: (id) => `/api/purchase-orders/${id}/approvals`,
      transformResponse: (answer: Envelope<ApprovalsView>) => answer.data,
      providesTags: (_result, _error, id) => [record('purchase-orders'), recordTag('purchase-orders', id)],
    }),
    orderReceipts: build.query<ReceiptRow[], string>({
      query: (id) => `/api/purchase-orders/${id}/receipts`,
      transformResponse: (answer: Envelope<ReceiptRow[]>) => answer.data,
      providesTags: (_result, _error, id) => [record('purchase-orders'), recordTag('purchase-orders', id)],
    }),
    receiveGoods: build.mutation<Envelope<unknown>, { id: string; body: ReceiptRequest }>({
      query: ({ id, body }) => ({ url: `/api/purchase-orders/${id}/receipts`, method: 'POST', body }),
      invalidatesTags: [record('purchase-orders'), record('purchase-requests')],
    }),
  }),
});

export const { useOrderApprovalsQuery, useOrderReceiptsQuery, useReceiveGoodsMutation } = orderApi;
