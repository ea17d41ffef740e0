export { SALES_RESOURCES, customers, holdRequestSetups, leadActivities, leadValidityConfigs, leads } from './definitions.js';
export { isE164, isNationalIdForm, isPassportForm, toE164 } from './phones.js';
export { assigneeSchema, assigneesQuerySchema, assigneesResponseSchema, type Assignee, type AssigneesQuery, type AssigneesResponse } from './assignees.js';
export { duplicateCheckSchema, duplicateMatchSchema, type AssignResult, type ClaimResult, type DuplicateCheck, type DuplicateMatch, type DuplicateQuery } from './api.js';
export { holdRequests, HOLD_STATES } from '../resources/hold-requests/definition.js';
