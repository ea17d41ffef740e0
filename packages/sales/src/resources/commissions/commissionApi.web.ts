import { baseApi } from '@propdesk/api-client';
import type { BrokerStatement, CommissionBroker } from './model.js';

type Envelope<T> = { status: 'OK'; data: T; message?: string };

/** A broker's commission statement (issue 18), beside the engine's commission calls. */
export const commissionApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    commissionBrokers: build.query<CommissionBroker[], void>({
      query: () => '/api/commissions/brokers',
      transformResponse: (answer: Envelope<CommissionBroker[]>) => answer.data,
      providesTags: [{ type: 'Record', id: 'commissions' }],
    }),
    brokerStatement: build.query<BrokerStatement, string>({
      query: (broker) => `/api/brokers/${broker}/commission-statement`,
      transformResponse: (answer: Envelope<BrokerStatement>) => answer.data,
      providesTags: [{ type: 'Record', id: 'commissions' }],
    }),
  }),
});

export const { useBrokerStatementQuery, useCommissionBrokersQuery } = commissionApi;
