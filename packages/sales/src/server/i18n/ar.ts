import type { Messages } from '@propdesk/i18n';
import type { SalesKey } from './en.js';
import { notificationsAr } from './notifications.ar.js';

const ar: Messages<SalesKey> = {
  ...notificationsAr,
  holdMaxExtensions:
    'لا يُمدَّد الحجز المؤقت أكثر من {max, plural, zero {# مرة} one {مرة واحدة} two {مرتين} few {# مرات} many {# مرة} other {# مرة}} في {project}؛ وقد مُدّد هذا {done}.',
  holdMaxTotalHours: 'لا يزيد الحجز المؤقت على {max} ساعة في المجموع في {project}؛ و{extra} ساعة أخرى تجعله {total}.',
  holdMaxHours: 'لا يزيد الحجز المؤقت على {max} ساعة في {project}؛ والمطلوب {hours}.',
  holdMaxActive: 'لا يزيد عدد الحجوزات المؤقتة النشطة (قيد الانتظار أو المعتمدة) للمندوب على {max} في {project}؛ ولديك {count}.',
  holdReleaseRefused: 'لا يلغي هذا الحجز المؤقت إلا مقدّم الطلب أو من يعتمده.',
  holdNoExtension: 'لم يُطلب تمديد على {number}.',
  holdExtendRefused: 'لا يطلب تمديد هذا الحجز المؤقت إلا صاحبه.',
  holdExtendOnlyApproved: 'يُطلب التمديد فقط والحجز المؤقت معتمد؛ وهذا {status}.',
  holdExtensionWaiting: 'يوجد تمديد {hours} ساعة بانتظار الاعتماد على {number}.',
  holdExtensionMaxHours: 'لا يضيف التمديد أكثر من {max} ساعة في {project}؛ والمطلوب {hours}.',
  holdNotFound: 'طلب الحجز المؤقت غير موجود',
  holdReserveOnlyApproved: 'لا يصبح حجزًا إلا الحجز المؤقت المعتمد؛ وهذا {status}.',
};

export default ar;
