import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isolate, useLanguage, useT } from '@propdesk/i18n/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { shellCatalog } from '../i18n/catalog.js';
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
  const t = useT(shellCatalog);
  const language = useLanguage();
  const isChunk = error instanceof ChunkLoadError;
  // English is the spec's text as it was ('404 Not Found', an Error's message); another language says a
  // route's status in its words and keeps a program's own message as data.
  const detail = (() => {
    if (language === 'en') return describeError(error);
    if (isRouteErrorResponse(error)) return t(error.status === 404 ? 'errorNotFound' : 'errorStatus', { status: String(error.status), statusText: error.statusText });
    return isolate(describeError(error));
  })();
  const handleReload = () => window.location.reload();
  return (
    <Box role="alert" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
        {t('errorTitle')}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ color: 'error.main', fontStyle: 'italic', wordBreak: 'break-word' }}>
        {detail}
      </Typography>
      <Box sx={{ mt: 2, display: 'flex', gap: 1.5 }}>
        {isChunk ? (
          <Button variant="contained" onClick={handleReload}>
            {t('errorReload')}
          </Button>
        ) : null}
        {/* A full page load: the error may have left the router unusable. */}
        <Button variant="outlined" href="/">
          {t('errorHome')}
        </Button>
      </Box>
    </Box>
  );
}

/** The default error screen of spec section 2: 'Unexpected Application Error!' and the status or message. */
export function DefaultErrorScreen({ error }: DefaultErrorScreenProps) {
  return error === undefined ? <RouteErrorScreen /> : <ErrorContent error={error} />;
}
