import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { sidebarRules } from '@propdesk/privileges';
import { navLink, placeholderFamily, placeholderScreen, type SectionDeclaration } from '@propdesk/shell-ui';

const eoi = placeholderFamily('/sales/eoi', 'EOI', 'EOIs');
const setups = placeholderFamily('/sales/eoi/setup', 'EOI Setup', 'EOI Setup');

/**
 * The expression-of-interest screens, placeholders until their issue is built. The spec shows the
 * EOI routes with no guard; the sidebar items carry the EOI privileges (spec section 6).
 */
export const eoiScreens: SectionDeclaration = {
  id: 'sales.eoi', label: 'EOI', icon: HowToRegOutlined, mode: 'sales', order: 2, visible: sidebarRules.salesGroup,
  trail: ['Sales', 'EOI'],
  items: [
    eoi.create('Registers an expression of interest for a customer in a launch: preferred unit types, floor band, budget and the EOI payment that earns a priority token.', { visible: sidebarRules.eoiCreate }),
    placeholderScreen('/sales/eoi/list', 'EOI List', 'All expressions of interest (EOI-YYYY-NNNNN) with customer, project, launch, priority token and status from draft to allocated, refunded, cancelled or expired.', { visible: sidebarRules.eoiList }),
    setups.list('The EOI launches per project: window open and close, amount per unit type, maximum EOIs per customer and whether they are refundable.', { visible: sidebarRules.eoiSetupList }),
    setups.create('Opens a new EOI launch for a project: its name, window, maximum EOIs per customer and refundability.', { visible: sidebarRules.eoiSetupCreate }),
    // EOI payments have one screen, under /settings/leads; following this link switches to the Settings sidebar.
    navLink('EOI Payments', '/settings/leads/EoiPayments', sidebarRules.eoiPayments),
    placeholderScreen('/sales/eoi/bulkdeals', 'Bulk Deals', 'Matches the paid EOIs of a launch, in token order, to available units, previews conflicts and turns them into reservations in one go.', { visible: sidebarRules.bulkDeals }),
  ],
  pages: [
    // /sales/eoi/view: a sidebar target with no route in the spec, the same EOI view.
    eoi.view('One expression of interest with its preferences, payments, priority token and status history.', { path: '/sales/eoi/list/view', aliases: ['/sales/eoi/view'] }),
    setups.view('One EOI launch setup with its window, amounts per unit type and limits.'),
    placeholderScreen('/sales/eoi/setup/create/amount', 'EOI Setup Amounts', 'Sets the EOI amount for each unit type of a launch being set up.'),
  ],
};
