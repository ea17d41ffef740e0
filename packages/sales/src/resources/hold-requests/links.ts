import { linksOf, withQuery } from '@propdesk/records/model';
import { holdRequestSetups } from '../../model/definitions.js';
import { holdRequests } from './definition.js';

/** Hold requests (`/settings/leads/holdRequests`, Sales mode): a request's view, the create form. */
export const holdLinks = linksOf(holdRequests);
/** The spec's view of one request (`/view?id=`), the list's view under another name: the link notifications carry. */
export const HOLD_VIEW_ROUTE = `${holdLinks.route}/view`;
export const holdLink = (id: string) => withQuery(HOLD_VIEW_ROUTE, { id });
/** Each project's hold rules (`/settings/leads/holdRequestSetUp`). */
export const holdSetupLinks = linksOf(holdRequestSetups);
