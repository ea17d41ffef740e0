import { declareResources } from '@propdesk/records/web';
import type { ProcurementScreens } from '../../web/manifest.js';
import { PROCUREMENT_RESOURCES } from '../../model/definitions.js';

const resource = declareResources(PROCUREMENT_RESOURCES);

/** Quotations, the engine's screen with the lines answering its request's and the attachment. */
export const quotationScreens: ProcurementScreens = [
  { section: 'quotations', screen: resource('quotations', { extend: () => import('./quotationPages.web.js').then((m) => m.quotationPage) }) },
];
