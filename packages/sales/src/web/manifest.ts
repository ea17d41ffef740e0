import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { sidebarRules } from '@propdesk/privileges';
import type { SALES_FOLDERS } from '../resources/manifest.js';
import { bulkDealScreens } from '../resources/bulk-deals/screens.web.js';
import { chequeScreens } from '../resources/cheques/screens.web.js';
import { collectionSettingScreens } from '../resources/collection-settings/screens.web.js';
import { collectionScreens } from '../resources/collections/screens.web.js';
import { commissionScreens } from '../resources/commissions/screens.web.js';
import { contractScreens } from '../resources/contracts/screens.web.js';
import { eoiPaymentScreens } from '../resources/eoi-payments/screens.web.js';
import { eoiSetupScreens } from '../resources/eoi-setups/screens.web.js';
import { eoiScreens } from '../resources/eois/screens.web.js';
import { holdRequestScreens } from '../resources/hold-requests/screens.web.js';
import { installmentScreens } from '../resources/installments/screens.web.js';
import { leadScreens } from '../resources/leads/screens.web.js';
import { messageScreens } from '../resources/messages/screens.web.js';
import { receiptItemScreens } from '../resources/receipt-items/screens.web.js';
import { receiptScreens } from '../resources/receipts/screens.web.js';
import { reservationPaymentScreens } from '../resources/reservation-payments/screens.web.js';
import { reservationScreens } from '../resources/reservations/screens.web.js';
import { unitBoardScreens } from '../resources/unit-board/screens.web.js';
import type { FolderScreens, SectionFrame } from '@propdesk/shell-ui';

/**
 * The sales sidebar, declared once (spec section 2 and 6): each section's place, label, icon, mode
 * and breadcrumb trail, in the order their routes are built. Their screens come from the folders.
 * Users (Sales sidebar order 6) are contributed by @propdesk/settings.
 */
export const SALES_SECTIONS = {
  leads: { id: 'sales.leads', label: 'Leads', icon: PersonSearchOutlined, mode: 'sales', order: 1, trail: ['Sales', 'Leads'] },
  eoi: { id: 'sales.eoi', label: 'EOI', icon: HowToRegOutlined, mode: 'sales', order: 2, visible: sidebarRules.salesGroup, trail: ['Sales', 'EOI'] },
  customers: { id: 'sales.customers', label: 'Customer', icon: PeopleOutlined, mode: 'sales', order: 3, trail: ['Sales', 'Customers'] },
  reservations: { id: 'sales.reservations', label: 'Reservations', icon: EventAvailableOutlined, mode: 'sales', order: 4, trail: ['Sales', 'Reservations'] },
  contracts: { id: 'sales.contracts', label: 'Contracts', icon: DescriptionOutlined, mode: 'sales', order: 5, trail: ['Sales', 'Contracts'] },
  holdRequests: { id: 'sales.holdRequests', label: 'Hold Requests', icon: PauseCircleOutlined, mode: 'sales', order: 7, trail: ['Sales', 'Hold Requests'] },
  // The live inventory board and the sales dashboard (issue 17): pages of their own, after the spec's items.
  inventory: { id: 'sales.inventory', label: 'Inventory', icon: GridViewOutlined, mode: 'sales', order: 8, trail: ['Sales', 'Inventory'] },
  // Payments, receipts and cheques are sales records (domain.md), but the spec places them under
  // /settings/leads and in the Settings sidebar (the settings Leads group links to them).
  settingsLeads: { trail: ['Settings', 'Leads'] },
} satisfies Record<string, SectionFrame>;

export type SalesSection = keyof typeof SALES_SECTIONS;

/** What a sales folder's `screens.web.ts` gives the sidebar sections. */
export type SalesScreens = FolderScreens<SalesSection>;

/**
 * The sales web manifest: one line per folder under `src/resources` that has screens, its
 * `screens.web.ts`. A section's items come in this order (unless a folder's screens give a `place`).
 */
export const SALES_WEB_FOLDERS = {
  leads: leadScreens,
  'hold-requests': holdRequestScreens,
  'unit-board': unitBoardScreens,
  eois: eoiScreens,
  'eoi-setups': eoiSetupScreens,
  'eoi-payments': eoiPaymentScreens,
  'bulk-deals': bulkDealScreens,
  reservations: reservationScreens,
  'reservation-payments': reservationPaymentScreens,
  contracts: contractScreens,
  installments: installmentScreens,
  receipts: receiptScreens,
  'receipt-items': receiptItemScreens,
  cheques: chequeScreens,
  collections: collectionScreens,
  'collection-settings': collectionSettingScreens,
  commissions: commissionScreens,
  messages: messageScreens,
} satisfies Partial<Record<keyof typeof SALES_FOLDERS, SalesScreens>>;
