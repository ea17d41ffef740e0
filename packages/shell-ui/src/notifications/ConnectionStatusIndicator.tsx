import type { ShellKey } from '../i18n/en.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
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

/** Each status's words (notifications-core's, spec section 4, in the shell's catalog). */
const STATUS_WORDS: Record<ConnectionStatus, { label: ShellKey; description: ShellKey }> = {
  connected: { label: 'connectionConnected', description: 'connectionConnectedNote' },
  connecting: { label: 'connectionConnecting', description: 'connectionConnectingNote' },
  polling: { label: 'connectionPolling', description: 'connectionPollingNote' },
  disconnected: { label: 'connectionDisconnected', description: 'connectionDisconnectedNote' },
};

/** The connection status of the live notifications: a coloured dot, the label and its description. */
export function ConnectionStatusIndicator() {
  const info = useSelector(selectConnectionStatusInfo);
  const t = useT(shellCatalog);
  const words = STATUS_WORDS[info.status];
  return (
    <Box
      role="status"
      data-testid="notification-connection-status"
      data-status={info.status}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}
    >
      <Box aria-hidden="true" sx={{ width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: DOT_COLORS[info.status] }} />
      <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }}>
        {t(words.label)}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {t(words.description)}
      </Typography>
    </Box>
  );
}
