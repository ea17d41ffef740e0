import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { RecordRow, ResourceDef } from '../model/index.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { serverError, useDeleteRecordMutation, useRunActionMutation, useSaveRecordMutation } from './api.js';

/** What a record's view can do to it: restore a field, delete or deactivate, activate, run a workflow action. */
export function useRecordCommands(def: ResourceDef, record: RecordRow, onClose: () => void) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT(recordsCatalog);
  const [remove, removing] = useDeleteRecordMutation();
  const [save] = useSaveRecordMutation();
  const [runAction] = useRunActionMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pendingAction, setPendingAction] = useState<string | null>(null);

  const handleRestore = async (field: string, value: unknown) => {
    const result = await save({ resource: def.name, id: record.id, body: { [field]: value, version: record.version } });
    if ('error' in result) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(t('fieldRestored', { field: def.fields[field]?.label ?? field }), { variant: 'success' });
  };

  const handleDelete = async () => {
    setConfirmDelete(false);
    const result = await remove({ resource: def.name, id: record.id });
    if ('error' in result) {
      enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
      return;
    }
    enqueueSnackbar(result.data.message ?? t('done'), { variant: result.data.data.deleted ? 'success' : 'info' });
    if (result.data.data.deleted) onClose();
  };

  const handleActivate = async () => {
    const result = await save({ resource: def.name, id: record.id, body: { active: true, version: record.version } });
    if ('error' in result) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(t('recordActivated', { singular: def.singular }), { variant: 'success' });
  };

  const handleAction = async (name: string, text?: string) => {
    setPendingAction(null);
    const result = await runAction({ resource: def.name, id: record.id, action: name, ...(text ? { reason: text } : {}) });
    if ('error' in result) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(result.data.message ?? t('done'), { variant: 'success' });
  };

  return { removing: removing.isLoading, confirmDelete, setConfirmDelete, pendingAction, setPendingAction, handleRestore, handleDelete, handleActivate, handleAction };
}
