import type { Messages } from '@propdesk/i18n';
import type { dashboardEn } from './dashboard.en.js';

/** Arabic of `dashboard.en.ts`; the states as the purchase request's definition words say them (`src/i18n/definitions.ar.ts`). */
export const dashboardAr: Messages<keyof typeof dashboardEn> = {
  'dash.region': 'لوحة المشتريات',
  'dash.openRequests': 'الطلبات المفتوحة',
  'dash.status':
    '{status, select, draft {مسودة} submitted {مُقدَّم} approved {معتمد} rejected {مرفوض} partially_ordered {مطلوب جزئيًا} ordered {تم الطلب} closed {مغلق} cancelled {ملغى} other {{status}}}: {count}',
  'dash.awaitingApproval': 'أوامر بانتظار الاعتماد',
  'dash.inTotal': '{total} إجمالًا',
  'dash.spendByProject': 'الإنفاق حسب المشروع هذا الشهر',
  'dash.noSpend': 'لا أوامر معتمدة هذا الشهر.',
};
