import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { optionLabelOf, type ActionDef, type ResourceDef } from '../model/index.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type RecordHeaderProps = {
  def: ResourceDef;
  title: string;
  inactive: boolean;
  /** The workflow state's value, or '' for a resource without one. */
  status: string;
  /** The workflow actions that apply now and the user may run. */
  actions: readonly (readonly [string, ActionDef])[];
  mayActivate: boolean;
  mayRemove: boolean;
  removing: boolean;
  /** Remove deactivates (the record is used, or its kind is never deleted). */
  deactivates: boolean;
  mayEdit: boolean;
  onClose: () => void;
  onAction: (name: string, spec: ActionDef) => void;
  onActivate: () => void;
  onRemove: () => void;
  onEdit: () => void;
};

/** The record's title and state, and its buttons: back, workflow actions, activate, delete or deactivate, edit. */
export function RecordHeader({ def, title, inactive, status, actions, mayActivate, mayRemove, removing, deactivates, mayEdit, onClose, onAction, onActivate, onRemove, onEdit }: RecordHeaderProps) {
  const t = useT(recordsCatalog);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="h5" component="h2" sx={{ mr: 1 }}>
        {/* The record's label is data: "Al Manara … S.A.E." keeps its full stop at its end in right-to-left text. */}
        <bdi>{title}</bdi>
      </Typography>
      {inactive ? <Chip label={t('inactive')} size="small" /> : null}
      {status ? <Chip label={optionLabelOf(def.statusField ? def.fields[def.statusField] : undefined, status)} size="small" color="primary" variant="outlined" /> : null}
      <Box sx={{ flexGrow: 1 }} />
      {def.singleton ? null : <Button onClick={onClose}>{t('backToList')}</Button>}
      {actions.map(([name, spec]) => (
        <Button key={name} variant="outlined" onClick={() => onAction(name, spec)}>
          {spec.label}
        </Button>
      ))}
      {mayActivate ? (
        <Button variant="outlined" onClick={onActivate}>
          {t('activate')}
        </Button>
      ) : null}
      {mayRemove ? (
        <Button variant="outlined" color="error" disabled={removing || inactive} onClick={onRemove}>
          {deactivates ? t('deactivate') : t('delete')}
        </Button>
      ) : null}
      {mayEdit ? (
        <Button variant="contained" onClick={onEdit}>
          {t('edit')}
        </Button>
      ) : null}
    </Stack>
  );
}
