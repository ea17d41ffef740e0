export { authSessionPlugin } from './plugin.js';
export type { AuthSessionOptions } from './plugin.js';
export { migrations } from './schema.js';
export { OWASP_ARGON2, hashPassword, verifyPassword, needsRehash } from './passwords.js';
export type { Argon2Params } from './passwords.js';
export { DEFAULT_THROTTLE } from './throttle.js';
export type { ThrottleOptions } from './throttle.js';
export { ensureDepartment, ensureRole, createUser, findUserId, grantRole, loadRoles, loadProfile } from './identity.js';
export type { NewUser, UserProfile } from './identity.js';
