import { NOTIFICATION_ENTITIES } from '@propdesk/notifications-core/model';
import { entityRegistry, type EntityRegistry } from '@propdesk/privileges';
import { PROCUREMENT_ENTITIES } from '@propdesk/procurement/model';
import { SALES_ENTITIES } from '@propdesk/sales/model';
import { SETTINGS_ENTITIES } from '@propdesk/settings/model';

/**
 * The privilege entities of the product, composed from every package's declarations as apps/server's
 * `domains.ts` composes them (issue 30): the Roles matrix's rows, given to it by `App`.
 */
export const ENTITIES: EntityRegistry = entityRegistry([
  { owner: 'settings', entities: SETTINGS_ENTITIES },
  { owner: 'sales', entities: SALES_ENTITIES },
  { owner: 'procurement', entities: PROCUREMENT_ENTITIES },
  { owner: 'notifications-core', entities: NOTIFICATION_ENTITIES },
]);
