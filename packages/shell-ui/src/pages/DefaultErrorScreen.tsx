import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../routing/chunks.js';

export type DefaultErrorScreenProps = {
  /** Shown instead of the route error (for use outside a route's errorElement). */
  error?: unknown;
};

/** The status or message of a route error: '404 Not Found', an Error's message, or the value. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return JSON.stringify(error) ?? 'Unknown error';
}

function RouteErrorScreen() {
  return <ErrorContent error={useRouteError()} />;
}

function ErrorContent({ error }: { error: unknown }) {
  const isChunk = error instanceof ChunkLoadError;
  const handleReload = () => window.location.reload();
  return (
    <Box role="alert" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
        Unexpected Application Error!
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ color: 'error.main', fontStyle: 'italic', wordBreak: 'break-word' }}>
        {describeError(error)}
      </Typography>
      <Box sx={{ mt: 2, display: 'flex', gap: 1.5 }}>
        {isChunk ? (
          <Button variant="contained" onClick={handleReload}>
            Reload
          </Button>
        ) : null}
        {/* A full page load: the error may have left the router unusable. */}
        <Button variant="outlined" href="/">
          Go to the home page
        </Button>
      </Box>
    </Box>
  );
}

/** The default error screen of spec section 2: 'Unexpected Application Error!' and the status or message. */
export function DefaultErrorScreen({ error }: DefaultErrorScreenProps) {
  return error === undefined ? <RouteErrorScreen /> : <ErrorContent error={error} />;
}
