import { composeDomain, folderModules, registerDefinitionWords, resourceModule, type DomainServer, type ResourceModule } from '@propdesk/records/server';
import definitionWords from '../i18n/definitions.ar.js';
import { PROCUREMENT_FOLDERS, PROCUREMENT_RESOURCES } from '../resources/manifest.js';
import { lateMigrations, migrations } from './schema.js';
import { seedProcurementDemo } from './demo.js';

// The server's messages name procurement's documents in Arabic too ("لا يوجد طلب شراء …").
registerDefinitionWords(definitionWords);

export { migrations, lateMigrations } from './schema.js';
export { requiredTiers, decisionsOf } from '../resources/purchase-orders/approvals.server.js';
export { award } from '../resources/purchase-requests/award.server.js';
export { comparisonOf } from '../resources/purchase-requests/comparison.server.js';
export { receive } from '../resources/purchase-orders/receive.server.js';
export { ATTACHMENT_LIMIT_BYTES } from '../resources/quotations/routes.server.js';
export { printCompany, type PrintCompany } from './pdf.js';
export { orderPdf } from '../resources/purchase-orders/print.server.js';
export { requestPdf } from '../resources/purchase-requests/print.server.js';
export { seedProcurementDemo };

/**
 * The domain's own tables (approval decisions, receipts of goods, quotation attachments: one migration,
 * already run as one on every database, so it stays whole here rather than in three folders).
 */
const tables = resourceModule({ id: 'procurement-tables', migrations, lateMigrations });

/**
 * Procurement's folders as its server takes them (`src/resources/manifest.ts`: each folder's
 * `module.server.ts` with its lifecycle hooks, roll-ups, print and calls), then the domain's tables.
 */
export const PROCUREMENT_MODULES: readonly ResourceModule[] = [
  ...(await folderModules('procurement', PROCUREMENT_FOLDERS, (folder) => new URL(`../resources/${folder}/module.server.js`, import.meta.url))),
  tables,
];

/** The procurement domain on the server, composed from its folders. */
export const procurementDomain: DomainServer = composeDomain({ id: 'procurement', modules: PROCUREMENT_MODULES, expect: PROCUREMENT_RESOURCES });
