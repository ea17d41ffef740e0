import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toApiError } from '@propdesk/api-client';
import { useT } from '@propdesk/i18n/react';
import { salesCatalog } from '../i18n/catalog.js';
import { useFormat } from '../i18n/format.js';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One titled card of a dashboard; `wide` spans the grid's columns. Its heading names the region. */
export function DashboardCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  // Not made from the title: an Arabic title has no word characters \w knows, so every card would get the same id.
  const id = `card-${useId()}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A headline figure: a small label, the value, and an optional line under it. */
export function Figure({ label, value, sub }: { label: ReactNode; value: ReactNode; sub?: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      {sub ? <Typography variant="body2">{sub}</Typography> : null}
    </Box>
  );
}

type FrameProps = {
  /** The region's accessible name ("Sales dashboard"). */
  label: string;
  asOf: string | undefined;
  isFetching: boolean;
  refetch: () => unknown;
  error: unknown;
  /** Buttons to the screens the figures come from. */
  links: readonly { to: string; label: string }[];
  /** The cards, drawn once the data is there. */
  children: ReactNode;
};

/** A dashboard page: when its figures were read, Refresh, links to their screens, the error if any, then its cards in a grid. */
export function DashboardFrame({ label, asOf, isFetching, refetch, error, links, children }: FrameProps) {
  const t = useT(salesCatalog);
  const format = useFormat();
  return (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {asOf ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('common.asOf', { time: format.dateTime(asOf) })}
          </Typography>
        ) : null}
        <Button onClick={() => void refetch()} disabled={isFetching}>
          {t('common.refresh')}
        </Button>
        {links.map((link) => (
          <Button key={link.to} component={RouterLink} to={link.to}>
            {link.label}
          </Button>
        ))}
      </Stack>
      {error ? <Alert severity="error">{toApiError(error).message}</Alert> : null}
      {asOf ? <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box> : null}
    </Box>
  );
}
