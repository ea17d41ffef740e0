import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { FieldDef, ResourceDef } from '../model/index.js';
import { FieldInput } from './FieldInput.js';
import type { PickerOption } from './ReferencePicker.js';
import { RowsInput } from './RowsInput.js';

/** Nested errors of a rows field (`tiers.2.pct`) as react-hook-form keeps them. */
type CellErrors = Record<string, Record<string, { message?: string } | undefined> | undefined>;

export type FormFieldControlProps = {
  def: ResourceDef;
  name: string;
  field: FieldDef;
  control: Control<FieldValues>;
  /** The form's values now (a picker narrowed by another field reads it). */
  watched: FieldValues;
  labels: string | string[] | null | undefined;
  /** Where the record that already uses this value opens (a unique clash). */
  clashLink: string | undefined;
  disabled: boolean | undefined;
  onLabels: (labels: string | string[] | null) => void;
  onTyped: (value: unknown) => void;
  onCreateReference: ((text: string) => Promise<PickerOption | null>) | undefined;
};

/** One field of the form, bound to react-hook-form: a table of rows, or the input of its kind. */
export function FormFieldControl({ def, name, field, control, watched, labels, clashLink, disabled, onLabels, onTyped, onCreateReference }: FormFieldControlProps) {
  const t = useT(recordsCatalog);
  return (
    <Controller
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
            disabled={disabled}
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
            labels={labels}
            error={fieldState.error?.message}
            note={clashNote(clashLink, Boolean(fieldState.error), t('openClashing'))}
            disabled={disabled}
            onChange={(value, nextLabels) => {
              input.onChange(value);
              if (nextLabels !== undefined) onLabels(nextLabels);
              onTyped(value);
            }}
            onBlur={input.onBlur}
            onCreateReference={onCreateReference}
          />
        )
      }
    />
  );
}

function clashNote(link: string | undefined, failed: boolean, text: string): ReactNode {
  return link && failed ? (
    <Link component={RouterLink} to={link}>
      {text}
    </Link>
  ) : undefined;
}
