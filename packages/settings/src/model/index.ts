export { SETTINGS_RESOURCES, paymentPlanProblems, FREQUENCIES, UNIT_STATUSES, UNIT_CATEGORIES } from './definitions/index.js';
export { PASSWORD_MIN_LENGTH, passwordSchema, passwordResetSchema, privilegeSchema, privilegeListSchema } from './people.js';
export { unitPatternSchema, unitCodes, repriceSchema, repriced, UNIT_CODE_TOKENS } from './unitTools.js';
export type { UnitPattern, RepriceRequest } from './unitTools.js';
