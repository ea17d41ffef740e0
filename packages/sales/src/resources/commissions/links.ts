import { linksOf, recordLink, withQuery } from '@propdesk/records/model';
import { commissions } from './definition.js';

/** Broker commissions (`/sales/contracts/commissions`): a line's view (the server writes them: no create form). */
export const commissionLinks = linksOf(commissions);
/** The spec's view of one line (`/view?record=`), the list's view under another name: notifications and the statement link there. */
export const COMMISSION_VIEW_ROUTE = `${commissionLinks.route}/view`;
export const commissionViewLink = (id: string) => recordLink(COMMISSION_VIEW_ROUTE, id);
/** A broker's statement, of one broker (`?broker=`) or to choose one. */
export const BROKER_STATEMENT_ROUTE = `${commissionLinks.route}/statement`;
export const brokerStatementLink = (broker?: string) => withQuery(BROKER_STATEMENT_ROUTE, broker ? { broker } : undefined);
