import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import Alert from '@mui/material/Alert';
import { useDispatch, useSelector } from 'react-redux';
import { describeNotificationError, notificationErrorCleared, selectNotificationError } from '@propdesk/notifications-core/web';

/** The dismissible banner of spec section 8: the error's message, or 'An error occurred with notifications'. */
export function NotificationErrorBanner() {
  const error = useSelector(selectNotificationError);
  const t = useT(shellCatalog);
  const dispatch = useDispatch();
  if (error === null) return null;
  const handleDismiss = () => dispatch(notificationErrorCleared());
  return (
    <Alert
      severity="error"
      onClose={handleDismiss}
      closeText={t('notificationsDismissError')}
      sx={{ mx: 2, mb: 1 }}
      data-testid="notification-error-banner"
    >
      {describeNotificationError(error).message}
    </Alert>
  );
}
