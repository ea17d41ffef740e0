import { linksOf, withQuery } from '@propdesk/records/model';
import { eois } from './definition.js';

/** The EOI create form, under the EOI group rather than the list. */
export const EOI_CREATE_ROUTE = '/sales/eoi/create';
/** EOIs (`/sales/eoi/list`): an EOI's view, the create form. */
export const eoiLinks = linksOf(eois, EOI_CREATE_ROUTE);
/** The spec's view of one EOI (`/list/view?id=`), the list's view under another name. */
export const EOI_VIEW_ROUTE = `${eoiLinks.route}/view`;
export const eoiLink = (id: string) => withQuery(EOI_VIEW_ROUTE, { id });
