import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useSelector } from 'react-redux';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { actionApplies, deletableIn, isArchived, isShown, labelFieldOf, type FieldDef, type RecordRow, type ResourceDef, type Usage } from '../model/index.js';
import { serverError, useDeleteRecordMutation, useRecordUsageQuery, useRunActionMutation, useSaveRecordMutation } from './api.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { fillPlaceholders, formatTimestamp, formatValue, humanize, recordTitle } from './format.js';
import { HistoryPanel } from './HistoryPanel.js';
import { PhoneLinks } from './PhoneLinks.js';
import { ReasonDialog } from './ReasonDialog.js';
import { findResource } from './registry.js';
import { RowsTable } from './RowsTable.js';
import { inSentence } from './nouns.js';

export type RecordViewProps = {
  def: ResourceDef;
  record: RecordRow;
  canUpdate: boolean;
  /** May delete or deactivate it (update on the entity), where its deletable states allow; default `canUpdate`. */
  canRemove?: boolean;
  canDo: (action: string) => boolean;
  onEdit: () => void;
  onClose: () => void;
};

/** "1 broker contract", "2 lead activities". */
const usageText = (item: Usage) => `${item.count} ${(item.count === 1 ? (findResource(item.resource)?.singular ?? item.label) : item.label).toLowerCase()}`;

/** A record read-only, with its workflow actions, what uses it, and its history. */
export function RecordView({ def, record, canUpdate: mayUpdate, canRemove: mayRemove = mayUpdate, canDo, onEdit, onClose }: RecordViewProps) {
  // An archived record (a lead merged into another) is kept as it is: no edit, delete or restore.
  const archived = isArchived(def, record);
  const canUpdate = mayUpdate && !archived;
  const canRemove = mayRemove && !archived;
  const { enqueueSnackbar } = useSnackbar();
  const [remove, removing] = useDeleteRecordMutation();
  const [save] = useSaveRecordMutation();
  const [runAction] = useRunActionMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pendingAction, setPendingAction] = useState<string | null>(null);
  const usage = useRecordUsageQuery({ resource: def.name, id: record.id });
  // Fields that apply only to another choice (a fixed amount on a percentage commission) are not shown.
  const fields = Object.entries(def.fields).filter(([name, field]) => name in record && !field.hidden && isShown(field, record));
  const title = recordTitle(record, labelFieldOf(def));
  const inactive = record.active === false;
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  // A reference opens the record it names, for whoever may read it (the commission's contract).
  const referenceRoute = (field: FieldDef, value: unknown): string | null => {
    if (field.kind !== 'reference' || typeof value !== 'string' || !value) return null;
    const target = field.ref ? findResource(field.ref) : undefined;
    if (!target?.route || !(target.readOpen || checker.can(target.entity, 'read'))) return null;
    return `${target.route}?record=${encodeURIComponent(value)}`;
  };

  const handleRestore = async (field: string, value: unknown) => {
    const result = await save({ resource: def.name, id: record.id, body: { [field]: value, version: record.version } });
    if ('error' in result) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(`${def.fields[field]?.label ?? field} restored.`, { variant: 'success' });
  };

  const handleDelete = async () => {
    setConfirmDelete(false);
    const result = await remove({ resource: def.name, id: record.id });
    if ('error' in result) {
      enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
      return;
    }
    enqueueSnackbar(result.data.message ?? 'Done.', { variant: result.data.data.deleted ? 'success' : 'info' });
    if (result.data.data.deleted) onClose();
  };

  const handleActivate = async () => {
    const result = await save({ resource: def.name, id: record.id, body: { active: true, version: record.version } });
    if ('error' in result) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(`${def.singular} activated.`, { variant: 'success' });
  };

  const action = pendingAction ? def.actions?.[pendingAction] : undefined;
  // What the action will do, from the definition, with the record's own values: "Submit PR-2026-00001 for approval?"
  const actionQuestion = action?.confirm ? fillPlaceholders(action.confirm, def.fields, record) : undefined;
  const handleAction = async (name: string, text?: string) => {
    setPendingAction(null);
    const result = await runAction({ resource: def.name, id: record.id, action: name, ...(text ? { reason: text } : {}) });
    if ('error' in result) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(result.data.message ?? 'Done.', { variant: 'success' });
  };

  const status = def.statusField ? String(record[def.statusField] ?? '') : '';
  const actions = Object.entries(def.actions ?? {}).filter(([, spec]) => actionApplies(def, spec, record) && canDo(spec.privilege ?? 'update'));
  // A document's own lines are part of it, not records that use it.
  const lines = new Set(Object.values(def.children ?? {}).map((child) => child.resource));
  const used = (usage.data ?? []).filter((item) => item.count > 0 && !lines.has(item.resource));
  // People and what others use are deactivated, never deleted: they stay valid where they appear.
  const deactivates = used.length > 0 || def.deactivateOnly === true;
  // A workflow document outside its deletable states (default: its editable ones) is neither deleted
  // nor deactivated (the server refuses both): its actions (cancel, void) end it, so neither the button
  // nor the "used by" notice shows.
  const settled = !deletableIn(def, record);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ mr: 1 }}>
          {title}
        </Typography>
        {inactive ? <Chip label="Inactive" size="small" /> : null}
        {status ? <Chip label={humanize(status)} size="small" color="primary" variant="outlined" /> : null}
        <Box sx={{ flexGrow: 1 }} />
        {def.singleton ? null : <Button onClick={onClose}>Back to list</Button>}
        {actions.map(([name, spec]) => (
          <Button key={name} variant="outlined" onClick={() => (spec.reason || spec.confirm ? setPendingAction(name) : void handleAction(name))}>
            {spec.label}
          </Button>
        ))}
        {canUpdate && inactive ? (
          <Button variant="outlined" onClick={() => void handleActivate()}>
            Activate
          </Button>
        ) : null}
        {canRemove && !def.readOnly && !settled && !def.singleton ? (
          <Button variant="outlined" color="error" disabled={removing.isLoading || inactive} onClick={() => setConfirmDelete(true)}>
            {deactivates ? 'Deactivate' : 'Delete'}
          </Button>
        ) : null}
        {canUpdate && !def.readOnly ? (
          <Button variant="contained" onClick={onEdit}>
            Edit
          </Button>
        ) : null}
      </Stack>
      {used.length > 0 && !settled ? (
        <Alert severity="info">
          Used by{' '}
          {used.map((item, index) => (
            <span key={`${item.resource}.${item.field}`}>
              {index > 0 ? ', ' : ''}
              {item.route ? (
                <Link component={RouterLink} to={`${item.route}?where=${encodeURIComponent(JSON.stringify({ field: item.field, op: 'eq', value: record.id }))}&active=all`}>
                  {usageText(item)}
                </Link>
              ) : (
                usageText(item)
              )}
            </span>
          ))}
          , so it cannot be deleted. Deactivate takes it out of the pickers for new records; the records that use it keep it.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
          {fields.map(([name, field]) => (
            // A table field (rows with columns) takes the whole width: its columns need the room.
            <Box key={name} sx={field.columns ? { gridColumn: '1 / -1' } : undefined}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {field.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: field.kind === 'longtext' ? 'pre-wrap' : undefined }}>
                {field.kind === 'color' && record[name] ? (
                  <Box component="span" sx={{ display: 'inline-block', width: 14, height: 14, borderRadius: '3px', bgcolor: String(record[name]), mr: 1, verticalAlign: 'middle', border: 1, borderColor: 'divider' }} />
                ) : null}
                {field.columns ? (
                  <RowsTable field={field} value={record[name]} />
                ) : field.kind === 'phone' && typeof record[name] === 'string' && record[name] ? (
                  <PhoneLinks value={record[name]} />
                ) : referenceRoute(field, record[name]) ? (
                  <Link component={RouterLink} to={referenceRoute(field, record[name])!}>
                    {formatValue(field, record[name], record.refLabels[name]) || String(record[name])}
                  </Link>
                ) : (
                  formatValue(field, record[name], record.refLabels[name]) || field.emptyText || '—'
                )}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          Created {formatTimestamp(record.createdOn)} · last changed {formatTimestamp(record.modifiedOn)} · version {record.version}
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          History
        </Typography>
        <HistoryPanel def={def} id={record.id} onRestore={canUpdate && !def.readOnly ? (field, value) => void handleRestore(field, value) : undefined} />
      </Paper>
      <ConfirmDialog
        open={confirmDelete}
        title={deactivates ? `Deactivate ${title}?` : `Delete ${title}?`}
        body={
          used.length > 0
            ? `Other records use this ${inSentence(def.singular)}, so it cannot be deleted. Deactivate takes it out of the pickers for new records; the records that use it keep it. You can activate it again later.`
            : deactivates
              ? `Deactivate takes it out of the pickers and, for a user, ends their sessions at once. Nothing is deleted; you can activate it again later.`
              : `This ${inSentence(def.singular)} is used nowhere. Delete removes it for good.`
        }
        confirmLabel={deactivates ? 'Deactivate' : 'Delete'}
        danger
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirmDelete(false)}
      />
      {action && pendingAction && action.reason ? (
        <ReasonDialog
          title={action.label}
          body={actionQuestion}
          required={action.reason === 'required'}
          label={action.reasonLabel}
          cancelLabel="Go back"
          onConfirm={(text) => void handleAction(pendingAction, text)}
          onCancel={() => setPendingAction(null)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(action && pendingAction && !action.reason)}
        title={action?.label ?? ''}
        body={actionQuestion ?? ''}
        confirmLabel={action?.label ?? ''}
        cancelLabel="Go back"
        onConfirm={() => pendingAction && void handleAction(pendingAction)}
        onCancel={() => setPendingAction(null)}
      />
    </Stack>
  );
}
