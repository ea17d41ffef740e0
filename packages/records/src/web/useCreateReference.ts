import { useSnackbar } from 'notistack';
import { useSelector } from 'react-redux';
import { toApiError } from '@propdesk/api-client';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { labelFieldOf, type FieldDef } from '../model/index.js';
import { useSaveRecordMutation } from './api.js';
import type { PickerOption } from './ReferencePicker.js';
import { findResource } from './registry.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useLocalizer } from './i18n/localizedDefinition.js';

/** A picker's "Create …": the referenced record made from the typed name, where the user may create one. */
export function useCreateReference() {
  const { enqueueSnackbar } = useSnackbar();
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const t = useT(recordsCatalog);
  const localize = useLocalizer();
  // The engine's create (`POST /api/{resource}`, from a screen), as the record form's own.
  const [saveRecord] = useSaveRecordMutation();
  return (field: FieldDef) => {
    const target = findResource(field.ref!);
    // Offered only where the user may create the referenced record (a 423 would leave the form).
    if (!target || target.readOnly || !checker.can(target.entity, 'create')) return undefined;
    return async (text: string): Promise<PickerOption | null> => {
      try {
        const response = await saveRecord({ resource: target.name, body: { [labelFieldOf(target)]: text } }).unwrap();
        const words = localize(target);
        enqueueSnackbar(t('referenceCreated', { singular: words.singular, text }), { variant: 'success' });
        return { id: response.data.id, label: text };
      } catch (error) {
        // The refusal's first field error names the field and the problem; otherwise the general sentence.
        const first = toApiError(error).errors[0];
        const words = localize(target);
        enqueueSnackbar(first ? t('referenceNotCreatedWhy', { singular: words.singular, field: words.fields[first.field]?.label ?? first.field, problem: first.message.toLowerCase() }) : t('referenceNotCreated', { singular: words.singular }), {
          variant: 'error',
        });
        return null;
      }
    };
  };
}
