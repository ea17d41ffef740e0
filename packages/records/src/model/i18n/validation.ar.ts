import type { Messages } from '@propdesk/i18n';
import type { RecordsValidationKey } from './validation.en.js';

const ar: Messages<RecordsValidationKey> = {
  wholeNumber: 'يجب أن يكون عددًا صحيحًا',
  decimalPlaces: '{scale} منازل عشرية على الأكثر',
  atLeast: 'يجب ألا يقل عن {min}',
  atMost: 'يجب ألا يزيد على {max}',
  email: 'يجب أن يكون بريدًا إلكترونيًا صالحًا',
  phone: 'يجب أن يكون رقم هاتف',
  webAddress: 'يجب أن يكون عنوان ويب',
  colour: 'يجب أن يكون لونًا مثل #1a73e8',
  yesNo: 'يجب أن يكون نعم أو لا (true أو false)',
  wholeDate: 'يجب أن يكون تاريخًا كاملًا: اليوم والشهر والسنة',
  realDate: 'يجب أن يكون تاريخًا حقيقيًا (YYYY-MM-DD)',
  dateTime: 'يجب أن يكون تاريخًا ووقتًا',
  recordIds: 'يجب أن يكون قائمة معرّفات سجلات',
  rows: 'يجب أن يكون قائمة صفوف',
  atMostRows: '{max} صفًا على الأكثر',
  version: 'يجب أن يكون رقم النسخة التي قرأتها',
};

export default ar;
