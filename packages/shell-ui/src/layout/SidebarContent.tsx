import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import { useLocation, useNavigate } from 'react-router';
import { createHoverPreload } from '../routing/preload.js';
import type { NavItem, SidebarMode } from '../manifest.js';
import { isActiveItem, visibleNav } from './navVisibility.js';
import { useShell } from './ShellContext.js';
import { SidebarItem } from './SidebarItem.js';
import { sidebarModeFor } from './sidebarMode.js';
import { useShellSession } from './useShellSession.js';
import { useT } from '@propdesk/i18n/react';
import { MODE_KEYS, shellCatalog } from '../i18n/catalog.js';
import { MIRROR_IN_RTL } from '../theme/PropdeskThemeProvider.js';

/** Where the Settings button at the bottom of the sidebar goes (spec section 2). */
export const SETTINGS_HOME_PATH = '/settings/leads/sources';

export const MODE_LABELS: Readonly<Record<SidebarMode, string>> = { sales: 'Sales', settings: 'Settings', procurement: 'Procurement' };

export type SidebarContentProps = {
  expanded: boolean;
  pinned: boolean;
  /** Omitted where pinning means nothing (the phone drawer). */
  onTogglePin?: () => void;
  openGroups: ReadonlySet<string>;
  onToggleGroup: (id: string) => void;
  /** Opens the groups that hold the current page. */
  onRevealGroups: (ids: readonly string[]) => void;
  onNavigate?: () => void;
};

/** The sidebar's inside: logo, the nav of the current mode, and the Settings and Logout buttons. */
export function SidebarContent({ expanded, pinned, onTogglePin, openGroups, onToggleGroup, onRevealGroups, onNavigate }: SidebarContentProps) {
  const { composed, preload, session } = useShell();
  const { can } = useShellSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mode = sidebarModeFor(pathname, composed.modePrefixes);
  const sections = useMemo(() => visibleNav(composed.nav[mode], can), [composed, mode, can]);
  const hover = useMemo(() => createHoverPreload(preload), [preload]);
  useEffect(() => hover.cancel, [hover]);

  const activeGroupIds = useMemo(() => {
    const ids: string[] = [];
    const walk = (items: readonly NavItem[]) => {
      for (const item of items) {
        if (item.children && isActiveItem(item, pathname)) {
          ids.push(item.id);
          walk(item.children);
        }
      }
    };
    walk(sections);
    return ids;
  }, [sections, pathname]);
  useEffect(() => {
    if (activeGroupIds.length > 0) onRevealGroups(activeGroupIds);
  }, [activeGroupIds, onRevealGroups]);

  const handleNavigate = () => onNavigate?.();
  const handleSettings = () => {
    void navigate(SETTINGS_HOME_PATH);
    onNavigate?.();
  };
  const handleLogout = () => session.logout();
  const t = useT(shellCatalog);
  const modeLabel = t(MODE_KEYS[mode]);

  const logo = (
    <>
      <Box
        aria-hidden="true"
        sx={{
          width: 36,
          height: 36,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 700,
          fontSize: 18,
        }}
        translate="no"
      >
        P
      </Box>
      <Typography component="span" translate="no" sx={{ ml: 1.5, fontWeight: 700, fontSize: 18, letterSpacing: '-0.01em', opacity: expanded ? 1 : 0, whiteSpace: 'nowrap' }}>
        Propdesk
      </Typography>
      {onTogglePin && expanded ? (
        <Box component="span" aria-hidden="true" sx={{ ml: 'auto', color: pinned ? 'primary.main' : 'text.secondary', display: 'flex' }}>
          {pinned ? <PushPin fontSize="small" /> : <PushPinOutlined fontSize="small" />}
        </Box>
      ) : null}
    </>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}>
      {onTogglePin ? (
        <ButtonBase
          onClick={onTogglePin}
          aria-label={pinned ? t('unpinSidebar') : t('pinSidebar')}
          aria-pressed={pinned}
          sx={{ height: 64, px: 2, justifyContent: 'flex-start', flexShrink: 0, '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
        >
          {logo}
        </ButtonBase>
      ) : (
        <Box sx={{ height: 64, px: 2, display: 'flex', alignItems: 'center', flexShrink: 0 }}>{logo}</Box>
      )}
      <Typography
        variant="overline"
        component="p"
        sx={{ px: 3, color: 'text.secondary', lineHeight: 2, opacity: expanded ? 1 : 0, whiteSpace: 'nowrap' }}
        aria-live="polite"
      >
        {modeLabel}
      </Typography>
      <List component="ul" aria-label={t('modeNavigation', { mode: modeLabel })} dense sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', py: 0.5 }}>
        {sections.map((section) => (
          <SidebarItem
            key={section.id}
            item={section}
            depth={0}
            pathname={pathname}
            expanded={expanded}
            openGroups={openGroups}
            onToggleGroup={onToggleGroup}
            onHoverStart={hover.start}
            onHoverEnd={hover.cancel}
            onNavigate={handleNavigate}
          />
        ))}
      </List>
      <Divider />
      <List dense sx={{ py: 1 }}>
        <li>
          <ListItemButton onClick={handleSettings} title={expanded ? undefined : t('settings')} sx={{ borderRadius: 1.5, mx: 1 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <SettingsOutlined />
            </ListItemIcon>
            <ListItemText primary={t('settings')} sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap' }} />
          </ListItemButton>
        </li>
        <li>
          <ListItemButton onClick={handleLogout} title={expanded ? undefined : t('logout')} sx={{ borderRadius: 1.5, mx: 1 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LogoutOutlined sx={MIRROR_IN_RTL} />
            </ListItemIcon>
            <ListItemText primary={t('logout')} sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap' }} />
          </ListItemButton>
        </li>
      </List>
    </Box>
  );
}
