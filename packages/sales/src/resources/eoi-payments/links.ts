import { linksOf, withQuery } from '@propdesk/records/model';
import { eoiPayments } from './definition.js';

/** EOI payments (`/settings/leads/EoiPayments`): a payment's view, the create form (`?eoi=` names its EOI). */
export const eoiPaymentLinks = linksOf(eoiPayments);
/** The spec's view of one payment (`/view?id=`), the list's view under another name: the link notifications carry. */
export const EOI_PAYMENT_VIEW_ROUTE = `${eoiPaymentLinks.route}/view`;
export const eoiPaymentLink = (id: string) => withQuery(EOI_PAYMENT_VIEW_ROUTE, { id });
