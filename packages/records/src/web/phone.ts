/**
 * Where a phone number links: `tel:` always, WhatsApp (`https://wa.me/<digits>`) for a mobile
 * number. Whether a number is a mobile one is the phone library's call (libphonenumber-js with its
 * mobile-only metadata, per country, not a guess from the prefix); numbers without a country
 * code are read as Egyptian. The library is loaded on first use, in its own chunk.
 */
export type PhoneLinkTargets = { tel: string; whatsapp: string | null };

type MobileCheck = (phone: string) => string | null;

let check: MobileCheck | null = null;
let loading: Promise<MobileCheck> | null = null;

export const DEFAULT_PHONE_COUNTRY = 'EG';

export function loadMobileCheck(): Promise<MobileCheck> {
  loading ??= import('libphonenumber-js/mobile').then(({ parsePhoneNumberFromString }) => {
    // With the mobile metadata, a number is valid only when it is a mobile (or mobile-or-fixed) number.
    check = (phone) => {
      const parsed = parsePhoneNumberFromString(phone, DEFAULT_PHONE_COUNTRY);
      return parsed?.isValid() ? parsed.number : null;
    };
    return check;
  });
  return loading;
}

export const mobileCheckLoaded = () => check !== null;

/** The links of a phone number; WhatsApp only once the check is loaded and says mobile. */
export function phoneLinks(value: string): PhoneLinkTargets {
  const dialable = value.trim().replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  const mobile = check ? check(value) : null;
  return { tel: `tel:${mobile ?? dialable}`, whatsapp: mobile ? `https://wa.me/${mobile.replace(/^\+/, '')}` : null };
}
