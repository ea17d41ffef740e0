import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Check from '@mui/icons-material/Check';
import { useSnackbar } from 'notistack';
import type { SavedView, SavedViewState } from '../model/index.js';
import { serverError, useDeleteViewMutation, useSaveViewMutation } from './api.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type ViewsMenuProps = {
  resource: string;
  views: readonly SavedView[];
  activeId: string | null;
  state: SavedViewState;
  onOpen: (view: SavedView) => void;
  onReset: () => void;
};

/** Saved views on the server: open, save as, update, share, make default, delete. */
export function ViewsMenu({ resource, views, activeId, state, onOpen, onReset }: ViewsMenuProps) {
  const t = useT(recordsCatalog);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saveView] = useSaveViewMutation();
  const [deleteView] = useDeleteViewMutation();
  const { enqueueSnackbar } = useSnackbar();
  const active = views.find((view) => view.id === activeId) ?? null;

  const handleSave = async () => {
    const result = await saveView({ resource, body: { name, shared, isDefault, state } });
    if ('error' in result) {
      const failure = serverError(result.error);
      setError(failure.errors[0]?.message ?? failure.message);
      return;
    }
    setDialog(false);
    enqueueSnackbar(t('viewSaved', { name }), { variant: 'success' });
    onOpen(result.data.data);
  };

  const run = async (promise: Promise<{ error?: unknown }>, message: string) => {
    const result = await promise;
    if (result.error) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(message, { variant: 'success' });
    setAnchor(null);
  };

  return (
    <>
      <Button startIcon={<BookmarkBorder />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu">
        {active ? active.name : t('views')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onReset();
          }}
        >
          <ListItemIcon>{activeId === null ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{t('standardView')}</ListItemText>
        </MenuItem>
        {views.map((view) => (
          <MenuItem
            key={view.id}
            onClick={() => {
              setAnchor(null);
              onOpen(view);
            }}
          >
            <ListItemIcon>{view.id === activeId ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText secondary={[view.isDefault ? 'default' : null, view.shared ? (view.mine ? 'shared' : `by ${view.ownerName ?? 'someone'}`) : null].filter(Boolean).join(' · ') || undefined}>
              {view.name}
            </ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setName('');
            setShared(false);
            setIsDefault(false);
            setError(null);
            setDialog(true);
          }}
        >
          {t('saveAsNewView')}
        </MenuItem>
        {active?.mine ? <MenuItem onClick={() => void run(saveView({ id: active.id, resource, body: { state } }), t('viewUpdated', { name: active.name }))}>{t('viewUpdate', { name: active.name })}</MenuItem> : null}
        {active ? (
          <MenuItem onClick={() => void run(saveView({ id: active.id, resource, body: { isDefault: !active.isDefault } }), active.isDefault ? t('viewNoDefault') : t('viewOpensFirst', { name: active.name }))}>
            {active.isDefault ? t('viewStopFirst') : t('viewOpenFirst')}
          </MenuItem>
        ) : null}
        {active?.mine ? (
          <MenuItem onClick={() => void run(saveView({ id: active.id, resource, body: { shared: !active.shared } }), active.shared ? t('viewPrivateNow') : t('viewSharedNow'))}>
            {active.shared ? t('viewMakePrivate') : t('viewShare')}
          </MenuItem>
        ) : null}
        {active?.mine ? (
          <MenuItem
            onClick={() => {
              void run(deleteView({ id: active.id, resource }), t('viewDeleted', { name: active.name }));
              onReset();
            }}
          >
            {t('viewDelete', { name: active.name })}
          </MenuItem>
        ) : null}
      </Menu>
      <Dialog open={dialog} onClose={() => setDialog(false)} aria-labelledby="save-view-title" fullWidth maxWidth="xs">
        <DialogTitle id="save-view-title">{t('viewSaveTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={t('viewName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? t('viewKeeps')}
            sx={{ mt: 1 }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && name.trim()) void handleSave();
            }}
          />
          <FormControlLabel control={<Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />} label={t('viewShare')} />
          <FormControlLabel control={<Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />} label={t('viewOpenFirst')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(false)}>{t('cancel')}</Button>
          <Button variant="contained" disabled={!name.trim()} onClick={() => void handleSave()}>
            {t('viewSave')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
