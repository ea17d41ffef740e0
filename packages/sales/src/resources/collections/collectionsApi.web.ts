import { baseApi } from '@propdesk/api-client';
import type { CollectionsDashboard, CustomerStatement } from './model.js';

type Envelope<T> = { status: 'OK'; data: T; message?: string };

/** The collections dashboard and a customer's statement of account (issue 18). */
export const collectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    collectionsDashboard: build.query<CollectionsDashboard, void>({
      query: () => '/api/collections/dashboard',
      transformResponse: (answer: Envelope<CollectionsDashboard>) => answer.data,
      keepUnusedDataFor: 30,
    }),
    customerStatement: build.query<CustomerStatement, { customer: string; asOf?: string }>({
      query: ({ customer, asOf }) => ({ url: `/api/customers/${customer}/statement`, params: asOf ? { asOf } : {} }),
      transformResponse: (answer: Envelope<CustomerStatement>) => answer.data,
    }),
  }),
});

export const { useCollectionsDashboardQuery, useCustomerStatementQuery } = collectionsApi;
