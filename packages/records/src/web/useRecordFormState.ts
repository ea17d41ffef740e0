import { useMemo } from 'react';
import { z } from 'zod';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createSchema, isShown, updateSchema, writableFields, type FieldDef, type RecordRow, type ResourceDef } from '../model/index.js';
import type { FormExtension } from './formExtension.js';
import { translateErrors, useValidationLanguage } from './validationWords.js';

/** A field's value in a fresh form: the record's, else the definition's default, else the kind's empty value. */
export function initialValue(field: FieldDef, value: unknown): unknown {
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

export type RecordFormStateOptions = {
  def: ResourceDef;
  record: RecordRow | undefined;
  initial: Record<string, unknown> | undefined;
  extension: FormExtension | undefined;
  layout: readonly (readonly string[])[] | undefined;
};

/** The form's fields, its react-hook-form state and the zod schema (the server's) it is checked with. */
export function useRecordFormState({ def, record, initial, extension, layout }: RecordFormStateOptions) {
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
  const language = useValidationLanguage();
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const inner = zodResolver(schema as never) as Resolver<FieldValues>;
    // The schema's messages are English (shared with the server): said in the page's language.
    return async (values, context, options) => {
      const result = await inner(withoutHidden(def, values), context, options);
      return language === 'en' || Object.keys(result.errors).length === 0 ? result : { values: {}, errors: translateErrors(result.errors, language) };
    };
  }, [schema, def, language]);
  const form = useForm<FieldValues>({ resolver, defaultValues: defaults, mode: 'onTouched' });
  return { editing, fields, form };
}

export type RecordFormApi = ReturnType<typeof useRecordFormState>['form'];
export type FormFields = ReturnType<typeof useRecordFormState>['fields'];
