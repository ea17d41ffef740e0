import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';

export type LoginFieldProps = {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  disabled?: boolean;
  endAdornment?: ReactNode;
};

/**
 * A required outlined input with its label. It composes FormControl, InputLabel and
 * OutlinedInput instead of using TextField, whose select mode drags Select, Menu, Popover and
 * Modal into the login bundle.
 */
export function LoginField({ id, name, label, type = 'text', autoComplete, autoFocus, disabled, endAdornment }: LoginFieldProps) {
  return (
    <FormControl variant="outlined" required fullWidth disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={`${label}\u2009*`}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        inputProps={{ autoCapitalize: 'none', spellCheck: false }}
      />
    </FormControl>
  );
}
