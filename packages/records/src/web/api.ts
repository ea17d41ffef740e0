import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, recordTag, resourceTag, rowTags, toApiError, type ApiError, type ApiQueryError, type Envelope } from '@propdesk/api-client';
import { PAGE_SIZE_MAX } from '../model/api.js';
import type { HistoryEntry, ImportReport, ListResponse, PickerOption, RecordRow, SavedView, SavedViewState, UniqueAnswer, Usage } from '../model/index.js';


export type ListArgs = { resource: string; params: Record<string, string> };
export type SaveArgs = { resource: string; id?: string; body: Record<string, unknown> };

/**
 * A picker's options (`GET /api/{resource}/options`): those matching the text `q`, or the records `ids`
 * (comma-separated) by name; `pickFor` (`resource.field`) and `match` (`field:id`) narrow them to what
 * that field may take in its form.
 */
export type OptionsArgs = { resource: string; q?: string; ids?: string; pickFor?: string | undefined; match?: string | undefined };

/** A unique field's value checked as it is typed; `id` is the record being edited, `scope` the values of the fields it is unique within. */
export type UniqueCheckArgs = { resource: string; field: string; value: string; id?: string | undefined; scope: Record<string, unknown> };

/** The options' path, as the pickers have always asked it (the text or ids, then the field's narrowing). */
export function optionsPath({ resource, q, ids, pickFor, match }: OptionsArgs): string {
  const asked = ids !== undefined ? `ids=${encodeURIComponent(ids)}` : `q=${encodeURIComponent(q ?? '')}`;
  const only = pickFor ? `&for=${encodeURIComponent(pickFor)}${match ? `&match=${encodeURIComponent(match)}` : ''}` : '';
  return `/api/${resource}/options?${asked}${only}`;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Record', 'RecordView'] });

/** What a view of one record (its panels, history, usage) provides: its resource and the record itself. */
const oneRecord = (resource: string, id: string) => [resourceTag(resource), recordTag(resource, id)];

/**
 * The engine's calls as RTK Query endpoints. A list provides its resource and each record it shows, a
 * view the record it shows (api-client's tag vocabulary), so a change of one record, the writer's own or
 * anyone's heard on the stream, refreshes exactly the screens that hold it (issue 25).
 */
export const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRecords: build.query<ListResponse, ListArgs>({
      query: ({ resource, params }) => ({ url: `/api/${resource}`, params }),
      providesTags: (result, _error, { resource }) => rowTags(resource, result?.data),
    }),
    /** Every record of a list (page after page, at most `limit`), for a layout that shows them all at once (a grid). */
    allRecords: build.query<{ rows: RecordRow[]; total: number }, ListArgs & { limit?: number }>({
      async queryFn({ resource, params, limit = 2000 }, _api, _extra, baseQuery) {
        const rows: RecordRow[] = [];
        for (let page = 1; ; page += 1) {
          const result = await baseQuery({ url: `/api/${resource}`, params: { ...params, pageSize: String(PAGE_SIZE_MAX), page: String(page) } });
          if (result.error) return { error: result.error as ApiQueryError };
          const answer = result.data as ListResponse;
          rows.push(...answer.data);
          if (rows.length >= answer.total || answer.data.length < PAGE_SIZE_MAX || rows.length >= limit) return { data: { rows, total: answer.total } };
        }
      },
      providesTags: (result, _error, { resource }) => rowTags(resource, result?.rows),
    }),
    getRecord: build.query<RecordRow, { resource: string; id: string }>({
      query: ({ resource, id }) => `/api/${resource}/${id}`,
      transformResponse: (response: Envelope<RecordRow>) => response.data,
      providesTags: (_result, _error, { resource, id }) => oneRecord(resource, id),
    }),
    recordHistory: build.query<HistoryEntry[], { resource: string; id: string }>({
      query: ({ resource, id }) => `/api/${resource}/${id}/history`,
      transformResponse: (response: Envelope<HistoryEntry[]>) => response.data,
      providesTags: (_result, _error, { resource, id }) => oneRecord(resource, id),
    }),
    recordUsage: build.query<Usage[], { resource: string; id: string }>({
      query: ({ resource, id }) => `/api/${resource}/${id}/usage`,
      transformResponse: (response: Envelope<Usage[]>) => response.data,
      providesTags: (_result, _error, { resource, id }) => oneRecord(resource, id),
    }),
    saveRecord: build.mutation<Envelope<RecordRow>, SaveArgs>({
      query: ({ resource, id, body }) => ({
        url: id ? `/api/${resource}/${id}` : `/api/${resource}`,
        method: id ? 'PATCH' : 'POST',
        body,
        headers: { 'X-Change-Source': 'screen' },
      }),
      invalidatesTags: (_result, _error, { resource }) => [{ type: 'Record', id: resource }],
    }),
    deleteRecord: build.mutation<Envelope<{ deleted: boolean; deactivated: boolean; usage: Usage[] }>, { resource: string; id: string }>({
      query: ({ resource, id }) => ({ url: `/api/${resource}/${id}`, method: 'DELETE', headers: { 'X-Change-Source': 'screen' } }),
      invalidatesTags: (_result, _error, { resource }) => [{ type: 'Record', id: resource }],
    }),
    runAction: build.mutation<Envelope<RecordRow>, { resource: string; id: string; action: string; reason?: string }>({
      query: ({ resource, id, action, reason }) => ({
        url: `/api/${resource}/${id}/actions/${action}`,
        method: 'POST',
        body: reason ? { reason } : {},
        headers: { 'X-Change-Source': 'screen' },
      }),
      // An action's effects on other resources (a bounce reopens installments and reverses receipt items)
      // come back in the answer's X-Record-Changes, which refreshes exactly what holds them.
      invalidatesTags: (_result, _error, { resource, id }) => oneRecord(resource, id),
    }),
    bulkChange: build.mutation<Envelope<{ changed: number }>, { resource: string; body: Record<string, unknown> }>({
      query: ({ resource, body }) => ({ url: `/api/${resource}/bulk`, method: 'POST', body, headers: { 'X-Change-Source': 'screen' } }),
      invalidatesTags: (_result, _error, { resource }) => [{ type: 'Record', id: resource }],
    }),
    importCsv: build.mutation<Envelope<ImportReport>, { resource: string; csv: string; dryRun: boolean; mapping: Record<string, string>; key?: string }>({
      query: ({ resource, csv, dryRun, mapping, key }) => ({
        url: `/api/${resource}/import`,
        method: 'POST',
        params: { dryRun: String(dryRun), mapping: JSON.stringify(mapping), key },
        body: csv,
        headers: { 'Content-Type': 'text/csv' },
      }),
      invalidatesTags: (result, _error, { resource }) => (result?.data.committed ? [{ type: 'Record', id: resource }] : []),
    }),
    savedViews: build.query<SavedView[], string>({
      query: (resource) => ({ url: '/api/views', params: { resource } }),
      transformResponse: (response: Envelope<SavedView[]>) => response.data,
      providesTags: (_result, _error, resource) => [{ type: 'RecordView', id: resource }],
    }),
    saveView: build.mutation<Envelope<SavedView>, { id?: string; resource: string; body: { name?: string; shared?: boolean; isDefault?: boolean; state?: SavedViewState } }>({
      query: ({ id, resource, body }) => ({ url: id ? `/api/views/${id}` : '/api/views', method: id ? 'PATCH' : 'POST', body: id ? body : { resource, ...body } }),
      invalidatesTags: (_result, _error, { resource }) => [{ type: 'RecordView', id: resource }],
    }),
    /*
     * The two reads made while a form is filled in (a picker's options, a unique field's check) are
     * calls, not screens: each is asked afresh when the user types (`referenceCalls`: subscribe false,
     * forceRefetch), a superseded one is aborted, and nothing is kept once answered (keepUnusedDataFor 0).
     * No tags: what the user types is re-asked anyway, and a change heard elsewhere must not re-ask it.
     */
    referenceOptions: build.query<PickerOption[], OptionsArgs>({
      query: optionsPath,
      transformResponse: (response: Envelope<PickerOption[]>) => response.data,
      keepUnusedDataFor: 0,
    }),
    uniqueCheck: build.query<UniqueAnswer, UniqueCheckArgs>({
      query: ({ resource, field, value, id, scope }) => `/api/${resource}/unique?${new URLSearchParams({ field, value, ...(id ? { id } : {}), scope: JSON.stringify(scope) }).toString()}`,
      transformResponse: (response: Envelope<UniqueAnswer>) => response.data,
      keepUnusedDataFor: 0,
    }),
    deleteView: build.mutation<unknown, { id: string; resource: string }>({
      query: ({ id }) => ({ url: `/api/views/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { resource }) => [{ type: 'RecordView', id: resource }],
    }),
  }),
});

export const {
  useListRecordsQuery,
  useAllRecordsQuery,
  useGetRecordQuery,
  useRecordHistoryQuery,
  useRecordUsageQuery,
  useSaveRecordMutation,
  useDeleteRecordMutation,
  useRunActionMutation,
  useBulkChangeMutation,
  useImportCsvMutation,
  useSavedViewsQuery,
  useSaveViewMutation,
  useDeleteViewMutation,
} = recordsApi;

type CallDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * The form's reads as calls through the store's API (`referenceOptions`, `uniqueCheck`): each asks the
 * server now (never a cached answer) and resolves with the answer's data or rejects with the endpoint's
 * error; aborting `signal` cancels the request (a search the user has typed past), so its answer is
 * never shown.
 */
export function useReferenceCalls() {
  const dispatch = useDispatch<CallDispatch>();
  const options = useCallback(
    (args: OptionsArgs, signal?: AbortSignal): Promise<PickerOption[]> => {
      const request = dispatch(recordsApi.endpoints.referenceOptions.initiate(args, { subscribe: false, forceRefetch: true }));
      signal?.addEventListener('abort', () => request.abort(), { once: true });
      return request.unwrap();
    },
    [dispatch],
  );
  const unique = useCallback(
    (args: UniqueCheckArgs): Promise<UniqueAnswer> => dispatch(recordsApi.endpoints.uniqueCheck.initiate(args, { subscribe: false, forceRefetch: true })).unwrap(),
    [dispatch],
  );
  return { options, unique };
}

/** The one `ApiError` of api-client, with the record as it is now (`current`) on a 409. */
export type ServerError = ApiError<RecordRow>;

/** An endpoint's error as the one `ApiError` (parsed once, where the answer arrived). */
export function serverError(error: unknown): ServerError {
  return toApiError<RecordRow>(error);
}
