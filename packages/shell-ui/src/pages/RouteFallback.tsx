import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** What shows while the first route's data and chunk load. */
export function RouteFallback() {
  const t = useT(shellCatalog);
  return (
    <Box role="status" aria-label={t('loading')} sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={28} />
    </Box>
  );
}
