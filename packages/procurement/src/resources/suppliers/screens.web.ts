import { declareResources } from '@propdesk/records/web';
import type { ProcurementScreens } from '../../web/manifest.js';
import { PROCUREMENT_RESOURCES } from '../../model/definitions.js';

const resource = declareResources(PROCUREMENT_RESOURCES);

/** Suppliers (issue 9), the engine's screen of `suppliers`. */
export const supplierScreens: ProcurementScreens = [{ section: 'suppliers', screen: resource('suppliers') }];
