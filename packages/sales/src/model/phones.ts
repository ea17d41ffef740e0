import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** A phone number in E.164 that the phone library considers valid for its country. */
export function isE164(value: string): boolean {
  if (!/^\+[1-9][0-9]{6,14}$/.test(value)) return false;
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isValid() === true && parsed.number === value;
}

/** A number typed in a country's own form, as E.164 (`null` when the library cannot make a valid one). */
export function toE164(text: string, country: CountryCode = 'EG'): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

/** An Egyptian national ID: 14 digits, the first (century) 2 or 3, a month 01–12 and a day 01–31. */
export function isNationalIdForm(value: string): boolean {
  const match = /^([23])(\d{2})(\d{2})(\d{2})\d{7}$/.exec(value);
  if (!match) return false;
  const month = Number(match[3]);
  const day = Number(match[4]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** A passport number: 6 to 9 letters and digits. */
export const isPassportForm = (value: string) => /^[A-Za-z0-9]{6,9}$/.test(value);
