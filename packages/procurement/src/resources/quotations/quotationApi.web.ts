import { baseApi, type Envelope } from '@propdesk/api-client';


/** The quotation's supplier PDF upload, as an endpoint of the one base API (it refreshes the quotations). */
export const quotationApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    uploadQuotationAttachment: build.mutation<Envelope<unknown>, { id: string; file: Blob; name: string }>({
      query: ({ id, file, name }) => ({ url: `/api/quotations/${id}/attachment`, method: 'PUT', params: { name }, body: file, headers: { 'Content-Type': 'application/pdf' } }),
      invalidatesTags: [{ type: 'Record', id: 'quotations' }],
    }),
  }),
});

export const { useUploadQuotationAttachmentMutation } = quotationApi;
