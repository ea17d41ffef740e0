import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useBlocker } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useSelector } from 'react-redux';
import { apiRequest } from '@propdesk/api-client';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { createSchema, isEmptyValue, isShown, labelFieldOf, updateSchema, writableFields, type FieldDef, type RecordRow, type ResourceDef } from '../model/index.js';
import { serverError, useSaveRecordMutation, type ServerError } from './api.js';
import { ConflictDialog } from './ConflictDialog.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { FieldInput } from './FieldInput.js';
import { RowsInput } from './RowsInput.js';
import type { PickerOption } from './ReferencePicker.js';
import { findResource } from './registry.js';
import { inSentence } from './nouns.js';

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

export type FormExtensionProps = {
  record: RecordRow | undefined;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  editing: boolean;
  setValue: (name: string, value: unknown) => void;
};

export type FormExtension = {
  /** Extra body keys: their schemas on create and on update (the server checks the same). */
  create: z.ZodRawShape;
  update: z.ZodRawShape;
  defaults: (record: RecordRow | undefined) => Record<string, unknown>;
  render: (props: FormExtensionProps) => ReactNode;
  /** Fields of the definition the extension draws itself (a webhook's events as check boxes): checked and sent as any field, not drawn again by the form. */
  draws?: readonly string[];
};

const UNIQUE_CHECK_DELAY_MS = 400;

function initialValue(field: FieldDef, value: unknown): unknown {
  if (value !== undefined && value !== null) return value;
  if (field.default !== undefined && field.default !== null) return field.default;
  if (field.kind === 'boolean') return false;
  if (field.kind === 'references') return [];
  if (field.columns) return [];
  if (field.kind === 'reference' || field.kind === 'json') return null;
  return '';
}

/** The form's values with the fields their `showWhen` hides emptied: they are neither checked nor sent. */
function withoutHidden(def: ResourceDef, values: FieldValues): FieldValues {
  const next: FieldValues = { ...values };
  for (const [name, field] of Object.entries(def.fields)) if (field.showWhen && name in next && !isShown(field, values)) next[name] = null;
  return next;
}

/** Nested errors of a rows field (`tiers.2.pct`) as react-hook-form keeps them. */
type CellErrors = Record<string, Record<string, { message?: string } | undefined> | undefined>;

/** The create and edit form of any resource: the same zod schema as the server, its errors on their fields. */
export function RecordForm({ def, record, initial, lockedFields, extension, layout, submitLabel, onSaved, onCancel }: RecordFormProps) {
  const editing = Boolean(record);
  const fields = useMemo(() => {
    const shown = layout ? new Set(layout.flat()) : null;
    return writableFields(def).filter(([name, field]) => !field.hidden && (!shown || shown.has(name)));
  }, [def, layout]);
  // The inputs hold text; the schema reads it as the typed values the JSON body carries (numbers as
  // numbers, yes/no as booleans): the resolver's output is what is sent.
  const schema = useMemo(() => {
    const base = editing ? updateSchema(def, { source: 'text' }) : createSchema(def, { source: 'text' });
    const extra = editing ? extension?.update : extension?.create;
    // An extension without body keys keeps the definition's cross-field rule on the base schema.
    if (!extra || Object.keys(extra).length === 0) return base;
    return z.strictObject({ ...(base as unknown as { shape: z.ZodRawShape }).shape, ...extra });
  }, [def, editing, extension]);
  const defaults = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const [name, field] of fields) values[name] = initialValue(field, record?.[name] ?? initial?.[name]);
    if (record) values.version = record.version;
    // A new record's extension keys given in `initial` (the address of a form opened from another record) start filled.
    const given = !record && extension ? Object.fromEntries(Object.keys(extension.create).filter((name) => initial?.[name] !== undefined).map((name) => [name, initial![name]])) : {};
    return { ...values, ...(extension ? extension.defaults(record) : {}), ...given };
  }, [fields, record, initial, extension]);
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(schema as never) as Resolver<FieldValues>;
    return (values, context, options) => inner(withoutHidden(def, values), context, options);
  }, [schema, def]);
  const form = useForm<FieldValues>({ resolver, defaultValues: defaults, mode: 'onTouched' });
  const { control, handleSubmit, formState, setError, clearErrors, reset, getValues, watch, setValue } = form;
  const watched = watch();
  const [labels, setLabels] = useState<Record<string, string | string[] | null>>(record?.refLabels ?? {});
  const [failure, setFailure] = useState<ServerError | null>(null);
  const [conflict, setConflict] = useState<RecordRow | null>(null);
  const [clashLinks, setClashLinks] = useState<Record<string, string>>({});
  const [save, { isLoading }] = useSaveRecordMutation();
  const { enqueueSnackbar } = useSnackbar();
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const saved = useRef(false);
  const submitting = useRef(false);
  const [baseVersion, setBaseVersion] = useState(record?.version);

  const dirty = formState.isDirty && !saved.current;
  // Read through a ref: the navigation right after a save happens before the next render.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !saved.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const uniqueTimers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const checkUnique = (name: string, field: FieldDef, value: unknown) => {
    if (!field.unique) return;
    clearTimeout(uniqueTimers.current[name]);
    if (typeof value !== 'string' || value.trim() === '') return;
    uniqueTimers.current[name] = setTimeout(() => {
      if (saved.current) return;
      const scope = Array.isArray(field.unique) ? Object.fromEntries(field.unique.map((scopeName) => [scopeName, getValues(scopeName)])) : {};
      const params = new URLSearchParams({ field: name, value, ...(record ? { id: record.id } : {}), scope: JSON.stringify(scope) });
      apiRequest<{ data: { available: boolean; clash: { id: string; label: string; link: string | null } | null } }>(`/api/${def.name}/unique?${params.toString()}`)
        .then(({ data }) => {
          // A check that answers during or after the save would find the record being saved.
          if (saved.current || submitting.current) return;
          if (data.available || !data.clash) {
            if (formState.errors[name]?.type === 'unique') clearErrors(name);
            setClashLinks((links) => ({ ...links, [name]: '' }));
          } else {
            setError(name, { type: 'unique', message: `Already used by ${data.clash.label}` });
            setClashLinks((links) => ({ ...links, [name]: data.clash?.link ?? '' }));
          }
        })
        .catch(() => undefined);
    }, UNIQUE_CHECK_DELAY_MS);
  };

  const createReference = (field: FieldDef) => {
    const target = findResource(field.ref!);
    // Offered only where the user may create the referenced record (a 423 would leave the form).
    if (!target || target.readOnly || !checker.can(target.entity, 'create')) return undefined;
    return async (text: string): Promise<PickerOption | null> => {
      try {
        const response = await apiRequest<{ data: RecordRow }>(`/api/${target.name}`, {
          method: 'POST',
          body: { [labelFieldOf(target)]: text },
          headers: { 'X-Change-Source': 'screen' },
        });
        enqueueSnackbar(`${target.singular} “${text}” created.`, { variant: 'success' });
        return { id: response.data.id, label: text };
      } catch (error) {
        const detail = (() => {
          try {
            return JSON.parse((error as { body?: string }).body ?? '') as { errors?: { field: string; message: string }[]; message?: string };
          } catch {
            return null;
          }
        })();
        const first = detail?.errors?.[0];
        enqueueSnackbar(first ? `${target.singular} not created: ${target.fields[first.field]?.label ?? first.field} ${first.message.toLowerCase()}.` : `${target.singular} not created.`, {
          variant: 'error',
        });
        return null;
      }
    };
  };

  const submit = async (values: FieldValues, overwriteVersion?: number) => {
    setFailure(null);
    for (const timer of Object.values(uniqueTimers.current)) clearTimeout(timer);
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
      if (problem.status === 409 && problem.current) {
        setConflict(problem.current);
        return;
      }
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
      return;
    }
    saved.current = true;
    reset(getValues());
    enqueueSnackbar(result.data.message ?? `${def.singular} saved.`, { variant: 'success' });
    onSaved(result.data.data);
  };

  const rows = layout ?? def.formLayout ?? fields.map(([name]) => [name]);
  const placed = new Set(rows.flat());
  const drawn = new Set(extension?.draws ?? []);
  const allRows = [...rows, ...fields.filter(([name]) => !placed.has(name)).map(([name]) => [name])]
    .map((row) => row.filter((name) => !drawn.has(name)))
    .filter((row) => row.length > 0);
  const fieldMap = new Map(fields);
  const requiredCount = fields.filter(([, field]) => field.required).length;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => submit(values))} aria-label={editing ? `Edit ${inSentence(def.singular)}` : `New ${inSentence(def.singular)}`}>
      {failure && failure.errors.length === 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure.message}
        </Alert>
      ) : null}
      {failure && failure.errors.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {/* A refusal that is not about the typing (409: the phone is on another open lead) says why. */}
          {failure.status === 409 && failure.message ? `${failure.message} ` : ''}
          {failure.errors.length === 1 ? 'One field needs your attention.' : `${failure.errors.length} fields need your attention.`}
        </Alert>
      ) : null}
      <Stack spacing={2.5}>
        {allRows.map((layoutRow) => {
          // Fields that apply only to another choice are not shown (nor kept: see withoutHidden).
          const row = layoutRow.filter((name) => {
            const field = fieldMap.get(name);
            return field !== undefined && isShown(field, watched);
          });
          if (row.length === 0) return null;
          return (
            <Box key={row.join('|')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `repeat(${row.length}, minmax(0, 1fr))` } }}>
              {row.map((name) => {
                const field = fieldMap.get(name);
                if (!field) return null;
                const link = clashLinks[name];
                return (
                  <Controller
                    key={name}
                    name={name}
                    control={control}
                    render={({ field: input, fieldState }) =>
                      field.columns ? (
                        <RowsInput
                          name={name}
                          field={field}
                          value={input.value}
                          error={fieldState.error?.message}
                          cellError={(index, column) => (fieldState.error as unknown as CellErrors | undefined)?.[index]?.[column]?.message}
                          disabled={lockedFields?.has(name)}
                          onChange={(rows) => input.onChange(rows)}
                          onBlur={input.onBlur}
                        />
                      ) : (
                        <FieldInput
                          name={name}
                          owner={def.name}
                          matchValue={field.pickMatch ? watched[field.pickMatch.field] : undefined}
                          field={field}
                          value={input.value}
                          labels={labels[name]}
                          error={fieldState.error?.message}
                          note={
                            link && fieldState.error ? (
                              <Link component={RouterLink} to={link}>
                                Open the record that uses it
                              </Link>
                            ) : undefined
                          }
                          disabled={lockedFields?.has(name)}
                          onChange={(value, nextLabels) => {
                            input.onChange(value);
                            if (nextLabels !== undefined) setLabels((current) => ({ ...current, [name]: nextLabels }));
                            checkUnique(name, field, value);
                          }}
                          onBlur={input.onBlur}
                          onCreateReference={field.ref ? createReference(field) : undefined}
                        />
                      )
                    }
                  />
                );
              })}
            </Box>
          );
        })}
      </Stack>
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
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving…' : (submitLabel ?? (editing ? 'Save changes' : `Create ${inSentence(def.singular)}`))}
        </Button>
        <Button onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
        {requiredCount > 0 ? (
          <Box component="span" sx={{ color: 'text.secondary', fontSize: 13, ml: 'auto' }}>
            * required
          </Box>
        ) : null}
      </Stack>
      <ConflictDialog
        open={conflict !== null}
        def={def}
        mine={getValues()}
        mineLabels={labels}
        theirs={conflict}
        onReload={() => {
          if (!conflict) return;
          const values: Record<string, unknown> = {};
          for (const [name, field] of fields) values[name] = initialValue(field, conflict[name]);
          values.version = conflict.version;
          reset(values);
          setLabels(conflict.refLabels);
          setConflict(null);
          setBaseVersion(conflict.version);
        }}
        onOverwrite={() => {
          const version = conflict?.version;
          setConflict(null);
          void handleSubmit((values) => submit(values, version))();
        }}
        onClose={() => setConflict(null)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        body="Your changes to this form have not been saved. If you leave now, they are lost."
        confirmLabel="Leave without saving"
        cancelLabel="Keep editing"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Box>
  );
}
