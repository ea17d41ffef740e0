import { useMemo } from 'react';
import type { ResourceDef } from '../model/index.js';
import { serverError, useListRecordsQuery } from './api.js';
import { listParams, type FixedFilter, type ListState } from './listState.js';
import { useReservedHeight } from './useReservedHeight.js';

/** The list's page of rows from the server, its count and how it went. */
export function useListData(def: ResourceDef, state: ListState, fixedFilter: FixedFilter | undefined) {
  const params = listParams(state, fixedFilter);
  const { data, isFetching, isLoading, error, refetch } = useListRecordsQuery({ resource: def.name, params });
  const rows = useMemo(() => data?.data ?? [], [data]);
  const reservedHeight = useReservedHeight(def.name, state, data?.data.length, Boolean(error));
  const answered = data !== undefined;
  return {
    params,
    rows,
    reservedHeight,
    total: data?.total ?? 0,
    totalExact: data?.totalExact !== false,
    answered,
    loading: isLoading || isFetching || (!answered && !error),
    failure: error ? serverError(error) : null,
    refetch,
  };
}
