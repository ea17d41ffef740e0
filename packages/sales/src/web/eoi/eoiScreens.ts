import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import { navLink, type SectionDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * The expression-of-interest screens, engine screens of `eois`, `eoi-setups` and `bulk-deals`. The
 * spec shows the EOI routes with no guard (the server still asks the EOI privileges); the sidebar
 * items carry the EOI privileges (spec section 6).
 */
export const eoiScreens: SectionDeclaration = {
  id: 'sales.eoi', label: 'EOI', icon: HowToRegOutlined, mode: 'sales', order: 2, visible: sidebarRules.salesGroup,
  trail: ['Sales', 'EOI'],
  items: [
    resource('eois', { guard: null, mode: 'create', path: '/sales/eoi/create', title: 'Create EOI', visible: sidebarRules.eoiCreate }),
    // `/list/view` is the spec's view of one EOI (the list's `?record=` view); /sales/eoi/view is a sidebar target with no route in the spec, the same view.
    resource('eois', { guard: null, title: 'EOI List', visible: sidebarRules.eoiList, aliases: ['/sales/eoi/list/view', '/sales/eoi/view'], extend: () => import('./EoiPanel.js').then((m) => m.eoiPage) }),
    resource('eoi-setups', { guard: null, title: 'EOI Setup', visible: sidebarRules.eoiSetupList, aliases: ['/sales/eoi/setup/view'] }),
    // The amounts per unit type are a section of the launch's form: /create/amount is the same form.
    resource('eoi-setups', { guard: null, mode: 'create', title: 'Create EOI Setup', visible: sidebarRules.eoiSetupCreate, aliases: ['/sales/eoi/setup/create/amount'] }),
    // EOI payments have one screen, under /settings/leads; following this link switches to the Settings sidebar.
    navLink('EOI Payments', '/settings/leads/EoiPayments', sidebarRules.eoiPayments),
    resource('bulk-deals', { guard: null, title: 'Bulk Deals', visible: sidebarRules.bulkDeals, extend: () => import('./BulkDealPanel.js').then((m) => m.bulkDealPage) }),
  ],
};
