export { SETTINGS_RESOURCES, SETTINGS_INTERNAL_RESOURCES, paymentPlanProblems, planTerms, FREQUENCIES, UNIT_STATUSES, UNIT_CATEGORIES, LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_TYPES, type LogoType, WEBHOOK_EVENTS, WEBHOOK_SECRET_MIN_LENGTH, type WebhookEvent } from './definitions/index.js';
export { PASSWORD_MIN_LENGTH, passwordSchema, passwordResetSchema, privilegeSchema, privilegeListSchema } from './people.js';
export { unitPatternSchema, unitCodes, repriceSchema, repriced, numberFromText, wholeNumberFromText, UNIT_CODE_TOKENS } from './unitTools.js';
export type { UnitPattern, RepriceRequest } from './unitTools.js';
export { UNIT_STATUS_ROWS } from './unitStatuses.js';
export { brokerLinks, roleLinks, webhookLinks, webhookLink, ROLE_CREATE_ROUTE, ROLE_EDIT_ROUTE } from './links.js';
export { SETTINGS_ENTITIES } from './entities.js';
