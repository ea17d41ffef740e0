import { serverCatalog, type Word } from '@propdesk/server-kit';
import { en } from './en.js';

/** Sales' server words (holds so far; the other documents' messages are still English text). */
export const salesCatalog = serverCatalog('sales', en, () => import('./ar.js'));

const HOLD_STATES_AR: Readonly<Record<string, string>> = {
  pending: 'قيد الانتظار',
  approved: 'معتمد',
  rejected: 'مرفوض',
  released: 'ملغى',
  converted: 'محوّل إلى حجز',
  expired: 'منتهي',
};

/** A hold's state as a message's `{status}`: English as before ("pending"), Arabic from the glossary. */
export const holdState = (status: unknown): Word => {
  const value = String(status ?? '');
  return { en: value.replace(/_/g, ' '), ar: HOLD_STATES_AR[value] };
};
