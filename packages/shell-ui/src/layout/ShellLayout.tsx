import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { indexRedirect } from '@propdesk/privileges';
import { whenIdle } from '../routing/preload.js';
import { BreadcrumbBar } from './BreadcrumbBar.js';
import { ShellContext, useShell, type ShellRuntime } from './ShellContext.js';
import { Sidebar } from './Sidebar.js';
import { TopBar } from './TopBar.js';
import { useShellSession } from './useShellSession.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';

export type ShellLayoutProps = {
  runtime: ShellRuntime;
};

/** The signed-in layout: sidebar, top bar, breadcrumb bar and the page. */
export function ShellLayout({ runtime }: ShellLayoutProps) {
  return (
    <ShellContext.Provider value={runtime}>
      <ShellFrame />
    </ShellContext.Provider>
  );
}

function ShellFrame() {
  const t = useT(shellCatalog);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  const { privileges } = useShellSession();
  const { composed, preload, corePreloads } = useShell();

  // Once signed in, warm the landing page and the shell's heavy pieces while the browser is idle.
  const landing = privileges ? indexRedirect(privileges, composed.landing) : null;
  useEffect(() => {
    if (!landing) return undefined;
    return whenIdle(() => {
      preload(landing);
      for (const load of corePreloads) load().catch(() => undefined);
    });
  }, [landing, preload, corePreloads]);

  // After client-side navigation, focus the new page (as a full page load would) so keyboard and
  // screen-reader users start there instead of on the link they left behind.
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  const handleOpenDrawer = () => setDrawerOpen(true);
  const handleCloseDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          px: 2,
          py: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('skipToContent')}
      </Box>
      {isPhone ? (
        <Sidebar variant="temporary" mobileOpen={drawerOpen} onMobileClose={handleCloseDrawer} />
      ) : (
        <Sidebar variant="permanent" />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar onOpenNavigation={isPhone ? handleOpenDrawer : undefined} />
        <Box sx={{ height: 3 }}>{navigation.state === 'loading' ? <LinearProgress aria-label={t('loadingPage')} sx={{ height: 3 }} /> : null}</Box>
        <BreadcrumbBar />
        <Box component="main" ref={main} id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
