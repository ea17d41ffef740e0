import type { ChangeEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import LockOutlined from '@mui/icons-material/LockOutlined';

export type FloatingLabelInputProps = {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** An input type; text by default. */
  type?: string;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
};

/**
 * The reusable input of spec section 5: an outlined field whose label floats above the value,
 * with a lock icon when disabled. The label is the input's accessible name; the lock is
 * announced through the field's description.
 */
export function FloatingLabelInput({ label, name, value, onChange, type = 'text', disabled = false, required = false, placeholder }: FloatingLabelInputProps) {
  return (
    <TextField
      id={`field-${name}`}
      label={label}
      name={name}
      value={value}
      onChange={onChange}
      type={type}
      disabled={disabled}
      required={required}
      placeholder={placeholder}
      fullWidth
      size="small"
      slotProps={{
        // A placeholder is only readable with the label floated out of its way.
        inputLabel: placeholder ? { shrink: true } : undefined,
        input: disabled
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <LockOutlined fontSize="small" titleAccess="Locked" data-testid="floating-input-lock" />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
