export { SALES_RESOURCES, customers, holdRequestSetups, leadActivities, leadValidityConfigs, leads } from './definitions.js';
export { isE164, isNationalIdForm, isPassportForm, toE164 } from './phones.js';
