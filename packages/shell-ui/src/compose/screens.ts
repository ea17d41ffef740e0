import type { GuardRequirement } from '@propdesk/privileges';

/** Read on an entity: the guard of the spec's guarded routes. */
export const readOn = (entity: string): GuardRequirement => ({ entity, action: 'read' });
