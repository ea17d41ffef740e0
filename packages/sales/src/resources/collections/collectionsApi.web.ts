import { baseApi, readsTags, type Envelope } from '@propdesk/api-client';

/** What the figures are computed from: any change of these refreshes them. */
const ledger = readsTags('installments', 'receipts', 'cheques', 'contracts');
import type { CollectionsDashboard, CustomerStatement } from './model.js';


/** The collections dashboard and a customer's statement of account (issue 18). */
export const collectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    collectionsDashboard: build.query<CollectionsDashboard, void>({
      query: () => '/api/collections/dashboard',
      transformResponse: (answer: Envelope<CollectionsDashboard>) => answer.data,
      providesTags: ledger,
      keepUnusedDataFor: 30,
    }),
    customerStatement: build.query<CustomerStatement, { customer: string; asOf?: string }>({
      query: ({ customer, asOf }) => ({ url: `/api/customers/${customer}/statement`, params: asOf ? { asOf } : {} }),
      transformResponse: (answer: Envelope<CustomerStatement>) => answer.data,
      providesTags: ledger,
    }),
  }),
});

export const { useCollectionsDashboardQuery, useCustomerStatementQuery } = collectionsApi;
