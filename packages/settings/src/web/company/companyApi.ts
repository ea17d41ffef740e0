import { baseApi } from '@propdesk/api-client';

/**
 * The company logo's calls (`PUT|DELETE /api/company-profile/{id}/logo`), on the one base API: the
 * bytes go as they are (the server judges the file by them, not by the name), and a change refreshes
 * the profile's view (its `Record` tag) so the new logo and its time show at once.
 */
export const companyApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    uploadCompanyLogo: build.mutation<{ message?: string }, { id: string; file: Blob }>({
      query: ({ id, file }) => ({ url: `/api/company-profile/${id}/logo`, method: 'PUT', body: file, headers: { 'Content-Type': 'application/octet-stream', 'X-Change-Source': 'screen' } }),
      invalidatesTags: [{ type: 'Record', id: 'company-profile' }],
    }),
    removeCompanyLogo: build.mutation<{ message?: string }, string>({
      query: (id) => ({ url: `/api/company-profile/${id}/logo`, method: 'DELETE', headers: { 'X-Change-Source': 'screen' } }),
      invalidatesTags: [{ type: 'Record', id: 'company-profile' }],
    }),
  }),
});

export const { useUploadCompanyLogoMutation, useRemoveCompanyLogoMutation } = companyApi;
