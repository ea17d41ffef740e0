export { ACTIONS, CRUD_ACTIONS } from './types.js';
export type { Action, Privilege, PrivilegeChecker } from './types.js';
export { ENTITY_REGISTRY, canonicalEntity, findEntity } from './registry.js';
export type { EntityDefinition, EntityGroup } from './registry.js';
export { createChecker, hasPrivilege, hasFieldPrivilege } from './checker.js';
export {
  SPEC_LANDING_ORDER,
  LANDING_FALLBACK,
  LOGIN_PATH,
  NOT_AUTHORIZED_PATH,
  resolveLanding,
  indexRedirect,
  homePath,
} from './landing.js';
export type { LandingEntry } from './landing.js';
export { guardDecision } from './guard.js';
export type { GuardDecision, GuardRequirement } from './guard.js';
export { sidebarRules, SETTINGS_LEADS_ENTITIES, SETTINGS_GENERAL_ENTITIES } from './sidebar.js';
export { DEMO_ROLES, DEMO_USERS, DEMO_DEPARTMENTS, demoPrivileges } from './demo.js';
export type { DemoRole } from './demo.js';
