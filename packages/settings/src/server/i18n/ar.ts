import type { Messages } from '@propdesk/i18n';
import type { SettingsKey } from './en.js';

const ar: Messages<SettingsKey> = {
  noUser: 'لا يوجد مستخدم بهذا المعرّف',
  noApiKey: 'لا يوجد مفتاح API بهذا المعرّف',
  noCompanyProfile: 'لا يوجد ملف شركة بهذا المعرّف',
  noLogo: 'لا شعار للشركة بعد',
  noWebhook: 'لا يوجد Webhook بهذا المعرّف',
  noDelivery: 'لا يوجد إرسال بهذا المعرّف',
  roleMissing: 'أحد الأدوار المختارة غير موجود',
  roleInUse:
    'هذا الدور مُسنَد إلى {count, plural, zero {{n} مستخدم} one {مستخدم واحد} two {مستخدمَين} few {{n} مستخدمين} many {{n} مستخدمًا} other {{n} مستخدم}}؛ انزعه عنهم أولًا.',
  codesExist: '{n} من هذه الرموز موجودة في المشروع من قبل، مثل {code}',
  chooseUnitsOrProject: 'اختر وحدات أو مشروعًا',
  atMostUnits: '20,000 وحدة على الأكثر في المرة الواحدة',
  chooseRole: 'اختر دورًا واحدًا على الأقل',
  atMostRoles: '50 دورًا على الأكثر',
  inFuture: 'يجب أن يكون في المستقبل',
  logoSendFile: 'أرسل ملف الصورة في نص الطلب',
  logoTooLarge: '{max} على الأكثر؛ وحجم هذه الصورة {size}',
  logoNotImage: 'لا يكون الشعار إلا صورة PNG أو JPEG',
  logoOtherKind: 'لا يكون الشعار إلا صورة PNG أو JPEG؛ وهذا {kind}',
  logoAnotherKind: 'نوع آخر من الملفات',
  logoNoSize: 'لا أبعاد للصورة',
  logoTooManyPixels: '{max} بكسل على الأكثر لكل ضلع؛ وأبعاد هذه {width} × {height}',
  urlNotWeb: 'يجب أن يكون عنوان ويب (http أو https)',
  urlNotHttp: 'يجب أن يكون عنوان http أو https',
  urlCredentials: 'يجب ألا يحمل اسم مستخدم أو كلمة مرور',
  urlNoHost: 'يجب أن يسمّي خادمًا',
  urlHostNotFound: 'تعذّر العثور على الخادم {host}',
  urlHostNoAddress: 'لا عنوان للخادم {host}',
  urlReserved: 'يجب ألا يشير إلى داخل الشبكة: {address} عنوان محلي للرابط أو للبث المتعدد أو محجوز',
  urlPrivate: 'يجب ألا يشير إلى داخل الشبكة: {address} عنوان استرجاع أو خاص',
};

export default ar;
