import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Language } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { DEFAULT_PHONE_COUNTRY, toE164 } from '../model/phones.js';
import { recordsCatalog } from './i18n/catalog.js';

const COMMON: CountryCode[] = ['EG', 'SA', 'AE', 'KW', 'QA', 'GB', 'US'];

/**
 * The countries of the list in the page's language ("Egypt (+20)", "مصر (+20)"): the usual ones first, then every
 * country the phone library knows, in the language's order. In Arabic the code is isolated left to right (+20).
 */
function countryList(language: Language): { code: CountryCode; label: string }[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([language === 'ar' ? 'ar-EG' : 'en'], { type: 'region' }) : null;
  const code = (country: CountryCode) => (language === 'en' ? `+${getCountryCallingCode(country)}` : `\u2066+${getCountryCallingCode(country)}\u2069`);
  const label = (country: CountryCode) => `${names?.of(country) ?? country} (${code(country)})`;
  const rest = getCountries().filter((country) => !COMMON.includes(country)).sort((a, b) => label(a).localeCompare(label(b), language));
  return [...COMMON, ...rest].map((code) => ({ code, label: label(code) }));
}

export type PhoneInputProps = {
  label: string;
  name: string;
  /** The stored value: E.164, or what was typed while it is not a valid number yet. */
  value: string;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  error?: string | undefined;
  /** Shown under the input with the error, or alone when nothing is typed. */
  help?: ReactNode;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
};

const parts = (value: string) => {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined;
  return { country: parsed?.country ?? DEFAULT_PHONE_COUNTRY, text: parsed ? parsed.formatNational() : value };
};

/**
 * The input of a `phone` field with `e164`: a country from the list and the number as people type
 * it; the value is E.164 as soon as the phone library finds it valid for the country.
 */
export function PhoneInput({ label, name, value, required, disabled, error, help, onChange, onBlur }: PhoneInputProps) {
  const t = useT(recordsCatalog);
  const language = useLanguage();
  const countries = useMemo(() => countryList(language), [language]);
  const [country, setCountry] = useState<CountryCode>(() => parts(value).country);
  const [text, setText] = useState(() => parts(value).text);
  // A value set from outside (a reload after a conflict) is shown again; the one just typed is not re-read.
  const emitted = useRef(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    const next = parts(value);
    setCountry(next.country);
    setText(next.text);
  }, [value]);
  const update = (nextText: string, nextCountry: CountryCode) => {
    setText(nextText);
    const next = toE164(nextText, nextCountry) ?? nextText.trim();
    emitted.current = next;
    onChange(next);
  };
  const valid = value !== '' && value.startsWith('+') && toE164(value, country) === value;
  return (
    <Stack direction="row" spacing={1} sx={{ width: '100%', minWidth: 0 }}>
      <TextField
        select
        size="small"
        label={t('phoneCountry')}
        value={country}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.value as CountryCode;
          setCountry(next);
          update(text, next);
        }}
        slotProps={{ htmlInput: { 'aria-label': t('phoneCountryOf', { label }), 'data-testid': `${name}-country` } }}
        sx={{ width: { xs: 110, sm: 170 }, flexShrink: 0 }}
      >
        {countries.map((item) => (
          <MenuItem key={item.code} value={item.code}>
            {item.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={`field-${name}`}
        fullWidth
        size="small"
        label={label}
        name={name}
        required={required ?? false}
        disabled={disabled}
        value={text}
        onChange={(event) => update(new AsYouType(country).input(event.target.value) || event.target.value, country)}
        onBlur={onBlur}
        error={Boolean(error)}
        helperText={error ? (help ?? error) : (valid ? t('phoneSavedAs', { value: language === 'en' ? value : `\u2066${value}\u2069` }) : text ? t('phoneIncomplete') : (help ?? ' '))}
        slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
      />
    </Stack>
  );
}
