import { linksOf, recordLink, screenLinks } from '@propdesk/records/model';
import { cheques } from './definition.js';

/** The cheque register (`/settings/leads/Cheques`): a cheque's view. */
export const chequeLinks = linksOf(cheques);
/** The same register as Bounced Cheques (read on bouncedCheques), and the spec's view of one there (`/view?record=`): the link notifications carry. */
export const bouncedChequeLinks = screenLinks('/settings/leads/BouncedCheques');
export const BOUNCED_CHEQUE_VIEW_ROUTE = `${bouncedChequeLinks.route}/view`;
export const bouncedChequeLink = (id: string) => recordLink(BOUNCED_CHEQUE_VIEW_ROUTE, id);
