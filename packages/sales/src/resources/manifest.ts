import type { ResourceDef } from '@propdesk/records/model';
import { customers, holdRequestSetups, leadActivities, leadValidityConfigs, leads } from '../model/definitions.js';
import { holdRequests } from './hold-requests/definition.js';
import { eoiSetups } from './eoi-setups/definition.js';
import { eois } from './eois/definition.js';
import { eoiPayments } from './eoi-payments/definition.js';
import { bulkDeals } from './bulk-deals/definition.js';
import { RESERVATION_RESOURCES } from './reservations/definition.js';
import { reservationPayments } from './reservation-payments/definition.js';
import { contracts } from './contracts/definition.js';
import { installments } from './installments/definition.js';
import { receipts } from './receipts/definition.js';
import { receiptItems } from './receipt-items/definition.js';
import { cheques } from './cheques/definition.js';
import { collectionSettings } from './collection-settings/definition.js';
import { commissions } from './commissions/definition.js';
import { messageTemplates } from './messages/definition.js';

/**
 * The sales domain's manifest: one line per folder under `src/resources`, with the definitions it
 * owns, in the order their tables are made. The browser takes the definitions from here; the server
 * takes each folder's `module.server.ts` (its hooks, actions' effects, tables, calls, jobs, prints) by
 * the folder's name (`src/server/manifest.ts`). A new document type is a folder and a line here, and,
 * if it has screens, its `screens.web.ts` listed in one line of the web manifest (`src/web/manifest.ts`).
 */
export const SALES_FOLDERS = {
  leads: [leadValidityConfigs, leads, leadActivities, customers],
  'hold-requests': [holdRequestSetups, holdRequests],
  'unit-claims': [],
  'unit-board': [],
  'eoi-setups': [eoiSetups],
  eois: [eois],
  'eoi-payments': [eoiPayments],
  'bulk-deals': [bulkDeals],
  reservations: RESERVATION_RESOURCES,
  'reservation-payments': [reservationPayments],
  installments: [installments],
  contracts: [contracts],
  receipts: [receipts],
  'receipt-items': [receiptItems],
  'collection-settings': [collectionSettings],
  cheques: [cheques],
  collections: [],
  commissions: [commissions],
  messages: [messageTemplates],
} satisfies Record<string, readonly ResourceDef[]>;

/** Every sales definition, in the manifest's order. */
export const SALES_RESOURCES: readonly ResourceDef[] = Object.values(SALES_FOLDERS).flat();
