import type { Messages } from '@propdesk/i18n';
import type { ProcurementValidationKey } from './validation.en.js';

const ar: Messages<ProcurementValidationKey> = {
  validUntilAfterDate: 'يجب ألا يكون قبل تاريخ عرض السعر',
  awardOneLine: 'رسِّ بندًا واحدًا على الأقل',
  receiveOneLine: 'استلم بندًا واحدًا على الأقل',
};

export default ar;
