/**
 * Procurement's resources. Each document's definition lives in its own folder
 * (`src/resources/<name>/definition.ts`) with its server hooks; this is the domain's list of them.
 */
import { suppliers } from '../resources/suppliers/definition.js';
import { purchaseRequests } from '../resources/purchase-requests/definition.js';
import { purchaseRequestLines } from '../resources/purchase-request-lines/definition.js';
import { quotations } from '../resources/quotations/definition.js';
import { quotationLines } from '../resources/quotation-lines/definition.js';
import { purchaseOrders } from '../resources/purchase-orders/definition.js';
import { purchaseOrderLines } from '../resources/purchase-order-lines/definition.js';
import { approvalTiers } from '../resources/approval-tiers/definition.js';

export { OPEN_REQUEST_STATES, ORDER_STATES, PAYMENT_TERMS, QUOTATION_STATES, REQUEST_STATES, STATE_WORDS, stateWords } from './states.js';
export { approvalTiers, purchaseOrderLines, purchaseOrders, purchaseRequestLines, purchaseRequests, quotationLines, quotations, suppliers };

export { PROCUREMENT_DOCUMENTS, PROCUREMENT_ENTITIES, PROCUREMENT_FOLDERS, PROCUREMENT_RESOURCES } from '../resources/manifest.js';
