import { baseApi, recordTag, resourceTag, rowTags } from '@propdesk/api-client';

export type EoiMoneyRow = { id: string; number: string; kind: 'payment' | 'refund'; amount: string; paidOn: string; status: string; reference: string | null; transferReference: string | null };
type ListAnswer<T> = { status: 'OK'; data: T[]; total: number };

/**
 * An EOI's payments and refunds for its view, as an endpoint of the one base API. It shares the
 * engine's `Record` tag of `eoi-payments`, so recording a payment or deciding a refund refreshes it.
 */
export const eoiApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    eoiMoney: build.query<EoiMoneyRow[], string>({
      query: (eoiId) => `/api/eoi-payments?filter[eoi][eq]=${encodeURIComponent(eoiId)}&sort=number&pageSize=100`,
      transformResponse: (answer: ListAnswer<EoiMoneyRow>) => answer.data,
      // Its payments and the EOI itself (a payment that completes it gives it its token).
      providesTags: (result, _error, eoiId) => [...rowTags('eoi-payments', result), resourceTag('eois'), recordTag('eois', eoiId)],
    }),
  }),
});

export const { useEoiMoneyQuery } = eoiApi;
