import type { EntityDeclaration } from '@propdesk/privileges';
import { entitiesOf, foldersOf, type ResourceDef } from '@propdesk/records/model';
import { supplierDocument } from './suppliers/document.js';
import { purchaseRequestDocument } from './purchase-requests/document.js';
import { purchaseRequestLineDocument } from './purchase-request-lines/document.js';
import { quotationDocument } from './quotations/document.js';
import { quotationLineDocument } from './quotation-lines/document.js';
import { purchaseOrderDocument } from './purchase-orders/document.js';
import { purchaseOrderLineDocument } from './purchase-order-lines/document.js';
import { approvalTierDocument } from './approval-tiers/document.js';

/**
 * Procurement's manifest: one document per folder under `src/resources` (its `document.ts`: the
 * definitions it owns, its states, links and privilege entities), in the order their tables are made.
 * The browser takes the definitions; the server takes each folder's `module.server.ts` by its name
 * (`src/server/index.ts`). A new document type is a folder and a line here, and, if it has screens, its
 * `screens.web.ts` listed in one line of the web manifest (`src/web/manifest.ts`).
 */
export const PROCUREMENT_DOCUMENTS = [
  supplierDocument,
  purchaseRequestDocument,
  purchaseRequestLineDocument,
  quotationDocument,
  quotationLineDocument,
  purchaseOrderDocument,
  purchaseOrderLineDocument,
  approvalTierDocument,
] as const;

/** Each folder's definitions by its name, in the manifest's order (derived from the documents). */
export const PROCUREMENT_FOLDERS = foldersOf('procurement', PROCUREMENT_DOCUMENTS);

/** Every procurement definition, in the manifest's order. */
export const PROCUREMENT_RESOURCES: readonly ResourceDef[] = PROCUREMENT_DOCUMENTS.flatMap((document) => document.definitions);

/** The privilege entities the procurement documents declare, in the manifest's order (one declaration per entity). */
export const PROCUREMENT_ENTITIES: readonly EntityDeclaration[] = entitiesOf('procurement', PROCUREMENT_DOCUMENTS);
