import { baseApi, type Envelope } from '@propdesk/api-client';
import type { MessageView } from './model.js';
import type { MessageChannel, MessageStatus, MessageTemplate } from './templates.js';

export type MessageQuery = { customer?: string; status?: MessageStatus; channel?: MessageChannel; template?: MessageTemplate };

/** Customer messages (issue 28): the outbox list, sending by hand, retrying a failed one. */
export const messagesApi = baseApi.enhanceEndpoints({ addTagTypes: ['CustomerMessage'] }).injectEndpoints({
  endpoints: (build) => ({
    customerMessages: build.query<MessageView[], MessageQuery>({
      query: (params) => ({ url: '/api/messages', params: Object.fromEntries(Object.entries(params).filter(([, value]) => value)) }),
      transformResponse: (answer: Envelope<MessageView[]>) => answer.data,
      providesTags: ['CustomerMessage'],
      keepUnusedDataFor: 10,
    }),
    sendCustomerMessage: build.mutation<MessageView, { customer: string; template: MessageTemplate; channel: MessageChannel }>({
      query: (body) => ({ url: '/api/messages', method: 'POST', body }),
      transformResponse: (answer: Envelope<MessageView>) => answer.data,
      invalidatesTags: ['CustomerMessage'],
    }),
    retryCustomerMessage: build.mutation<MessageView, string>({
      query: (id) => ({ url: `/api/messages/${id}/retry`, method: 'POST' }),
      transformResponse: (answer: Envelope<MessageView>) => answer.data,
      invalidatesTags: ['CustomerMessage'],
    }),
  }),
});

export const { useCustomerMessagesQuery, useSendCustomerMessageMutation, useRetryCustomerMessageMutation } = messagesApi;
