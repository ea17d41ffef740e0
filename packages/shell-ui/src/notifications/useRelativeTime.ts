import { useCallback } from 'react';
import { formatNumber, localeOf } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A notification's time as the centre shows it (spec section 2, notifications-core's `formatRelativeTime`):
 * minutes under an hour, hours under a day, else the date; in the reader's language.
 */
export function useRelativeTime(): (date: string, now: number) => string {
  const t = useT(shellCatalog);
  const language = useLanguage();
  return useCallback(
    (date: string, now: number) => {
      // English as it was; Arabic in Latin digits (decisions 211-212).
      const count = (value: number) => (language === 'en' ? String(value) : formatNumber(value, language));
      const then = Date.parse(date);
      const elapsed = Math.max(0, now - then);
      if (elapsed < HOUR_MS) return t('notificationMinutesAgo', { count: count(Math.floor(elapsed / MINUTE_MS)) });
      if (elapsed < DAY_MS) return t('notificationHoursAgo', { count: count(Math.floor(elapsed / HOUR_MS)) });
      // Arabic in Latin digits, as the records engine writes dates.
      return new Date(then).toLocaleDateString(language === 'ar' ? `${localeOf('ar')}-u-nu-latn` : undefined);
    },
    [t, language],
  );
}
