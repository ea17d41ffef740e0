import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { actionApplies, deletableIn, isArchived, labelFieldOf, type RecordRow, type ResourceDef } from '../model/index.js';
import { ActionDialogs } from './ActionDialogs.js';
import { useRecordUsageQuery } from './api.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { recordTitle } from './format.js';
import { HistoryPanel } from './HistoryPanel.js';
import { inSentence } from './nouns.js';
import { RecordFields } from './RecordFields.js';
import { RecordHeader } from './RecordHeader.js';
import { UsedByNotice } from './UsedByNotice.js';
import { useRecordCommands } from './useRecordCommands.js';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

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

/** A record read-only, with its workflow actions, what uses it, and its history. */
export function RecordView({ def, record, canUpdate: mayUpdate, canRemove: mayRemove = mayUpdate, canDo, onEdit, onClose }: RecordViewProps) {
  // An archived record (a lead merged into another) is kept as it is: no edit, delete or restore.
  const t = useT(recordsCatalog);
  const archived = isArchived(def, record);
  const canUpdate = mayUpdate && !archived;
  const canRemove = mayRemove && !archived;
  const commands = useRecordCommands(def, record, onClose);
  const usage = useRecordUsageQuery({ resource: def.name, id: record.id });
  const language = useLanguage();
  const title = recordTitle(record, labelFieldOf(def), t('recordFallback'), { field: def.fields[labelFieldOf(def)], language });
  const inactive = record.active === false;

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
      <RecordHeader
        def={def}
        title={title}
        inactive={inactive}
        status={status}
        actions={actions}
        mayActivate={canUpdate && inactive}
        mayRemove={canRemove && !def.readOnly && !settled && !def.singleton}
        removing={commands.removing}
        deactivates={deactivates}
        mayEdit={canUpdate && !def.readOnly}
        onClose={onClose}
        onAction={(name, spec) => (spec.reason || spec.confirm ? commands.setPendingAction(name) : void commands.handleAction(name))}
        onActivate={() => void commands.handleActivate()}
        onRemove={() => commands.setConfirmDelete(true)}
        onEdit={onEdit}
      />
      {used.length > 0 && !settled ? <UsedByNotice recordId={record.id} used={used} /> : null}
      <RecordFields def={def} record={record} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('history')}
        </Typography>
        <HistoryPanel def={def} id={record.id} onRestore={canUpdate && !def.readOnly ? (field, value) => void commands.handleRestore(field, value) : undefined} />
      </Paper>
      <ConfirmDialog
        open={commands.confirmDelete}
        title={deactivates ? t('deactivateTitle', { title }) : t('deleteTitle', { title })}
        body={
          used.length > 0
            ? t('usedBody', { singular: inSentence(def.singular) })
            : deactivates
              ? t('deactivateBody')
              : t('deleteBody', { singular: inSentence(def.singular) })
        }
        confirmLabel={deactivates ? t('deactivate') : t('delete')}
        danger
        onConfirm={() => void commands.handleDelete()}
        onCancel={() => commands.setConfirmDelete(false)}
      />
      <ActionDialogs def={def} record={record} pendingAction={commands.pendingAction} onRun={(name, text) => void commands.handleAction(name, text)} onCancel={() => commands.setPendingAction(null)} />
    </Stack>
  );
}
