import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The country a number typed without its country code is read in. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'EG';

/** A phone number in E.164 that the phone library considers valid for its country. */
export function isE164(value: string): boolean {
  if (!/^\+[1-9][0-9]{6,14}$/.test(value)) return false;
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isValid() === true && parsed.number === value;
}

/** A number typed in a country's own form, as E.164 (`null` when the library cannot make a valid one). */
export function toE164(text: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

/** The refusal of a number that is not a valid international one. */
export const E164_MESSAGE = 'Choose the country and enter a valid number';
