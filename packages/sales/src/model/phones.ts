// The phone checks live with the engine's `phone` field kind (`e164: true`); sales keeps its exports.
export { isE164, toE164 } from '@propdesk/records/model';

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
