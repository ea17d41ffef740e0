import type { ResourceDef } from '@propdesk/records/model';
import { suppliers } from './suppliers/definition.js';
import { purchaseRequests } from './purchase-requests/definition.js';
import { purchaseRequestLines } from './purchase-request-lines/definition.js';
import { quotations } from './quotations/definition.js';
import { quotationLines } from './quotation-lines/definition.js';
import { purchaseOrders } from './purchase-orders/definition.js';
import { purchaseOrderLines } from './purchase-order-lines/definition.js';
import { approvalTiers } from './approval-tiers/definition.js';

/**
 * Procurement's manifest: one line per folder under `src/resources`, with the definitions it owns, in
 * the order their tables are made. The browser takes the definitions; the server takes each folder's
 * `module.server.ts` by its name (`src/server/index.ts`). A new document type is a folder and a line here,
 * and, if it has screens, its `screens.web.ts` listed in one line of the web manifest (`src/web/manifest.ts`).
 */
export const PROCUREMENT_FOLDERS = {
  suppliers: [suppliers],
  'purchase-requests': [purchaseRequests],
  'purchase-request-lines': [purchaseRequestLines],
  quotations: [quotations],
  'quotation-lines': [quotationLines],
  'purchase-orders': [purchaseOrders],
  'purchase-order-lines': [purchaseOrderLines],
  'approval-tiers': [approvalTiers],
} satisfies Record<string, readonly ResourceDef[]>;

/** Every procurement definition, in the manifest's order. */
export const PROCUREMENT_RESOURCES: readonly ResourceDef[] = Object.values(PROCUREMENT_FOLDERS).flat();
