import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useMemo, useState } from 'react';

const COMMON: CountryCode[] = ['EG', 'SA', 'AE', 'KW', 'QA', 'GB', 'US'];

/** The countries of the list: the usual ones first, then every country the phone library knows. */
function countryList(): { code: CountryCode; label: string }[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  const label = (code: CountryCode) => `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})`;
  const rest = getCountries().filter((code) => !COMMON.includes(code)).sort((a, b) => label(a).localeCompare(label(b)));
  return [...COMMON, ...rest].map((code) => ({ code, label: label(code) }));
}

/** A number in E.164 when the library finds it valid for the chosen country, else null. */
export function toE164(text: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

export type PhoneInputProps = {
  label: string;
  name: string;
  /** The stored value: E.164, or what was typed while it is not a valid number yet. */
  value: string;
  required?: boolean;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
};

/** A country from the list and the number as people type it; the value is E.164 as soon as it is valid. */
export function PhoneInput({ label, name, value, required, error, onChange, onBlur }: PhoneInputProps) {
  const countries = useMemo(countryList, []);
  const initial = value ? parsePhoneNumberFromString(value) : undefined;
  const [country, setCountry] = useState<CountryCode>(initial?.country ?? 'EG');
  const [text, setText] = useState(initial ? initial.formatNational() : value);
  const update = (nextText: string, nextCountry: CountryCode) => {
    setText(nextText);
    onChange(toE164(nextText, nextCountry) ?? nextText.trim());
  };
  const valid = value !== '' && value.startsWith('+') && toE164(value, country) === value;
  return (
    <Stack direction="row" spacing={1} sx={{ width: '100%' }}>
      <TextField
        select
        label="Country"
        value={country}
        onChange={(event) => {
          const next = event.target.value as CountryCode;
          setCountry(next);
          update(text, next);
        }}
        slotProps={{ htmlInput: { 'aria-label': `${label} country`, 'data-testid': `${name}-country` } }}
        sx={{ width: 200, flexShrink: 0 }}
      >
        {countries.map((item) => (
          <MenuItem key={item.code} value={item.code}>
            {item.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        label={label}
        name={name}
        required={required ?? false}
        value={text}
        onChange={(event) => update(new AsYouType(country).input(event.target.value) || event.target.value, country)}
        onBlur={onBlur}
        error={Boolean(error)}
        helperText={error ?? (valid ? `Saved as ${value}` : text ? 'Not a complete number for this country yet' : ' ')}
        slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
      />
    </Stack>
  );
}
