export { ACTIONS, CRUD_ACTIONS } from './types.js';
export type { Action, Privilege, PrivilegeChecker } from './types.js';
export { ENTITY_ALIASES, ENTITY_GROUPS, aliasesOf, canonicalEntity, entityRegistry } from './registry.js';
export type { EntityDeclaration, EntityDeclarations, EntityDefinition, EntityGroup, EntityRegistry } from './registry.js';
export { createChecker, hasPrivilege, hasFieldPrivilege } from './checker.js';
export {
  LANDING_FALLBACK,
  LOGIN_PATH,
  NOT_AUTHORIZED_PATH,
  resolveLanding,
  indexRedirect,
  homePath,
} from './landing.js';
export type { LandingEntry, LandingPlace } from './landing.js';
export { guardDecision } from './guard.js';
export type { GuardDecision, GuardRequirement } from './guard.js';
export { sidebarRules, SETTINGS_LEADS_ENTITIES, SETTINGS_GENERAL_ENTITIES } from './sidebar.js';
export { DEMO_USERS, DEMO_DEPARTMENTS, demoPrivileges, demoRoles } from './demo.js';
export type { DemoComposition, DemoRole, DemoRoles } from './demo.js';
