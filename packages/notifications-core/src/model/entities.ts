import type { EntityDeclaration } from '@propdesk/privileges';

/** The privilege entity of live notifications (read one's own, create: send one to others), composed into the apps' registry. */
export const NOTIFICATION_ENTITIES: readonly EntityDeclaration[] = [
  { name: 'notification', label: 'Notifications', group: 'system', order: 10, actions: ['read', 'create'] },
];
