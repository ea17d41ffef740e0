import Collapse from '@mui/material/Collapse';
import { alpha } from '@mui/material/styles';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { Link } from 'react-router';
import type { NavItem } from '../manifest.js';
import { isActiveItem } from './navVisibility.js';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { manifestWord, manifestWordsCatalog } from '../i18n/domainWords.js';

export type SidebarItemProps = {
  item: NavItem;
  depth: number;
  pathname: string;
  expanded: boolean;
  openGroups: ReadonlySet<string>;
  onToggleGroup: (id: string) => void;
  onHoverStart: (path: string) => void;
  onHoverEnd: () => void;
  onNavigate: () => void;
};

/** One sidebar entry: a link, or a group that opens its children. */
export function SidebarItem({ item, depth, pathname, expanded, openGroups, onToggleGroup, onHoverStart, onHoverEnd, onNavigate }: SidebarItemProps) {
  useT(manifestWordsCatalog);
  const label = manifestWord(item.label, useLanguage());
  const Icon = item.icon ?? (item.children ? FolderOutlined : CircleOutlined);
  const active = isActiveItem(item, pathname);
  const indent = expanded ? 2 + depth * 2 : 2;
  const icon = (
    <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : 'inherit', '& svg': { fontSize: depth > 0 && !item.icon ? 10 : 22 } }}>
      <Icon />
    </ListItemIcon>
  );
  const text = (
    <ListItemText
      primary={label}
      sx={{ opacity: expanded ? 1 : 0, transition: 'opacity 120ms', whiteSpace: 'nowrap', m: 0 }}
      slotProps={{ primary: { noWrap: true, sx: { fontSize: 14, fontWeight: active ? 600 : 500 } } }}
    />
  );

  if (item.children) {
    const open = expanded && openGroups.has(item.id);
    const listId = `sidebar-group-${item.id}`;
    return (
      <li>
        <ListItemButton
          onClick={() => onToggleGroup(item.id)}
          aria-expanded={open}
          aria-controls={listId}
          title={expanded ? undefined : label}
          sx={{ pl: indent, borderRadius: 1.5, mx: 1, mb: 0.25, color: active ? 'primary.main' : 'text.primary' }}
        >
          {icon}
          {text}
          {expanded ? open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" /> : null}
        </ListItemButton>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List id={listId} disablePadding dense aria-label={label}>
            {item.children.map((child) => (
              <SidebarItem
                key={child.id}
                item={child}
                depth={depth + 1}
                pathname={pathname}
                expanded={expanded}
                openGroups={openGroups}
                onToggleGroup={onToggleGroup}
                onHoverStart={onHoverStart}
                onHoverEnd={onHoverEnd}
                onNavigate={onNavigate}
              />
            ))}
          </List>
        </Collapse>
      </li>
    );
  }

  const path = item.path ?? '/';
  return (
    <li>
      <ListItemButton
        component={Link}
        to={path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        title={expanded ? undefined : label}
        onMouseEnter={() => onHoverStart(path)}
        onMouseLeave={onHoverEnd}
        onClick={onNavigate}
        sx={{
          pl: indent,
          borderRadius: 1.5,
          mx: 1,
          mb: 0.25,
          '&.Mui-selected': { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1), color: 'primary.main' },
          '&.Mui-selected:hover': { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.16) },
        }}
      >
        {icon}
        {text}
      </ListItemButton>
    </li>
  );
}
