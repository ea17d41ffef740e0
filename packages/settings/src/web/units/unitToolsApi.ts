import { baseApi, resourceTag, type Envelope } from '@propdesk/api-client';
import type { GeneratePreview, RepricePreview, RepriceRequest, UnitPattern } from '../../model/unitTools.js';

const screen = { 'X-Change-Source': 'screen' };

/**
 * Units' two tools (`POST /api/units/generate`, `POST /api/units/reprice`), each previewed (`dryRun`)
 * and then applied, as endpoints of the one base API. What is applied refreshes the units' screens
 * (the units list and grid); a preview changes nothing and refreshes nothing.
 */
export const unitToolsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    generateUnits: build.mutation<Envelope<GeneratePreview>, UnitPattern & { dryRun: boolean }>({
      query: (body) => ({ url: '/api/units/generate', method: 'POST', body, headers: screen }),
      invalidatesTags: (_result, error, { dryRun }) => (error || dryRun ? [] : [resourceTag('units')]),
    }),
    repriceUnits: build.mutation<Envelope<RepricePreview>, RepriceRequest>({
      query: (body) => ({ url: '/api/units/reprice', method: 'POST', body, headers: screen }),
      invalidatesTags: (_result, error, { dryRun }) => (error || dryRun ? [] : [resourceTag('units')]),
    }),
  }),
});

export const { useGenerateUnitsMutation, useRepriceUnitsMutation } = unitToolsApi;
