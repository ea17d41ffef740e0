import { createRegistry, type Registry } from '@propdesk/records/model';
import { PROCUREMENT_RESOURCES } from '@propdesk/procurement/model';
import { SALES_INTERNAL_RESOURCES, SALES_RESOURCES } from '@propdesk/sales/model';
import { SETTINGS_INTERNAL_RESOURCES, SETTINGS_RESOURCES } from '@propdesk/settings/model';

/**
 * Every resource of the product, from every domain's definitions (the `resources` of each domain's
 * server manifest). Domains refer to each other's resources by name through this registry, never by
 * importing each other.
 */
export const appRegistry: Registry = createRegistry([...SETTINGS_RESOURCES, ...SETTINGS_INTERNAL_RESOURCES, ...SALES_RESOURCES, ...SALES_INTERNAL_RESOURCES, ...PROCUREMENT_RESOURCES]);
