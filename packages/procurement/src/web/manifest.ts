import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { PROCUREMENT_FOLDERS } from '../resources/manifest.js';
import { approvalTierScreens } from '../resources/approval-tiers/screens.web.js';
import { purchaseOrderScreens } from '../resources/purchase-orders/screens.web.js';
import { purchaseRequestScreens } from '../resources/purchase-requests/screens.web.js';
import { quotationScreens } from '../resources/quotations/screens.web.js';
import { supplierScreens } from '../resources/suppliers/screens.web.js';
import type { FolderScreens, SectionFrame } from '@propdesk/shell-ui';

const trail = ['Procurement'];

/**
 * The procurement sidebar, declared once: purchase requests, purchase orders and quotations (spec
 * section 2), and issue 9's suppliers and approval tiers, each its own entry of one screen, in the
 * order their routes are built. Their screens come from the folders.
 */
export const PROCUREMENT_SECTIONS = {
  purchaseRequest: { id: 'procurement.purchaseRequest', mode: 'procurement', order: 1, icon: AssignmentOutlined, trail },
  purchaseOrder: { id: 'procurement.purchaseOrder', mode: 'procurement', order: 2, icon: ShoppingCartOutlined, trail },
  quotations: { id: 'procurement.quotations', mode: 'procurement', order: 3, icon: RequestQuoteOutlined, trail },
  suppliers: { id: 'procurement.suppliers', mode: 'procurement', order: 4, icon: LocalShippingOutlined, trail },
  approvalTiers: { id: 'procurement.approvalTiers', mode: 'procurement', order: 5, icon: GavelOutlined, trail },
} satisfies Record<string, SectionFrame>;

export type ProcurementSection = keyof typeof PROCUREMENT_SECTIONS;

/** What a procurement folder's `screens.web.ts` gives the sidebar sections. */
export type ProcurementScreens = FolderScreens<ProcurementSection>;

/** The procurement web manifest: one line per folder under `src/resources` that has screens, its `screens.web.ts`. */
export const PROCUREMENT_WEB_FOLDERS = {
  suppliers: supplierScreens,
  'purchase-requests': purchaseRequestScreens,
  quotations: quotationScreens,
  'purchase-orders': purchaseOrderScreens,
  'approval-tiers': approvalTierScreens,
} satisfies Partial<Record<keyof typeof PROCUREMENT_FOLDERS, ProcurementScreens>>;
