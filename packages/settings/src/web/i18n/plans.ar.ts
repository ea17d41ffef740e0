import type { Messages } from '@propdesk/i18n';
import type { PlansKey } from './plans.en.js';

export const plansAr: Messages<PlansKey> = {
  'plans.preview': 'معاينة جدول السداد',
  'plans.previewHelp': 'ما يدفعه المشتري وفق هذه الخطة لسعر تجريبي. المبالغ دقيقة حتى القرش ومجموعها يساوي السعر.',
  'plans.samplePrice': 'سعر تجريبي ({currency})',
  'plans.firstPayment': 'أول دفعة',
  'plans.price': 'السعر {amount}',
  'plans.discount': 'الخصم {amount}',
  'plans.net': 'الصافي {amount}',
  'plans.payments':
    '{count, plural, zero {لا دفعات} one {دفعة واحدة} two {دفعتان} few {{n} دفعات} many {{n} دفعة} other {{n} دفعة}}',
  'plans.schedule': 'جدول الأقساط',
  'plans.due': 'الاستحقاق',
  'plans.payment': 'الدفعة',
  'plans.amount': 'المبلغ',
  'plans.share': 'النسبة',
  'plans.total': 'الإجمالي',
  'plans.kind.down_payment': 'المقدم',
  'plans.kind.installment': 'قسط',
  'plans.kind.delivery': 'عند الاستلام',
  'plans.kind.maintenance': 'الصيانة',
  'plans.kind.fee': 'رسوم',
  'plans.problem.percent': 'بين 0 و100',
  'plans.problem.years': 'عدد صحيح من 0 إلى 30',
  'plans.problem.months': 'عدد صحيح من الأشهر من 0 إلى 360',
  'plans.problem.over100': 'مجموع النسب {total}%، ويجب أن يكون 100%.',
  'plans.problem.notAll': 'بلا سنوات أقساط يجب أن يكون مجموع النسب 100% (الآن {total}%).',
  'plans.problem.nothingLeft': 'لم يبقَ شيء للأقساط: اجعل السنوات 0 أو اخفض إحدى النسب.',
};
