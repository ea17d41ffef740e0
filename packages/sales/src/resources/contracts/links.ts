import { linksOf, screenLinks } from '@propdesk/records/model';
import { contracts } from './definition.js';

/** Contracts (`/sales/contracts`): a contract's view, the create form. */
export const contractLinks = linksOf(contracts);
/**
 * A broker's view, a screen of @propdesk/settings (its `brokers` definition's route). Sales may not
 * import settings (docs/architecture.md): the web app's screenLinks test checks this route is settings' own.
 */
export const brokerLinks = screenLinks('/settings/leads/brokers');
