import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { homePath } from '@propdesk/privileges';
import { editModeOf, resolveCrumb, type EditMode } from './breadcrumbs.js';
import { useShell } from './ShellContext.js';
import { useShellSession } from './useShellSession.js';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { manifestWord, manifestWordsCatalog } from '../i18n/domainWords.js';

export const APP_TITLE = 'Propdesk';

const EDIT_KEYS = { lead: 'editLead', user: 'editUser', eoi: 'editEoi', payment: 'editPayment' } as const satisfies Record<EditMode, string>;

/**
 * The breadcrumb bar: the page title and its trail (Home, section, subsection, page) for the
 * current path; an edit mode in navigation state renames the last step. Home goes to the first
 * allowed sales page. The page title also names the browser tab ("Lead List · Propdesk").
 */
export function BreadcrumbBar() {
  const t = useT(shellCatalog);
  useT(manifestWordsCatalog);
  const language = useLanguage();
  const word = (english: string) => manifestWord(english, language);
  const { composed } = useShell();
  const { can } = useShellSession();
  const location = useLocation();
  const editMode = editModeOf(location.state);
  const crumb = resolveCrumb(location.pathname, composed.crumbs, editMode);
  const home = homePath(can, composed.landing);
  // An edit mode's last step is the shell's own word ("Edit Lead"), the others the module's names.
  const trail = (crumb?.trail ?? []).map((step, index, all) => (editMode && index === all.length - 1 ? t(EDIT_KEYS[editMode]) : word(step)));
  const title = crumb ? word(crumb.title) : undefined;
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
  }, [title]);
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pt: 2, pb: 1 }}>
      {crumb ? (
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 0.5 }} data-testid="breadcrumb-title">
          {title}
        </Typography>
      ) : null}
      <Breadcrumbs aria-label={t('breadcrumb')} sx={{ fontSize: 14, lineHeight: '20px', '& .MuiBreadcrumbs-li': { display: 'flex', alignItems: 'center' } }}>
        <Link component={RouterLink} to={home} underline="hover" color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, lineHeight: '20px' }}>
          <HomeOutlined sx={{ fontSize: 18 }} aria-hidden="true" />
          {t('home')}
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
