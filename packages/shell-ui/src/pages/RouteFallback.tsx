import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** What shows while the first route's data and chunk load. */
export function RouteFallback() {
  return (
    <Box role="status" aria-label="Loading" sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={28} />
    </Box>
  );
}
