import type { UnlistedScreens } from '@propdesk/shell-ui';
import { eoiPaymentPages } from '../eoi/eoiPaymentScreens.js';
import { reservationPaymentPages } from '../reservations/reservationPaymentScreens.js';
import { contractPaymentPages } from '../contracts/contractPaymentScreens.js';

/**
 * Payments are sales records (domain.md), so their screens live here, but the spec places them
 * under /settings/leads and in the Settings sidebar (the settings Leads group links to them).
 * Unguarded, as the spec shows them; placeholders until their issue is built.
 */
export const paymentScreens: UnlistedScreens = {
  trail: ['Settings', 'Leads'],
  pages: [
    ...eoiPaymentPages,
    ...reservationPaymentPages,
    ...contractPaymentPages,
  ],
};
