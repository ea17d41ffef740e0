import { baseApi } from '@propdesk/api-client';

export type WebhookTry = { attempt: number; byHand: boolean; startedAt: string; ok: boolean; code: number | null; error: string | null; durationMs: number };
export type WebhookDeliveryRow = {
  id: string;
  event: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  createdAt: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
  lastCode: number | null;
  lastError: string | null;
  tries: WebhookTry[];
};

/** A webhook's deliveries (`GET /api/webhooks/{id}/deliveries`) and sending one again. */
export const webhookApi = baseApi.enhanceEndpoints({ addTagTypes: ['WebhookDeliveries'] }).injectEndpoints({
  endpoints: (build) => ({
    webhookDeliveries: build.query<{ data: WebhookDeliveryRow[] }, string>({
      query: (id) => `/api/webhooks/${id}/deliveries`,
      providesTags: (_result, _error, id) => [{ type: 'WebhookDeliveries', id }],
    }),
    redeliverWebhook: build.mutation<{ message?: string }, { id: string; delivery: string }>({
      query: ({ id, delivery }) => ({ url: `/api/webhooks/${id}/deliveries/${delivery}/redeliver`, method: 'POST', headers: { 'X-Change-Source': 'screen' } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'WebhookDeliveries', id }],
    }),
  }),
});

export const { useWebhookDeliveriesQuery, useRedeliverWebhookMutation } = webhookApi;
