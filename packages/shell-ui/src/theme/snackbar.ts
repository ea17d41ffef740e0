import type { SnackbarOrigin } from 'notistack';
import { NOTIFICATION_TOAST } from '@propdesk/notifications-core/web';

/** Spec section 9: default toasts close after 2 s. */
export const DEFAULT_TOAST_AUTO_HIDE_MS = 2000;
/** Spec section 9: notification toasts sit top-right and close after 3 s (one source: notifications-core). */
export const NOTIFICATION_TOAST_AUTO_HIDE_MS: number = NOTIFICATION_TOAST.autoHideDuration;
export const NOTIFICATION_TOAST_ANCHOR: SnackbarOrigin = NOTIFICATION_TOAST.anchorOrigin;
export const DEFAULT_TOAST_ANCHOR: SnackbarOrigin = { vertical: 'bottom', horizontal: 'right' };
export const MAX_TOASTS = 4;

/** The options a notification toast passes to `enqueueSnackbar`. */
export const NOTIFICATION_TOAST_OPTIONS = NOTIFICATION_TOAST;
