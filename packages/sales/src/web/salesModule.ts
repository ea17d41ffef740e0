import { domainModule, type DomainModule } from '@propdesk/shell-ui';
import { contractScreens } from './contracts/contractScreens.js';
import { customerScreens } from './customers/customerScreens.js';
import { eoiScreens } from './eoi/eoiScreens.js';
import { holdRequestScreens } from './holdRequests/holdRequestScreens.js';
import { leadScreens } from './leads/leadScreens.js';
import { paymentScreens } from './payments/paymentScreens.js';
import { receiptScreens } from './receipts/receiptScreens.js';
import { reservationScreens } from './reservations/reservationScreens.js';
import { boardScreens } from './board/boardScreens.js';

/**
 * The sales domain: leads, EOI, customers, reservations, contracts, hold requests, and the
 * payment, receipt and bounced-cheque screens (sales records the spec shows in Settings mode).
 * Users (Sales sidebar order 6) are contributed by @propdesk/settings.
 */
export const salesModule: DomainModule = domainModule({
  id: 'sales',
  modePrefixes: [
    { prefix: '/sales', mode: 'sales' },
    { prefix: '/Reservations', mode: 'sales' },
    // Sales sidebar items whose spec paths start with /settings: longer than the settings
    // module's '/settings', so the sidebar stays in Sales mode on them.
    { prefix: '/settings/leads/Customers', mode: 'sales' },
    { prefix: '/settings/leads/CreateCustomer', mode: 'sales' },
    { prefix: '/settings/leads/holdRequests', mode: 'sales' },
    { prefix: '/settings/leads/holdRequestSetUp', mode: 'sales' },
    { prefix: '/settings/leads/reservationSetup', mode: 'sales' },
    { prefix: '/settings/leads/discountAuthority', mode: 'sales' },
    // Receipt screens are Settings-mode (spec section 2, sidebar).
    { prefix: '/receipt', mode: 'settings' },
  ],
  sections: [leadScreens, eoiScreens, customerScreens, reservationScreens, contractScreens, holdRequestScreens, boardScreens, paymentScreens, receiptScreens],
});
