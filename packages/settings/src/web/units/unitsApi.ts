import { baseApi, type ApiQueryError } from '@propdesk/api-client';
import type { RecordRow } from '@propdesk/records/model';

const PAGE = 200;

/**
 * A project's units for the grid by block and floor, as an endpoint of the one base API: every page
 * of `GET /api/units` for the project, joined. Tagged with the engine's `Record` tag of `units`, so
 * generating units, repricing or saving one refreshes the grid.
 */
export const unitsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record'] }).injectEndpoints({
  endpoints: (build) => ({
    projectUnits: build.query<RecordRow[], string>({
      async queryFn(projectId, _api, _extra, baseQuery) {
        const all: RecordRow[] = [];
        const where = JSON.stringify({ field: 'project', op: 'eq', value: projectId });
        for (let page = 1; ; page += 1) {
          const result = await baseQuery({ url: '/api/units', params: { where, pageSize: PAGE, page, sort: 'block,floor,code', active: true } });
          if (result.error) return { error: result.error as ApiQueryError };
          const answer = result.data as { data: RecordRow[]; total: number };
          all.push(...answer.data);
          if (all.length >= answer.total || answer.data.length < PAGE) return { data: all };
        }
      },
      providesTags: [{ type: 'Record', id: 'units' }],
    }),
  }),
});

export const { useProjectUnitsQuery } = unitsApi;
