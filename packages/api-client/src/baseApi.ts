import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { ForbiddenError, HttpError, UnauthorizedError } from './errors.js';
import { apiRequest } from './request.js';
import type { ApiRequestOptions } from './request.js';

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

/** The error an endpoint reports, shaped like RTK Query's `FetchBaseQueryError`. */
export type ApiQueryError =
  | { status: number; data: unknown; message: string }
  | { status: 'FETCH_ERROR'; error: string; message: string };

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

function parseErrorBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

export function toQueryError(error: unknown): ApiQueryError {
  if (error instanceof HttpError) return { status: error.status, data: parseErrorBody(error.body), message: error.message };
  if (error instanceof UnauthorizedError || error instanceof ForbiddenError)
    return { status: error.status, data: null, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'FETCH_ERROR', error: message, message };
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
  endpoints: () => ({}),
});
