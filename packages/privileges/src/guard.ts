import { createChecker } from './checker.js';
import { LOGIN_PATH, NOT_AUTHORIZED_PATH } from './landing.js';
import type { Privilege, PrivilegeChecker } from './types.js';

/** What a guarded route needs: an action (read by default) on an entity. */
export type GuardRequirement = {
  entity: string;
  action?: string;
};

export type GuardDecision =
  | { allow: true }
  | { allow: false; redirectTo: typeof LOGIN_PATH | typeof NOT_AUTHORIZED_PATH };

/**
 * The route guard of spec section 2: no privilege list → /login; missing privilege →
 * /not-authorized; otherwise allowed. An empty list is a list: it means no privileges.
 */
export function guardDecision(
  privileges: readonly Privilege[] | PrivilegeChecker | null | undefined,
  requirement: GuardRequirement,
): GuardDecision {
  if (!privileges) return { allow: false, redirectTo: LOGIN_PATH };
  const checker = 'can' in privileges ? privileges : createChecker(privileges);
  return checker.can(requirement.entity, requirement.action ?? 'read')
    ? { allow: true }
    : { allow: false, redirectTo: NOT_AUTHORIZED_PATH };
}
