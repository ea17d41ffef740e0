import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { RecordRow, ResourceDef } from '../model/index.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ConflictDialog } from './ConflictDialog.js';
import { FormActions } from './FormActions.js';
import type { FormExtension } from './formExtension.js';
import { FormFailure } from './FormFailure.js';
import { FormRows } from './FormRows.js';
import { inSentence } from './nouns.js';
import { useCreateReference } from './useCreateReference.js';
import { useLeaveGuard } from './useLeaveGuard.js';
import { initialValue, useRecordFormState } from './useRecordFormState.js';
import { useRecordSubmit } from './useRecordSubmit.js';
import { useUniqueCheck } from './useUniqueCheck.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type { FormExtension, FormExtensionProps } from './formExtension.js';

export type RecordFormProps = {
  def: ResourceDef;
  /** The record being edited; absent to create. */
  record?: RecordRow | undefined;
  /** Values to start a new record with (e.g. the project of the list's filter). */
  initial?: Record<string, unknown> | undefined;
  /** Fields the caller may not write (protected without the grant). */
  lockedFields?: ReadonlySet<string> | undefined;
  /** What a screen adds to the generated form (a user's password and roles, a role's matrix). */
  extension?: FormExtension | undefined;
  /** Only these fields, in these rows (a short form: a walk-in lead); default: the definition's `formLayout`, then the rest. */
  layout?: readonly (readonly string[])[] | undefined;
  /** The save button's words (default "Create lead" / "Save changes"). */
  submitLabel?: string | undefined;
  onSaved: (record: RecordRow) => void;
  onCancel: () => void;
};

/** The create and edit form of any resource: the same zod schema as the server, its errors on their fields. */
export function RecordForm({ def, record, initial, lockedFields, extension, layout, submitLabel, onSaved, onCancel }: RecordFormProps) {
  const t = useT(recordsCatalog);
  const { editing, fields, form } = useRecordFormState({ def, record, initial, extension, layout });
  const { control, handleSubmit, formState, reset, getValues, watch, setValue } = form;
  const watched = watch();
  const [labels, setLabels] = useState<Record<string, string | string[] | null>>(record?.refLabels ?? {});
  const [clashLinks, setClashLinks] = useState<Record<string, string>>({});
  const saved = useRef(false);
  const submitting = useRef(false);
  const blocker = useLeaveGuard(formState.isDirty && !saved.current, saved);
  const { checkUnique, cancelUniqueChecks } = useUniqueCheck({ def, record, form, saved, submitting, setClashLinks });
  const createReference = useCreateReference();
  const { submit, isLoading, failure, conflict, setConflict, setBaseVersion } = useRecordSubmit({ def, record, fields, extension, form, saved, submitting, cancelUniqueChecks, setClashLinks, onSaved });

  const rows = layout ?? def.formLayout ?? fields.map(([name]) => [name]);
  const placed = new Set(rows.flat());
  const drawn = new Set(extension?.draws ?? []);
  const allRows = [...rows, ...fields.filter(([name]) => !placed.has(name)).map(([name]) => [name])]
    .map((row) => row.filter((name) => !drawn.has(name)))
    .filter((row) => row.length > 0);

  const handleReload = () => {
    if (!conflict) return;
    const values: Record<string, unknown> = {};
    for (const [name, field] of fields) values[name] = initialValue(field, conflict[name]);
    values.version = conflict.version;
    reset(values);
    setLabels(conflict.refLabels);
    setConflict(null);
    setBaseVersion(conflict.version);
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => submit(values))} aria-label={t(editing ? 'formEdit' : 'formNew', { singular: inSentence(def.singular) })}>
      <FormFailure failure={failure} />
      <FormRows
        def={def}
        rows={allRows}
        fieldMap={new Map(fields)}
        control={control}
        watched={watched}
        labels={labels}
        clashLinks={clashLinks}
        lockedFields={lockedFields}
        onLabels={(name, nextLabels) => setLabels((current) => ({ ...current, [name]: nextLabels }))}
        onTyped={checkUnique}
        createReference={createReference}
      />
      {extension ? (
        <Box sx={{ mt: 2.5 }}>
          {extension.render({
            record,
            values: watched,
            editing,
            errors: Object.fromEntries(Object.entries(formState.errors).map(([name, error]) => [name, typeof error?.message === 'string' ? error.message : undefined])),
            setValue: (name, value) => {
              setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
              // A reference the extension fills (a hold's unit) is named by the picker anew, not by the last one picked.
              setLabels((current) => (name in current ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== name)) : current));
            },
          })}
        </Box>
      ) : null}
      <FormActions def={def} editing={editing} saving={isLoading} submitLabel={submitLabel} hasRequired={fields.some(([, field]) => field.required)} onCancel={onCancel} />
      <ConflictDialog
        open={conflict !== null}
        def={def}
        mine={getValues()}
        mineLabels={labels}
        theirs={conflict}
        onReload={handleReload}
        onOverwrite={() => {
          const version = conflict?.version;
          setConflict(null);
          void handleSubmit((values) => submit(values, version))();
        }}
        onClose={() => setConflict(null)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('leaveTitle')}
        body={t('leaveBody')}
        confirmLabel={t('leaveConfirm')}
        cancelLabel={t('leaveCancel')}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Box>
  );
}
