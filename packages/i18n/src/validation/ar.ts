import type { Messages } from '../index.js';
import type { ValidationKey } from './en.js';

const ar: Messages<ValidationKey> = {
  required: 'مطلوب',
  tooLong: 'أطول من المسموح',
  atMostCharacters: '{max} حرفًا على الأكثر',
  atLeastCharacters: '{min} حرفًا على الأقل',
  noEdgeSpaces: 'بلا مسافات في البداية أو النهاية',
  mustBeText: 'يجب أن يكون نصًا',
  mustBeNumber: 'يجب أن يكون رقمًا',
  mustBeWholeNumber: 'يجب أن يكون عددًا صحيحًا',
  mustBeDate: 'يجب أن يكون تاريخًا',
  mustBeRecordId: 'يجب أن يكون معرّف سجل',
  mustBeOneOf: 'يجب أن يكون واحدًا من: {options}',
};

export default ar;
