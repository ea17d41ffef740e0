import { composeDomain, folderModules, registerDefinitionWords, resourceModule, type DomainServer, type ResourceModule } from '@propdesk/records/server';
import definitionWords from '../i18n/definitions.ar.js';
import { PROCUREMENT_FOLDERS, PROCUREMENT_RESOURCES } from '../resources/manifest.js';
import { registerProcurementRoutes } from './routes.js';
import { lateMigrations, migrations } from './schema.js';
import { seedProcurementDemo } from './demo.js';

// The server's messages name procurement's documents in Arabic too ("لا يوجد طلب شراء …").
registerDefinitionWords(definitionWords);

export { migrations, lateMigrations } from './schema.js';
export { requiredTiers, decisionsOf } from '../resources/purchase-orders/approvals.server.js';
export { award, comparisonOf, receive, ATTACHMENT_LIMIT_BYTES } from './routes.js';
export { orderPdf, printCompany, requestPdf, type PrintCompany } from './pdf.js';
export { seedProcurementDemo };

/**
 * The calls beside the engine's that span procurement's documents (comparison and award of a request,
 * approvals and receipts of an order, quotation attachments, the dashboard) and their tables.
 */
const calls = resourceModule({ id: 'procurement-calls', migrations, lateMigrations, routes: (app, { engine }) => registerProcurementRoutes(app, engine) });

/**
 * Procurement's folders as its server takes them (`src/resources/manifest.ts`: each folder's
 * `module.server.ts` with its lifecycle hooks, roll-ups, print), then the calls that span them.
 */
export const PROCUREMENT_MODULES: readonly ResourceModule[] = [
  ...(await folderModules('procurement', PROCUREMENT_FOLDERS, (folder) => new URL(`../resources/${folder}/module.server.js`, import.meta.url))),
  calls,
];

/** The procurement domain on the server, composed from its folders. */
export const procurementDomain: DomainServer = composeDomain({ id: 'procurement', modules: PROCUREMENT_MODULES, expect: PROCUREMENT_RESOURCES });
