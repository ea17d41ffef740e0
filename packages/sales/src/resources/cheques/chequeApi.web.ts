import { baseApi, readsTags, type Envelope } from '@propdesk/api-client';
import type { DepositCalendar } from './model.js';


/** The cheque calls beside the engine's: the deposit calendar of a week. */
export const chequeApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    depositCalendar: build.query<DepositCalendar, string | undefined>({
      query: (week) => ({ url: '/api/cheques/deposit-calendar', params: week ? { week } : {} }),
      transformResponse: (answer: Envelope<DepositCalendar>) => answer.data,
      providesTags: readsTags('cheques'),
    }),
  }),
});

export const { useDepositCalendarQuery } = chequeApi;
