import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Notification } from '../model/index.js';
import { NOTIFICATION_LIST_CAP } from './constants.js';
import { addNotifications, countUnread } from './notificationList.js';
import { DEFAULT_SOUND, readSoundSettings } from './sounds.js';
import type { SoundName } from './sounds.js';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'polling';
export type NotificationSortBy = 'date' | 'title';
export type NotificationSortOrder = 'asc' | 'desc';

/** Spec section 3, "Notification filter". */
export type NotificationFilter = {
  searchQuery: string;
  showUnreadOnly: boolean;
  sortBy: NotificationSortBy;
  sortOrder: NotificationSortOrder;
};

export type NotificationSoundSettings = { sound: SoundName; enabled: boolean };

/** Spec section 3, "Notification state", plus the filter and the sound settings. */
export type NotificationsState = {
  list: Notification[];
  unreadCount: number;
  connectionStatus: ConnectionStatus;
  isLoading: boolean;
  error: string | null;
  filter: NotificationFilter;
  sound: NotificationSoundSettings;
};

/** Any root state that holds this slice under `notifications`. */
export type NotificationsRootState = { notifications: NotificationsState };

export const DEFAULT_NOTIFICATION_FILTER: NotificationFilter = {
  searchQuery: '',
  showUnreadOnly: false,
  sortBy: 'date',
  sortOrder: 'desc',
};

const initialNotificationsState = (): NotificationsState => ({
  list: [],
  unreadCount: 0,
  connectionStatus: 'disconnected',
  isLoading: false,
  error: null,
  filter: { ...DEFAULT_NOTIFICATION_FILTER },
  sound: typeof window === 'undefined' ? { sound: DEFAULT_SOUND, enabled: true } : readSoundSettings(),
});

/** The notifications slice (name 'notifications'); join it with `combineSlices`. */
export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** Replaces everything (kept to the store's cap of 100), recomputes the unread count, ends loading. */
    notificationsSet: (state, action: PayloadAction<Notification[]>) => {
      state.list = action.payload.slice(0, NOTIFICATION_LIST_CAP);
      state.unreadCount = countUnread(state.list);
      state.isLoading = false;
    },
    /** Merges the ones whose id is not present, newest first, capped at 100. */
    notificationsAdded: (state, action: PayloadAction<Notification | Notification[]>) => {
      const incoming = Array.isArray(action.payload) ? action.payload : [action.payload];
      state.list = addNotifications(state.list, incoming);
      state.unreadCount = countUnread(state.list);
    },
    notificationMarkedAsRead: (state, action: PayloadAction<string>) => {
      const target = state.list.find((notification) => notification.id === action.payload);
      if (target) target.isRead = true;
      state.unreadCount = countUnread(state.list);
    },
    allNotificationsMarkedAsRead: (state) => {
      for (const notification of state.list) notification.isRead = true;
      state.unreadCount = 0;
    },
    notificationRemoved: (state, action: PayloadAction<string>) => {
      state.list = state.list.filter((notification) => notification.id !== action.payload);
      state.unreadCount = countUnread(state.list);
    },
    connectionStatusSet: (state, action: PayloadAction<ConnectionStatus>) => {
      state.connectionStatus = action.payload;
    },
    loadingSet: (state, action: PayloadAction<boolean>) => {
      state.isLoading = action.payload;
    },
    notificationErrorSet: (state, action: PayloadAction<string>) => {
      state.error = action.payload;
    },
    notificationErrorCleared: (state) => {
      state.error = null;
    },
    filterChanged: (state, action: PayloadAction<Partial<NotificationFilter>>) => {
      state.filter = { ...state.filter, ...action.payload };
    },
    filterReset: (state) => {
      state.filter = { ...DEFAULT_NOTIFICATION_FILTER };
    },
    soundSettingsChanged: (state, action: PayloadAction<Partial<NotificationSoundSettings>>) => {
      state.sound = { ...state.sound, ...action.payload };
    },
    /** Back to the initial state (logout); the sound settings stay, they belong to the device. */
    notificationsReset: (state) => ({ ...initialNotificationsState(), sound: state.sound }),
  },
});

export const {
  notificationsSet,
  notificationsAdded,
  notificationMarkedAsRead,
  allNotificationsMarkedAsRead,
  notificationRemoved,
  connectionStatusSet,
  loadingSet,
  notificationErrorSet,
  notificationErrorCleared,
  filterChanged,
  filterReset,
  soundSettingsChanged,
  notificationsReset,
} = notificationsSlice.actions;
