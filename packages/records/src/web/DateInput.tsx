import { useRef, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useLanguage } from '@propdesk/i18n/react';
import { pickerLocale } from './i18n/pickerLocale.js';

/** The one date format people read and type: 24 Nov 2026 (day, month, year; never mm/dd/yyyy). */
export const DATE_INPUT_FORMAT = 'DD MMM YYYY';
export const DATE_TIME_INPUT_FORMAT = 'DD MMM YYYY, HH:mm';

export type DateInputProps = {
  id: string;
  name: string;
  label: string;
  /** `YYYY-MM-DD` for a date, an ISO timestamp for a date and time; '' or null when empty. */
  value: unknown;
  withTime?: boolean;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  error?: boolean;
  helperText?: ReactNode;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** The empty field reads as its format: DD MMM YYYY. */
const PLACEHOLDERS = { fieldMonthPlaceholder: (params: { contentType: string }) => (params.contentType === 'letter' ? 'MMM' : 'MM') };

/** Text the picker cannot read as a whole date: the schema refuses it with "Must be a whole date". */
const INCOMPLETE = 'incomplete';

/**
 * A date (or date and time) typed as day, month, year or picked from a calendar (MUI X date
 * pickers with dayjs). The form keeps the API's ISO text: `2026-11-24`, or a UTC timestamp.
 */
export function DateInput({ id, name, label, value, withTime, required, disabled, error, helperText, onChange, onBlur }: DateInputProps) {
  const text = typeof value === 'string' ? value : '';
  // The picker's own last value (a half-typed date is an invalid Dayjs): given back while the form
  // holds what it became, so typing is never reset.
  const last = useRef<{ value: Dayjs | null; text: string } | null>(null);
  const asText = (next: Dayjs | null) => (!next ? '' : !next.isValid() ? INCOMPLETE : withTime ? next.toDate().toISOString() : next.format('YYYY-MM-DD'));
  const parsed = text && text !== INCOMPLETE ? dayjs(withTime ? text : text.slice(0, 10)) : null;
  const current = last.current && last.current.text === text ? last.current.value : parsed?.isValid() ? parsed : null;
  const change = (next: Dayjs | null) => {
    const nextText = asText(next);
    last.current = { value: next, text: nextText };
    onChange(nextText);
  };
  // In Arabic: Arabic month names with Latin digits (24 نوفمبر 2026), the pickers' words in Arabic; English as it was.
  const locale = pickerLocale(useLanguage());
  const textField = { id, name, required, error, helperText, fullWidth: true, size: 'small' as const, onBlur };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale.adapterLocale} localeText={locale.localeText ?? PLACEHOLDERS}>
      {withTime ? (
        <DateTimePicker label={label} value={current} onChange={change} disabled={disabled} format={DATE_TIME_INPUT_FORMAT} ampm={false} slotProps={{ textField }} />
      ) : (
        <DatePicker label={label} value={current} onChange={change} disabled={disabled} format={DATE_INPUT_FORMAT} slotProps={{ textField }} />
      )}
    </LocalizationProvider>
  );
}
