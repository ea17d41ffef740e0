import { baseApi, readsTags, type Envelope } from '@propdesk/api-client';
import type { BrokerStatement, CommissionBroker } from './model.js';

const screen = { 'X-Change-Source': 'screen' };

/** A broker's commission statement (issue 18), beside the engine's commission calls. */
export const commissionApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    commissionBrokers: build.query<CommissionBroker[], void>({
      query: () => '/api/commissions/brokers',
      transformResponse: (answer: Envelope<CommissionBroker[]>) => answer.data,
      providesTags: readsTags('commissions'),
    }),
    brokerStatement: build.query<BrokerStatement, string>({
      query: (broker) => `/api/brokers/${broker}/commission-statement`,
      transformResponse: (answer: Envelope<BrokerStatement>) => answer.data,
      providesTags: readsTags('commissions'),
    }),
    /** Part (or the rest) of a clawed-back commission returned by the broker; the line's view and the statements read again. */
    recordRecovery: build.mutation<Envelope<{ status: string; recoverable: string }>, { id: string; amount: string; reference: string }>({
      query: ({ id, amount, reference }) => ({ url: `/api/commissions/${id}/recoveries`, method: 'POST', body: { amount, reference }, headers: screen }),
      invalidatesTags: ['Record'],
    }),
  }),
});

export const { useBrokerStatementQuery, useCommissionBrokersQuery, useRecordRecoveryMutation } = commissionApi;
