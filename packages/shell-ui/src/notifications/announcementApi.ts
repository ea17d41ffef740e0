import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '@propdesk/api-client';
import { announcementTargetsSchema } from '@propdesk/notifications-core/model';
import type { AnnouncementRequest, AnnouncementTargets } from '@propdesk/notifications-core/model';
import { z } from 'zod';

export const ANNOUNCEMENT_PATH = '/api/notifications';
export const ANNOUNCEMENT_TARGETS_PATH = '/api/notifications/targets';

const targetsEnvelopeSchema = z.object({ data: announcementTargetsSchema });

/** Announcements (privilege notification:create) as endpoints of the one base API. */
export const announcementApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The departments and active users an announcement can go to, validated. */
    announcementTargets: build.query<AnnouncementTargets, void>({
      query: () => ANNOUNCEMENT_TARGETS_PATH,
      transformResponse: (answer: unknown) => targetsEnvelopeSchema.parse(answer).data,
      keepUnusedDataFor: 0,
    }),
    sendAnnouncement: build.mutation<unknown, AnnouncementRequest>({
      query: (body) => ({ url: ANNOUNCEMENT_PATH, method: 'POST', body }),
    }),
  }),
});

export type AnnouncementCalls = {
  send: (request: AnnouncementRequest) => Promise<unknown>;
  loadTargets: () => Promise<AnnouncementTargets>;
};

/**
 * The dialog's two calls through the store's API: the recipients are read afresh each time the
 * dialog opens, and a refused send rejects with the endpoint's error (status, message, field errors).
 */
export function useAnnouncementCalls(): AnnouncementCalls {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const send = useCallback((request: AnnouncementRequest) => dispatch(announcementApi.endpoints.sendAnnouncement.initiate(request)).unwrap(), [dispatch]);
  const loadTargets = useCallback(
    () => dispatch(announcementApi.endpoints.announcementTargets.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
    [dispatch],
  );
  return { send, loadTargets };
}
