import type { Control, FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { isShown, type FieldDef, type ResourceDef } from '../model/index.js';
import { FormFieldControl } from './FormFieldControl.js';
import type { PickerOption } from './ReferencePicker.js';

export type FormRowsProps = {
  def: ResourceDef;
  /** The layout: rows of field names, each row's fields side by side. */
  rows: readonly (readonly string[])[];
  fieldMap: ReadonlyMap<string, FieldDef>;
  control: Control<FieldValues>;
  watched: FieldValues;
  labels: Record<string, string | string[] | null>;
  clashLinks: Record<string, string>;
  lockedFields: ReadonlySet<string> | undefined;
  onLabels: (name: string, labels: string | string[] | null) => void;
  onTyped: (name: string, field: FieldDef, value: unknown) => void;
  createReference: (field: FieldDef) => ((text: string) => Promise<PickerOption | null>) | undefined;
};

/** The form's fields in the layout's rows. */
export function FormRows({ def, rows, fieldMap, control, watched, labels, clashLinks, lockedFields, onLabels, onTyped, createReference }: FormRowsProps) {
  return (
    <Stack spacing={2.5}>
      {rows.map((layoutRow) => {
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
              return (
                <FormFieldControl
                  key={name}
                  def={def}
                  name={name}
                  field={field}
                  control={control}
                  watched={watched}
                  labels={labels[name]}
                  clashLink={clashLinks[name]}
                  disabled={lockedFields?.has(name)}
                  onLabels={(next) => onLabels(name, next)}
                  onTyped={(value) => onTyped(name, field, value)}
                  onCreateReference={field.ref ? createReference(field) : undefined}
                />
              );
            })}
          </Box>
        );
      })}
    </Stack>
  );
}
