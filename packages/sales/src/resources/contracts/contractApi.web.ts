import { baseApi, recordTag, type Envelope } from '@propdesk/api-client';
import type { KeptPrint } from '../../print/model.js';

const screen = { 'X-Change-Source': 'screen' };

/** A configured contract action open from the contract's current step (`GET /api/contracts/{id}/steps`). */
export type StepAction = { id: string; name: string; label: string; fromStepName: string; toStep: string; toStepName: string; toStepFinal: boolean; needsReason: boolean };
/** A kept print of a contract (`GET /api/contracts/{id}/prints`). */
export type { KeptPrint } from '../../print/model.js';

/**
 * The contract calls beyond the engine's, on the one base API; a step taken refreshes the contract's
 * `Record` tags (its view and list) and the open actions.
 */
export const contractApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record', 'ContractSteps', 'ContractPrints'] }).injectEndpoints({
  endpoints: (build) => ({
    contractSteps: build.query<StepAction[], string>({
      query: (id) => `/api/contracts/${id}/steps`,
      transformResponse: (answer: Envelope<StepAction[]>) => answer.data,
      // The actions open from the contract's current step: anyone's step taken changes them.
      providesTags: (_result, _error, id) => [{ type: 'ContractSteps', id }, recordTag('contracts', id)],
    }),
    moveContractStep: build.mutation<unknown, { id: string; action: string; reason?: string }>({
      query: ({ id, action, reason }) => ({ url: `/api/contracts/${id}/steps/${action}`, method: 'POST', body: reason ? { reason } : {}, headers: screen }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ContractSteps', id }, { type: 'Record', id: 'contracts' }],
    }),
    contractPrints: build.query<KeptPrint[], string>({
      query: (id) => `/api/contracts/${id}/prints`,
      transformResponse: (answer: Envelope<KeptPrint[]>) => answer.data,
      providesTags: (_result, _error, id) => [{ type: 'ContractPrints', id }],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useContractStepsQuery, useMoveContractStepMutation, useContractPrintsQuery } = contractApi;
