import { baseApi, resourceTag, type Envelope } from '@propdesk/api-client';

/** A key as its create answers it: the key itself (`pdk_…`) is in it this once. */
export type CreatedApiKey = { id: string; name: string; key: string; prefix: string };

const screen = { 'X-Change-Source': 'screen' };
const keys = resourceTag('api-keys');

/**
 * An API key made (`POST /api/api-keys`) and revoked (`DELETE /api/api-keys/{id}`), as endpoints of the
 * one base API; either refreshes the keys' list and views. The list, one key and its history are the
 * engine's (records' endpoints).
 */
export const apiKeyApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    createApiKey: build.mutation<Envelope<CreatedApiKey>, { name: string; roles: string[]; expiresAt: string | null }>({
      query: (body) => ({ url: '/api/api-keys', method: 'POST', body, headers: screen }),
      invalidatesTags: (_result, error) => (error ? [] : [keys]),
    }),
    revokeApiKey: build.mutation<Envelope<unknown>, string>({
      query: (id) => ({ url: `/api/api-keys/${id}`, method: 'DELETE', headers: screen }),
      invalidatesTags: (_result, error) => (error ? [] : [keys]),
    }),
  }),
});

export const { useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeyApi;
