import { composeDomain, type DomainServer, type ResourceModule } from '@propdesk/records/server';
import { SALES_RESOURCES } from '../model/index.js';
import { salesRowScope } from './scope.js';
import leads from '../resources/leads/module.server.js';
import holdRequests from '../resources/hold-requests/module.server.js';
import unitClaims from '../resources/unit-claims/module.server.js';
import unitBoard from '../resources/unit-board/module.server.js';
import eoiSetups from '../resources/eoi-setups/module.server.js';
import eois from '../resources/eois/module.server.js';
import eoiPayments from '../resources/eoi-payments/module.server.js';
import bulkDeals from '../resources/bulk-deals/module.server.js';
import reservations from '../resources/reservations/module.server.js';
import reservationPayments from '../resources/reservation-payments/module.server.js';
import installments from '../resources/installments/module.server.js';
import contracts from '../resources/contracts/module.server.js';
import receipts from '../resources/receipts/module.server.js';
import cheques from '../resources/cheques/module.server.js';
import collections from '../resources/collections/module.server.js';
import commissions from '../resources/commissions/module.server.js';

/**
 * The sales domain's server manifest: one line per resource folder (its `module.server.ts` brings the
 * folder's definitions, hooks, actions' effects, tables, calls, jobs and prints), in the order their
 * tables and routes are set up. A new document type is a folder under `src/resources` and one line here.
 */
export const SALES_MODULES: readonly ResourceModule[] = [
  leads,
  holdRequests,
  unitClaims,
  unitBoard,
  eoiSetups,
  eois,
  eoiPayments,
  bulkDeals,
  reservations,
  reservationPayments,
  installments,
  contracts,
  receipts,
  cheques,
  collections,
  commissions,
];

/** The sales domain on the server: its folders' modules and the row scope that limits leads and their documents. */
export const salesDomain: DomainServer = composeDomain({ id: 'sales', modules: SALES_MODULES, rowScope: salesRowScope, expect: SALES_RESOURCES });
