import { baseApi, readsTags, recordTag, type Envelope } from '@propdesk/api-client';
import type { RecordRow } from '@propdesk/records/model';
import type { ModifyBody, PreviewArgs, ReservationPreview, ReservationRevision } from './model.js';

const screen = { 'X-Change-Source': 'screen' };
const reservations = { type: 'Record', id: 'reservations' } as const;

export type { PreviewArgs } from './model.js';

/** `GET /api/customers/{id}/portfolio`: each part the caller may read, else null. */
export type CustomerPortfolio = Record<'leads' | 'eois' | 'eoiPayments' | 'holds' | 'reservations' | 'reservationPayments', RecordRow[] | null>;

export type ModifyArgs = { id: string; body: ModifyBody };

/**
 * The reservation calls beyond the engine's, endpoints of the one base API sharing the engine's
 * `Record` tags, so a modification asked for refreshes the reservation's view and list.
 */
export const reservationApi = baseApi.enhanceEndpoints({ addTagTypes: ['Record', 'ReservationRevisions'] }).injectEndpoints({
  endpoints: (build) => ({
    reservationPreview: build.query<ReservationPreview, PreviewArgs>({
      query: (body) => ({ url: '/api/reservations/preview', method: 'POST', body }),
      transformResponse: (answer: Envelope<ReservationPreview>) => answer.data,
      keepUnusedDataFor: 0,
    }),
    reservationRevisions: build.query<ReservationRevision[], string>({
      query: (id) => `/api/reservations/${id}/revisions`,
      transformResponse: (answer: Envelope<ReservationRevision[]>) => answer.data,
      // A revision asked for or decided changes its reservation (its revision, `modificationPending`).
      providesTags: (_result, _error, id) => [{ type: 'ReservationRevisions', id }, reservations, recordTag('reservations', id)],
    }),
    customerPortfolio: build.query<CustomerPortfolio, string>({
      query: (id) => `/api/customers/${id}/portfolio`,
      transformResponse: (answer: Envelope<CustomerPortfolio>) => answer.data,
      providesTags: readsTags('reservations', 'reservation-payments', 'hold-requests', 'eois', 'eoi-payments', 'leads'),
    }),
    modifyReservation: build.mutation<Envelope<RecordRow>, ModifyArgs>({
      query: ({ id, body }) => ({ url: `/api/reservations/${id}/modify`, method: 'POST', body, headers: screen }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ReservationRevisions', id }, reservations],
    }),
  }),
});

export const { useReservationPreviewQuery, useReservationRevisionsQuery, useModifyReservationMutation, useCustomerPortfolioQuery } = reservationApi;
