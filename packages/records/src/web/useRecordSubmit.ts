import { useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useSnackbar } from 'notistack';
import { isEmptyValue, isShown, type RecordRow, type ResourceDef } from '../model/index.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { serverError, useSaveRecordMutation, type ServerError } from './api.js';
import type { FormExtension } from './formExtension.js';
import type { FormFields, RecordFormApi } from './useRecordFormState.js';

export type RecordSubmitOptions = {
  def: ResourceDef;
  record: RecordRow | undefined;
  fields: FormFields;
  extension: FormExtension | undefined;
  form: RecordFormApi;
  saved: RefObject<boolean>;
  submitting: RefObject<boolean>;
  cancelUniqueChecks: () => void;
  setClashLinks: Dispatch<SetStateAction<Record<string, string>>>;
  onSaved: (record: RecordRow) => void;
};

/** Saving the form: the changed fields on an edit, the server's refusals on their fields, a 409 as a conflict to settle. */
export function useRecordSubmit({ def, record, fields, extension, form, saved, submitting, cancelUniqueChecks, setClashLinks, onSaved }: RecordSubmitOptions) {
  const { formState, setError, reset, getValues } = form;
  const [failure, setFailure] = useState<ServerError | null>(null);
  const [conflict, setConflict] = useState<RecordRow | null>(null);
  const [baseVersion, setBaseVersion] = useState(record?.version);
  const [save, { isLoading }] = useSaveRecordMutation();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT(recordsCatalog);

  const showRefusal = (problem: ServerError) => {
    const extraNames = new Set(Object.keys(extension?.create ?? {}).concat(Object.keys(extension?.update ?? {})));
    for (const item of problem.errors) {
      const root = item.field.split('.')[0] ?? '';
      if (extraNames.has(root)) setError(root, { type: 'server', message: item.message });
      if (item.field && fields.some(([name]) => name === root)) {
        setError(item.field, { type: 'server', message: item.message });
        if (item.link) setClashLinks((links) => ({ ...links, [item.field]: item.link! }));
      }
    }
    setFailure(problem);
  };

  const submit = async (values: FieldValues, overwriteVersion?: number) => {
    setFailure(null);
    cancelUniqueChecks();
    submitting.current = true;
    const body: Record<string, unknown> = {};
    if (record) {
      for (const name of Object.keys(formState.dirtyFields)) if (name !== 'version') body[name] = values[name] ?? null;
      // A field the new choice hides is cleared on the record too (the server refuses a value in it).
      for (const [name, field] of fields) if (field.showWhen && !isShown(field, values) && !isEmptyValue(record[name])) body[name] = null;
      body.version = overwriteVersion ?? baseVersion;
    } else Object.assign(body, values);
    const result = await save({ resource: def.name, id: record?.id, body });
    submitting.current = false;
    if ('error' in result) {
      const problem = serverError(result.error);
      if (problem.status === 409 && problem.current) setConflict(problem.current);
      else showRefusal(problem);
      return;
    }
    saved.current = true;
    reset(getValues());
    enqueueSnackbar(result.data.message ?? t('recordSaved', { singular: def.singular }), { variant: 'success' });
    onSaved(result.data.data);
  };

  return { submit, isLoading, failure, conflict, setConflict, setBaseVersion };
}
