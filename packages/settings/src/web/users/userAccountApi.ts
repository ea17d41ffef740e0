import { baseApi } from '@propdesk/api-client';

/** A user's account actions, as endpoints of the one base API: a new password, and every session ended. */
export const userAccountApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    setUserPassword: build.mutation<unknown, { userId: string; password: string }>({
      query: ({ userId, password }) => ({ url: `/api/users/${userId}/password`, method: 'POST', body: { password } }),
    }),
    endUserSessions: build.mutation<unknown, string>({
      query: (userId) => ({ url: `/api/users/${userId}/sessions`, method: 'DELETE' }),
    }),
  }),
});

export const { useSetUserPasswordMutation, useEndUserSessionsMutation } = userAccountApi;
