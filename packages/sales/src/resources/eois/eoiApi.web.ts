import { baseApi } from '@propdesk/api-client';

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
      providesTags: [{ type: 'Record' as const, id: 'eoi-payments' }, { type: 'Record' as const, id: 'eois' }],
    }),
  }),
});

export const { useEoiMoneyQuery } = eoiApi;
