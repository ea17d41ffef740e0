import type { EntityDeclaration } from '@propdesk/privileges';
import { entitiesOf, foldersOf, type ResourceDef } from '@propdesk/records/model';
import { leadDocument } from './leads/document.js';
import { holdRequestDocument } from './hold-requests/document.js';
import { unitClaimDocument } from './unit-claims/document.js';
import { unitBoardDocument } from './unit-board/document.js';
import { eoiSetupDocument } from './eoi-setups/document.js';
import { eoiDocument } from './eois/document.js';
import { eoiPaymentDocument } from './eoi-payments/document.js';
import { bulkDealDocument } from './bulk-deals/document.js';
import { reservationDocument } from './reservations/document.js';
import { RESERVATION_INTERNAL_RESOURCES } from './reservations/definition.js';
import { reservationPaymentDocument } from './reservation-payments/document.js';
import { installmentDocument } from './installments/document.js';
import { contractDocument } from './contracts/document.js';
import { receiptDocument } from './receipts/document.js';
import { receiptItemDocument } from './receipt-items/document.js';
import { collectionSettingDocument } from './collection-settings/document.js';
import { chequeDocument } from './cheques/document.js';
import { collectionsDocument } from './collections/document.js';
import { commissionDocument } from './commissions/document.js';
import { messageDocument } from './messages/document.js';

/**
 * The sales domain's manifest: one document per folder under `src/resources` (its `document.ts`: the
 * definitions it owns, its states, links and privilege entities), in the order their tables are made.
 * The browser takes the definitions from here; the server takes each folder's `module.server.ts` (its
 * hooks, actions' effects, tables, calls, jobs, prints, demo) by the folder's name (`src/server/manifest.ts`).
 * A new document type is a folder and a line here, and, if it has screens, its `screens.web.ts` listed
 * in one line of the web manifest (`src/web/manifest.ts`).
 */
export const SALES_DOCUMENTS = [
  leadDocument,
  holdRequestDocument,
  unitClaimDocument,
  unitBoardDocument,
  eoiSetupDocument,
  eoiDocument,
  eoiPaymentDocument,
  bulkDealDocument,
  reservationDocument,
  reservationPaymentDocument,
  installmentDocument,
  contractDocument,
  receiptDocument,
  receiptItemDocument,
  collectionSettingDocument,
  chequeDocument,
  collectionsDocument,
  commissionDocument,
  messageDocument,
] as const;

/** Each folder's definitions by its name, in the manifest's order (derived from the documents). */
export const SALES_FOLDERS = foldersOf('sales', SALES_DOCUMENTS);

/** Every sales definition, in the manifest's order. */
export const SALES_RESOURCES: readonly ResourceDef[] = SALES_DOCUMENTS.flatMap((document) => document.definitions);

/** The privilege entities the sales documents declare, in the manifest's order (one declaration per entity). */
export const SALES_ENTITIES: readonly EntityDeclaration[] = entitiesOf('sales', SALES_DOCUMENTS);

/**
 * The documents' internal children (a reservation's revisions): in the app's registry and written by the
 * engine, but never served, shown or listed with the resources above (no screens, no calls, no entity).
 */
export const SALES_INTERNAL_RESOURCES: readonly ResourceDef[] = [...RESERVATION_INTERNAL_RESOURCES];
