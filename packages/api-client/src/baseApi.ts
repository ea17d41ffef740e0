import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { Dispatch } from '@reduxjs/toolkit';
import { HttpError, toApiError, type ApiError } from './errors.js';
import { apiRequest } from './request.js';
import type { ApiRequestOptions } from './request.js';
import { RECORD_TAG, trackRecordChanges } from './recordChanges.js';
import { onSignOut } from './signOut.js';

export type QueryParamValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** What an endpoint's `query` returns: a path, or a path with method, body, params and headers. */
export type ApiQueryArgs =
  | string
  | {
      url: string;
      method?: string;
      body?: ApiRequestOptions['body'];
      params?: Record<string, QueryParamValue>;
      headers?: Record<string, string>;
      responseType?: ApiRequestOptions['responseType'];
    };

/**
 * The error an endpoint reports: the one `ApiError` (status, message, field errors, `current`),
 * with the parsed body as `data` like RTK Query's `FetchBaseQueryError`.
 */
export type ApiQueryError = ApiError & { data: unknown };

/** Appends query parameters; arrays repeat the key, null and undefined are left out. */
export function withParams(url: string, params?: Record<string, QueryParamValue>): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** What `apiRequest` threw, as the endpoint's error (the envelope was parsed when the answer arrived). */
export function toQueryError(error: unknown): ApiQueryError {
  return { ...toApiError(error), data: error instanceof HttpError ? error.data : null };
}

/** RTK Query base query over `apiRequest`, so every endpoint gets the 401 and 423 handling. */
export const apiBaseQuery: BaseQueryFn<ApiQueryArgs, unknown, ApiQueryError> = async (args, { signal }) => {
  const request = typeof args === 'string' ? { url: args } : args;
  try {
    const data = await apiRequest(withParams(request.url, request.params), {
      method: request.method ?? 'GET',
      body: request.body,
      headers: request.headers,
      responseType: request.responseType,
      signal,
    });
    return { data };
  } catch (error) {
    return { error: toQueryError(error) };
  }
};

/**
 * The one RTK Query API of the product. Domains add their endpoints with
 * `baseApi.injectEndpoints(...)` (and tag types with `enhanceEndpoints({ addTagTypes })`).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: [RECORD_TAG],
  endpoints: () => ({}),
  // Every screen reads its data afresh when it is opened and when the window regains focus (the
  // app calls `setupListeners`); in between, "record changed" events keep it current (issue 25).
  refetchOnMountOrArgChange: true,
  refetchOnFocus: true,
  refetchOnReconnect: true,
});

/**
 * Turns the server's "record changed" events (the writer's answer header, the stream) into tag
 * invalidations of this API: call once with the store's dispatch. Returns the uninstall.
 */
export function invalidateOnRecordChanges(dispatch: Dispatch): () => void {
  return trackRecordChanges((tags) => {
    dispatch(baseApi.util.invalidateTags(tags));
  });
}

/**
 * Resets the RTK Query state (every cached answer, subscription and tag) whenever the session
 * ends: call once with the store's dispatch. Returns an unsubscribe.
 */
export function resetApiStateOnSignOut(dispatch: Dispatch): () => void {
  return onSignOut(() => {
    dispatch(baseApi.util.resetApiState());
  });
}
