import { declareResources } from '@propdesk/records/web';
import type { ProcurementScreens } from '../../web/manifest.js';
import { PROCUREMENT_RESOURCES } from '../../model/definitions.js';

const resource = declareResources(PROCUREMENT_RESOURCES);

/** The purchase orders' approval tiers (issue 9), the engine's screen of `approval-tiers`. */
export const approvalTierScreens: ProcurementScreens = [{ section: 'approvalTiers', screen: resource('approval-tiers') }];
