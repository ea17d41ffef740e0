import { resourceScreen } from '@propdesk/records/web';
import { PROCUREMENT_RESOURCES } from '../../model/definitions.js';

/** Suppliers and the purchase-order approval tiers: reference data on the records engine. */
export const supplierPages = {
  suppliers: resourceScreen('suppliers', PROCUREMENT_RESOURCES),
  approvalTiers: resourceScreen('approval-tiers', PROCUREMENT_RESOURCES),
};

export type SupplierPage = keyof typeof supplierPages;
