import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { homePath } from '@propdesk/privileges';
import { editModeOf, resolveCrumb } from './breadcrumbs.js';
import { useShell } from './ShellContext.js';
import { useShellSession } from './useShellSession.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';

export const APP_TITLE = 'Propdesk';

/**
 * The breadcrumb bar: the page title and its trail (Home, section, subsection, page) for the
 * current path; an edit mode in navigation state renames the last step. Home goes to the first
 * allowed sales page. The page title also names the browser tab ("Lead List · Propdesk").
 */
export function BreadcrumbBar() {
  const t = useT(shellCatalog);
  const { composed } = useShell();
  const { can } = useShellSession();
  const location = useLocation();
  const crumb = resolveCrumb(location.pathname, composed.crumbs, editModeOf(location.state));
  const home = homePath(can, composed.landing);
  const trail = crumb?.trail ?? [];
  const title = crumb?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
  }, [title]);
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pt: 2, pb: 1 }}>
      {crumb ? (
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 0.5 }} data-testid="breadcrumb-title">
          {crumb.title}
        </Typography>
      ) : null}
      <Breadcrumbs aria-label={t('breadcrumb')} sx={{ fontSize: 14, lineHeight: '20px', '& .MuiBreadcrumbs-li': { display: 'flex', alignItems: 'center' } }}>
        <Link component={RouterLink} to={home} underline="hover" color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, lineHeight: '20px' }}>
          <HomeOutlined sx={{ fontSize: 18 }} aria-hidden="true" />
          Home
        </Link>
        {trail.map((label, index) =>
          index === trail.length - 1 ? (
            <Typography key={`${index}-${label}`} color="text.primary" sx={{ fontSize: 14, lineHeight: '20px', fontWeight: 500 }} aria-current="page">
              {label}
            </Typography>
          ) : (
            <Typography key={`${index}-${label}`} color="text.secondary" sx={{ fontSize: 14, lineHeight: '20px' }}>
              {label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
