import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { NotificationsRootState } from '@propdesk/notifications-core/web';

/** The store's dispatch, typed for the notification thunks. */
export const useNotificationsDispatch = useDispatch.withTypes<ThunkDispatch<NotificationsRootState, unknown, UnknownAction>>();
