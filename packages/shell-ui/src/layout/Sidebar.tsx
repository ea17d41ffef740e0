import { useCallback, useState, type FocusEvent } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { SidebarContent } from './SidebarContent.js';
import { useSidebarPinned } from './sidebarPin.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_RAIL_WIDTH = 72;

export type SidebarProps = {
  /** `temporary`: the phone drawer; `permanent`: the desktop sidebar. */
  variant: 'permanent' | 'temporary';
  mobileOpen?: boolean;
  onMobileClose?: () => void;
};

/**
 * The left sidebar. On desktop it is permanent: pinned it is full width; unpinned it is an icon
 * rail that expands over the content while hovered (or while it holds keyboard focus) and
 * closes its open groups when the pointer leaves. On a phone it is a temporary drawer.
 */
export function Sidebar({ variant, mobileOpen = false, onMobileClose }: SidebarProps) {
  const t = useT(shellCatalog);
  const [pinned, togglePinned] = useSidebarPinned();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set());

  const handleToggleGroup = useCallback((id: string) => {
    setOpenGroups((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const handleRevealGroups = useCallback((ids: readonly string[]) => {
    setOpenGroups((current) => (ids.every((id) => current.has(id)) ? current : new Set([...current, ...ids])));
  }, []);

  if (variant === 'temporary') {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
      >
        <Box component="nav" aria-label={t('mainNavigation')} sx={{ height: '100%' }}>
          <SidebarContent
            expanded
            pinned
            openGroups={openGroups}
            onToggleGroup={handleToggleGroup}
            onRevealGroups={handleRevealGroups}
            onNavigate={onMobileClose}
          />
        </Box>
      </Drawer>
    );
  }

  const expanded = pinned || hovered || focused;
  const handleMouseEnter = () => setHovered(true);
  const handleMouseLeave = () => {
    // Leaving with the pointer also ends a focus-driven expansion (a clicked item keeps focus).
    setHovered(false);
    setFocused(false);
    if (!pinned) setOpenGroups(new Set());
  };
  const handleFocus = () => setFocused(true);
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setFocused(false);
  };

  return (
    <Box sx={{ width: pinned ? SIDEBAR_WIDTH : SIDEBAR_RAIL_WIDTH, flexShrink: 0, transition: 'width 160ms ease' }} data-testid="sidebar-slot">
      <Box
        component="nav"
        aria-label={t('mainNavigation')}
        data-expanded={expanded}
        data-pinned={pinned}
        onMouseEnter={handleMouseEnter}
        onMouseLeave={handleMouseLeave}
        onFocus={handleFocus}
        onBlur={handleBlur}
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          bottom: 0,
          width: expanded ? SIDEBAR_WIDTH : SIDEBAR_RAIL_WIDTH,
          zIndex: (theme) => theme.zIndex.drawer,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          boxShadow: expanded && !pinned ? 8 : 'none',
          transition: 'width 160ms ease, box-shadow 160ms ease',
          overflow: 'hidden',
        }}
      >
        <SidebarContent
          expanded={expanded}
          pinned={pinned}
          onTogglePin={togglePinned}
          openGroups={openGroups}
          onToggleGroup={handleToggleGroup}
          onRevealGroups={handleRevealGroups}
        />
      </Box>
    </Box>
  );
}
