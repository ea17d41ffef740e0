import { formatDate } from '@propdesk/records/model';
import { text, type LocalText, type TextParams, type Word } from '@propdesk/server-kit';
import { salesCatalog } from './catalog.js';
import type { notificationsEn } from './notifications.en.js';

/** A key of sales' notifications (notifications.en.ts). */
export type NoticeKey = keyof typeof notificationsEn;

/** A notification's title or body by key: notifications-core renders it in each reader's language. */
export const notice = (key: NoticeKey, params?: TextParams): LocalText => text(salesCatalog, key, params);

/** Times in notifications as people of the project read them (Cairo), as claims' messages write them. */
const TIME_ZONE = 'Africa/Cairo';
const dayAr = new Intl.DateTimeFormat('ar-EG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' });
const whenEn = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const whenAr = new Intl.DateTimeFormat('ar-EG', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' });

/** A day (an ISO date or a timestamp's date) in both languages: `24 Nov 2026` as formatDate writes it, `24 نوفمبر 2026`. */
export function noticeDay(value: unknown): Word {
  const raw = value instanceof Date ? value.toISOString() : String(value ?? '');
  const date = new Date(`${raw.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return { en: raw };
  return { en: formatDate(value), ar: dayAr.format(date) };
}

/** A moment in Cairo in both languages: `26 Nov 2026, 14:30` as formatWhen writes it, and its Arabic. */
export function noticeWhen(value: Date | string): Word {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { en: String(value) };
  return { en: whenEn.format(date), ar: whenAr.format(date) };
}
