import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSelector } from 'react-redux';
import { selectConnectionStatusInfo, type ConnectionStatus } from '@propdesk/notifications-core/web';

const DOT_COLORS: Record<ConnectionStatus, string> = {
  connected: 'success.main',
  connecting: 'warning.main',
  polling: 'info.main',
  disconnected: 'text.disabled',
};

/** The connection status of the live notifications: a coloured dot, the label and its description. */
export function ConnectionStatusIndicator() {
  const info = useSelector(selectConnectionStatusInfo);
  return (
    <Box
      role="status"
      data-testid="notification-connection-status"
      data-status={info.status}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}
    >
      <Box aria-hidden="true" sx={{ width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: DOT_COLORS[info.status] }} />
      <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }}>
        {info.label}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {info.description}
      </Typography>
    </Box>
  );
}
