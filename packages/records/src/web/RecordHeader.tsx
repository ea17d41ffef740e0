import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActionDef, ResourceDef } from '../model/index.js';
import { humanize } from './format.js';

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
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="h5" component="h2" sx={{ mr: 1 }}>
        {title}
      </Typography>
      {inactive ? <Chip label="Inactive" size="small" /> : null}
      {status ? <Chip label={humanize(status)} size="small" color="primary" variant="outlined" /> : null}
      <Box sx={{ flexGrow: 1 }} />
      {def.singleton ? null : <Button onClick={onClose}>Back to list</Button>}
      {actions.map(([name, spec]) => (
        <Button key={name} variant="outlined" onClick={() => onAction(name, spec)}>
          {spec.label}
        </Button>
      ))}
      {mayActivate ? (
        <Button variant="outlined" onClick={onActivate}>
          Activate
        </Button>
      ) : null}
      {mayRemove ? (
        <Button variant="outlined" color="error" disabled={removing || inactive} onClick={onRemove}>
          {deactivates ? 'Deactivate' : 'Delete'}
        </Button>
      ) : null}
      {mayEdit ? (
        <Button variant="contained" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
    </Stack>
  );
}
