import { baseApi, readsTags, type Envelope } from '@propdesk/api-client';

/** What the figures are computed from: any change of these refreshes them. */
const ledger = readsTags('installments', 'receipts', 'cheques', 'contracts');
import type { BandReminders, CollectionsDashboard, CustomerStatement } from './model.js';


/** The collections dashboard and a customer's statement of account (issue 18). */
export const collectionsApi = baseApi.enhanceEndpoints({ addTagTypes: ['CustomerMessage'] }).injectEndpoints({
  endpoints: (build) => ({
    collectionsDashboard: build.query<CollectionsDashboard, void>({
      query: () => '/api/collections/dashboard',
      transformResponse: (answer: Envelope<CollectionsDashboard>) => answer.data,
      providesTags: ledger,
      keepUnusedDataFor: 30,
    }),
    /** How many of an age band's customers a reminder would reach (writes nothing). */
    bandReminders: build.query<BandReminders, Pick<BandReminders, 'band' | 'channel' | 'project'>>({
      query: ({ band, channel, project }) => ({ url: '/api/collections/reminders', params: project ? { band, channel, project } : { band, channel } }),
      transformResponse: (answer: Envelope<BandReminders>) => answer.data,
      keepUnusedDataFor: 0,
    }),
    sendBandReminders: build.mutation<BandReminders, Pick<BandReminders, 'band' | 'channel' | 'project'>>({
      query: ({ band, channel, project }) => ({ url: '/api/collections/reminders', method: 'POST', body: project ? { band, channel, project } : { band, channel } }),
      transformResponse: (answer: Envelope<BandReminders>) => answer.data,
      invalidatesTags: ['CustomerMessage'],
    }),
    customerStatement: build.query<CustomerStatement, { customer: string; asOf?: string }>({
      query: ({ customer, asOf }) => ({ url: `/api/customers/${customer}/statement`, params: asOf ? { asOf } : {} }),
      transformResponse: (answer: Envelope<CustomerStatement>) => answer.data,
      providesTags: ledger,
    }),
  }),
});

export const { useBandRemindersQuery, useCollectionsDashboardQuery, useCustomerStatementQuery, useSendBandRemindersMutation } = collectionsApi;
